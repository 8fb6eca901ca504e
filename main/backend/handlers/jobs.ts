// Handlers for the queue: adding, listing, reviewing, removing and retrying jobs.
import type { BackendHandlers } from '../backend';
import { photoUrl } from '../../../common/ipc/channels';
import type { RootSummary } from '../../../common/ipc/views';
import type { AddSummary } from '../../../common/engine-status';
import { AppError } from '../../ipc/app-error';
import { readingInputText } from '../../../common/billing/reading-input';
import { readingForMeter } from '../../billing/typed-reading';
import type { BackendState } from '../backend-state';

type JobHandlers = Pick<
  BackendHandlers,
  | 'addPaths'
  | 'queryJobs'
  | 'jobDetail'
  | 'listRoots'
  | 'retryFailed'
  | 'remove'
  | 'review'
  | 'undoReview'
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
function pushChanged(state: BackendState, ids: readonly number[]): void {
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
        if (!job) throw new AppError('not_found', 'This photo is no longer in the list.');
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

    review: (request) =>
      state.use(() => {
        const { id } = request;
        const job = state.store.jobs.get(id);
        if (!job) throw new AppError('not_found', 'This photo is no longer in the list.');
        if (job.state !== 'done') {
          throw new AppError('invalid_request', 'Only finished readings can be reviewed.');
        }
        const action = request.action === 'accept' ? 'accepted' : 'corrected';
        const typed =
          request.action === 'correct'
            ? readingForMeter(state.store, job.meterId, request.reading)
            : null;
        if (typed && !typed.ok)
          throw new AppError('invalid_request', readingInputText(typed.problem));
        const reading = typed ? typed.reading : null;
        const ok = state.actions.review(id, action, reading);
        pushChanged(state, [id]);
        const updated = state.store.jobs.get(id);
        if (!ok || !updated)
          throw new AppError('not_found', 'This photo is no longer in the list.');
        return updated;
      }),

    undoReview: (request) =>
      state.use(() => {
        const { id, undo, restore } = request;
        const job = state.store.jobs.get(id);
        if (!job) throw new AppError('not_found', 'This photo is no longer in the list.');
        const ok = state.actions.undoReview(id, undo, restore);
        if (!ok) {
          throw new AppError(
            'invalid_request',
            'Nothing to undo: this reading was reviewed again or is no longer finished.',
          );
        }
        pushChanged(state, [id]);
        const updated = state.store.jobs.get(id);
        if (!updated) throw new AppError('not_found', 'This photo is no longer in the list.');
        return updated;
      }),
  };
}
