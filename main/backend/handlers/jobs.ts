// Handlers for the queue: adding, listing, removing and retrying jobs (reviews: photo-reviews.ts).
import type { BackendHandlers } from '../backend';
import { photoUrl } from '../../../common/ipc/channels';
import type { RootSummary } from '../../../common/ipc/views';
import type { AddSummary } from '../../../common/engine-status';
import { AppError } from '../../ipc/app-error';
import { replyMessage } from '../../../common/reply-messages';
import type { BackendState } from '../backend-state';

type JobHandlers = Pick<
  BackendHandlers,
  'addPaths' | 'queryJobs' | 'jobDetail' | 'listRoots' | 'retryFailed' | 'remove'
>;

/** Without an engine (no service yet) files still go into the queue; they are sent later. */
async function add(state: BackendState, paths: readonly string[]): Promise<AddSummary> {
  const summary = await state.use(() => state.actions.addPhotos(paths));
  // New rows and possibly new roots: the window reloads its table and route list.
  state.hub.markAppChanged();
  state.hub.statusChanged(state.status());
  return summary;
}

export function listRoots(state: BackendState): RootSummary[] {
  return state.store.roots
    .list()
    .map((root) => ({ ...root, counts: state.store.jobs.counts(root.id) }));
}

/** Rows and counts changed: the window's table and status follow, engine or not. */
export function pushChanged(state: BackendState, ids: readonly number[]): void {
  state.hub.jobsChanged(ids);
  state.hub.statusChanged(state.status());
}

export function jobHandlers(state: BackendState): JobHandlers {
  return {
    addPaths: ({ paths }) => add(state, paths),

    queryJobs: (query) => state.use(() => state.store.queries.page(query)),

    jobDetail: ({ id }) =>
      state.use(() => {
        const job = state.store.jobs.get(id);
        if (!job) throw new AppError('not_found', replyMessage('photoGone', {}));
        return {
          job,
          events: state.store.jobs.events(id),
          root: state.store.roots.get(job.rootId) ?? null,
          photoUrl: job.state === 'rejected' || job.format === null ? null : photoUrl(id),
          copyOf: state.store.jobs.copyOf(job),
        };
      }),

    listRoots: () => state.use(() => listRoots(state)),

    retryFailed: ({ ids }) =>
      state.use(() => {
        const store = state.store;
        const targets = ids ?? [...store.queries.iterate({ filter: 'failed' })].map((j) => j.id);
        const retried = state.actions.retryFailed(targets);
        pushChanged(state, targets);
        return { retried };
      }),

    remove: ({ ids }) =>
      state.use(() => {
        const outcome = state.actions.remove(ids);
        pushChanged(state, ids);
        return outcome;
      }),
  };
}
