// One accepted photo in a real queue, as the scanner adds it: for tests that need a job to hang
// messages or notes on.
import type { Store } from '../../main/store/store';

/** Adds /photos/a.jpg to `store` as a queued photo; its job id. */
export function queuedPhoto(store: Store): number {
  const root = store.roots.ensure('/photos', 'folder');
  store.jobs.insertScanned([
    {
      rootId: root.id,
      path: '/photos/a.jpg',
      relPath: 'a.jpg',
      size: 10,
      mtimeMs: 1,
      accepted: { sha256: 'a'.repeat(64), format: 'jpeg' },
      rejected: null,
    },
  ]);
  const id = store.jobs.dueUploads(Number.MAX_SAFE_INTEGER, 1)[0]?.id;
  if (id === undefined) throw new Error('no job');
  return id;
}
