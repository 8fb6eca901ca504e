// Handlers for the queue: adding, listing, reviewing, removing and retrying jobs.
import type { Handlers } from '../../../common/ipc/bridge';
import { photoUrl } from '../../../common/ipc/channels';
import type { RootSummary } from '../../../common/ipc/views';
import type { AddSummary } from '../../../common/engine-status';
import { addPaths } from '../../engine/add-paths';
import { AppError } from '../../ipc/app-error';
import type { Desk } from '../backend-state';

type JobHandlers = Pick<
  Handlers,
  | 'addPaths'
  | 'addFolders'
  | 'queryJobs'
  | 'jobDetail'
  | 'listRoots'
  | 'retryFailed'
  | 'remove'
  | 'review'
>;

/** Without an engine (no service yet) files still go into the queue; they are sent later. */
async function add(desk: Desk, paths: readonly string[]): Promise<AddSummary> {
  const summary = await desk.use(() =>
    desk.engine ? desk.engine.addPaths(paths) : addPaths(desk.store, paths),
  );
  // New rows and possibly new roots: the window reloads its table and route list.
  desk.hub.markAppChanged();
  desk.hub.statusChanged(desk.status());
  return summary;
}

export function listRoots(desk: Desk): RootSummary[] {
  return desk.store.roots
    .list()
    .map((root) => ({ ...root, counts: desk.store.jobs.counts(root.id) }));
}

const IN_FLIGHT = new Set(['uploading', 'submitted']);

export function jobHandlers(desk: Desk): JobHandlers {
  return {
    addPaths: ({ paths }) => add(desk, paths),

    async addFolders() {
      const chosen = await desk.os.chooseFolders();
      if (!chosen || chosen.length === 0) return { canceled: true };
      return { canceled: false, summary: await add(desk, chosen) };
    },

    queryJobs: (query) => desk.use(() => desk.store.queries.page(query)),

    jobDetail: ({ id }) =>
      desk.use(() => {
        const job = desk.store.jobs.get(id);
        if (!job) throw new AppError('not_found', 'This photo is no longer in the list.');
        return {
          job,
          events: desk.store.jobs.events(id),
          root: desk.store.roots.get(job.rootId) ?? null,
          photoUrl: job.state === 'rejected' || job.format === null ? null : photoUrl(id),
        };
      }),

    listRoots: () => desk.use(() => listRoots(desk)),

    retryFailed: ({ ids }) =>
      desk.use(() => {
        const store = desk.store;
        const targets = ids ?? [...store.queries.iterate({ filter: 'failed' })].map((j) => j.id);
        const retried = desk.engine
          ? desk.engine.retryFailed(targets)
          : store.jobs.retryFailed(targets);
        desk.hub.jobsChanged(targets);
        desk.hub.statusChanged(desk.status());
        return { retried };
      }),

    remove: ({ ids }) =>
      desk.use(() => {
        const store = desk.store;
        const kept = ids.filter((id) => IN_FLIGHT.has(store.jobs.get(id)?.state ?? '')).length;
        const removed = desk.engine
          ? desk.engine.remove(ids)
          : store.jobs.remove(ids.filter((id) => !IN_FLIGHT.has(store.jobs.get(id)?.state ?? '')));
        desk.hub.jobsChanged(ids);
        desk.hub.statusChanged(desk.status());
        return { removed, kept };
      }),

    review: (request) =>
      desk.use(() => {
        const { id } = request;
        const job = desk.store.jobs.get(id);
        if (!job) throw new AppError('not_found', 'This photo is no longer in the list.');
        if (job.state !== 'done') {
          throw new AppError('invalid_request', 'Only finished readings can be reviewed.');
        }
        const action = request.action === 'accept' ? 'accepted' : 'corrected';
        const reading = request.action === 'correct' ? request.reading : null;
        const engine = desk.engine;
        const ok = engine
          ? engine.review(id, action, reading)
          : desk.store.jobs.review(id, action, reading);
        if (!engine) desk.hub.jobsChanged([id]);
        desk.hub.statusChanged(desk.status());
        const updated = desk.store.jobs.get(id);
        if (!ok || !updated)
          throw new AppError('not_found', 'This photo is no longer in the list.');
        return updated;
      }),
  };
}
