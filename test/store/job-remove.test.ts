import { join } from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../main/store/store';
import { tempDir } from '../helpers/tmp';
import { scannedPhoto, singleTask } from './queue-fixture';
import { quotedMessage } from '../../common/job-messages';

// Two connections on one real file, as the window and a `meter-desk run` that owns the queue:
// the window decides a photo may go, the run starts uploading it, then the window's DELETE runs.
const t = tempDir();
const file = join(t.dir, 'q.sqlite');
const window: Store = openStore(file);
const run: Store = openStore(file);
const rootId = window.roots.ensure('/photos', 'folder').id;
afterEach(() => {
  window.db.exec('DELETE FROM jobs');
});
afterAll(() => {
  window.close();
  run.close();
  t.cleanup();
});

function addPhoto(name: string): number {
  window.jobs.insertScanned([scannedPhoto(rootId, name)]);
  const id = window.queries.page({ search: name }).rows[0]?.id;
  if (id === undefined) throw new Error(`${name} was not added`);
  return id;
}

it('a photo the other process started uploading after the check is kept, not deleted', () => {
  const id = addPhoto('a.jpg');
  const failed = addPhoto('b.jpg');
  window.jobs.markUploading([failed]);
  window.jobs.fail([failed], 'ai_failed', quotedMessage('could not read'));
  // The window sees a queued photo it may remove...
  expect(window.jobs.get(id)?.state).toBe('queued');
  // ...the run picks it up in between...
  expect(run.jobs.markUploading([id])).toEqual([id]);
  // ...and the window's delete leaves the job in flight alone.
  expect(window.jobs.remove([id, failed, 999])).toEqual({ removed: 1, kept: 1 });
  expect(run.jobs.get(id)?.state).toBe('uploading');
  expect(run.jobs.get(failed)).toBeUndefined();
});

it('a job waiting on its task at the service is kept', () => {
  const id = addPhoto('c.jpg');
  run.jobs.markUploading([id]);
  run.jobs.markSubmitted([{ id, submission: singleTask('t-1') }]);
  expect(window.jobs.remove([id])).toEqual({ removed: 0, kept: 1 });
  expect(window.jobs.jobsOfTask('t-1').map((j) => j.id)).toEqual([id]);
});
