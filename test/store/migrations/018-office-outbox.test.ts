// Migration 018 on a queue written by schema 17: the office outbox and the desk row arrive empty
// (a desk publishes only once told to), and the queue's jobs are untouched.
import { expect, it } from 'vitest';
import { AT, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();

it('018 adds an empty office outbox and leaves the jobs as they were', () => {
  const q = olderQueue(17);
  const root = q.addRoot('/photos');
  q.db
    .prepare(
      `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, sha256, state, final_reading,
         created_at, updated_at) VALUES (?, '/photos/a.jpg', 'a.jpg', 1, 0, ?, 'done', '00042', ?, ?)`,
    )
    .run(root, 'a'.repeat(64), AT, AT);
  const jobs = rowsOf(q.db, 'jobs');
  expect(q.migrateTo(18)).toBe(18);
  expect(rowsOf(q.db, 'jobs')).toEqual(jobs);
  expect(rowsOf(q.db, 'office_outbox')).toEqual([]);
  expect(rowsOf(q.db, 'office_desk')).toEqual([]);
  // One desk row at most.
  const desk = q.db.prepare(
    `INSERT INTO office_desk (one, desk, clerk, since) VALUES (?, 'd', 'c', ?)`,
  );
  desk.run(1, AT);
  expect(() => desk.run(2, AT)).toThrow();
});
