import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../main/store/store';
import { tempDir } from '../helpers/tmp';

// Two connections on one real file, as the window and a `meter-desk run` that owns the queue:
// the window decides a photo may go, the run starts uploading it, then the window's DELETE runs.
let window: Store;
let run: Store;
let cleanup: () => void;
let rootId: number;

beforeEach(() => {
  const t = tempDir();
  cleanup = t.cleanup;
  const file = join(t.dir, 'q.sqlite');
  window = openStore(file);
  run = openStore(file);
  rootId = window.roots.ensure('/photos', 'folder').id;
});
afterEach(() => {
  window.close();
  run.close();
  cleanup();
});

function addPhoto(name: string): number {
  window.jobs.insertScanned([
    {
      rootId,
      path: `/photos/${name}`,
      relPath: name,
      size: 1000,
      mtimeMs: 1,
      accepted: { sha256: name, format: 'jpeg' },
      rejected: null,
    },
  ]);
  const id = window.queries.page({ search: name }).rows[0]?.id;
  if (id === undefined) throw new Error(`${name} was not added`);
  return id;
}

it('a photo the other process started uploading after the check is kept, not deleted', () => {
  const id = addPhoto('a.jpg');
  const done = addPhoto('b.jpg');
  window.jobs.markUploading([done]);
  window.jobs.fail([done], 'ai_failed', 'could not read');
  // The window sees a queued photo it may remove...
  expect(window.jobs.get(id)?.state).toBe('queued');
  // ...the run picks it up in between...
  expect(run.jobs.markUploading([id])).toEqual([id]);
  // ...and the window's delete leaves the job in flight alone.
  expect(window.jobs.remove([id, done, 999])).toEqual({ removed: 1, kept: 1 });
  expect(run.jobs.get(id)?.state).toBe('uploading');
  expect(run.jobs.get(done)).toBeUndefined();
});

it('a job waiting on its task at the service is kept', () => {
  const id = addPhoto('a.jpg');
  run.jobs.markUploading([id]);
  run.jobs.markSubmitted([
    {
      id,
      submission: {
        taskId: 't-1',
        batchId: null,
        batchIndex: null,
        business: null,
        remoteStatus: 'queued',
        remoteCreatedAt: null,
        nextAttemptAt: 0,
      },
    },
  ]);
  expect(window.jobs.remove([id])).toEqual({ removed: 0, kept: 1 });
  expect(window.jobs.jobsOfTask('t-1').map((j) => j.id)).toEqual([id]);
});
