// Migration 015 on a populated queue written by the schema before it: every row means what it
// meant (new columns aside), photos still queued count as not checked yet, so the next run with
// the quality check measures them before sending, and none of them is held.
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../main/store/store';
import { AT, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();
const NEW_COLUMNS = ['photo_check', 'hold_reason', 'photo_measures'];

describe('migration 015: photo checks before upload', () => {
  it('keeps every row; queued photos are to be checked, none held', () => {
    const q = olderQueue(14);
    const root = q.addRoot('/photos');
    const add = q.db.prepare(
      `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, sha256, state, created_at, updated_at)
       VALUES (?, ?, ?, 1, 0, ?, ?, ?, ?)`,
    );
    const states = ['queued', 'done', 'failed', 'queued'];
    states.forEach((state, i) => {
      add.run(
        root,
        `/photos/${String(i)}.jpg`,
        `${String(i)}.jpg`,
        `sha${String(i)}`,
        state,
        AT,
        AT,
      );
    });
    const before = rowsOf(q.db, 'jobs');

    expect(q.migrateTo(15)).toBe(15);
    expect(rowsOf(q.db, 'jobs', NEW_COLUMNS)).toEqual(before);
    q.db.close();

    const store = openStore(q.file);
    try {
      expect(store.jobs.uncheckedPhotos(10).map((p) => p.path)).toEqual([
        '/photos/0.jpg',
        '/photos/3.jpg',
      ]);
      expect(store.jobs.counts()).toMatchObject({ queued: 2, done: 1, failed: 1, held: 0 });
      expect(store.jobs.get(1)?.holdReason).toBeNull();
      // Sent unchecked while the check is off (an engine without it), held back while it is on.
      expect(store.jobs.dueUploads(Date.now(), 10)).toHaveLength(2);
      store.jobs.photoChecksFirst(true);
      expect(store.jobs.dueUploads(Date.now(), 10)).toHaveLength(0);
      expect(store.jobs.nextQueuedAt()).toBeNull();
    } finally {
      store.close();
    }
  });
});
