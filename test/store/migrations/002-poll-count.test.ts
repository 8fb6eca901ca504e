import { expect, it } from 'vitest';
import { AT, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();

it('002 adds a poll count of 0 to every job already there, each job otherwise as it was', () => {
  const q = olderQueue(1);
  const rootId = q.addRoot('/a');
  const job = q.db.prepare(
    `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, sha256, state, task_id,
       remote_status, final_reading, next_attempt_at, created_at, updated_at)
     VALUES (@rootId, @path, @path, 10, 5, @sha, @state, @taskId, @status, @reading, @next, @at, @at)`,
  );
  const add = (path: string, state: string, taskId: string | null, reading: string | null) =>
    job.run({
      rootId,
      path,
      sha: `sha-${path}`,
      state,
      taskId,
      status: taskId ? 'waiting_ai' : null,
      reading,
      next: taskId ? 1_700_000_000_000 : 0,
      at: AT,
    });
  add('a.jpg', 'queued', null, null);
  add('b.jpg', 'submitted', 't-1', null);
  add('c.jpg', 'done', 't-2', '00012.345');
  q.db
    .prepare(
      `INSERT INTO job_events (job_id, at, state, message) VALUES (2, ?, 'submitted', 'Submitted as task t-1 (single task)')`,
    )
    .run(AT);
  const jobs = rowsOf(q.db, 'jobs');
  const events = rowsOf(q.db, 'job_events');

  expect(q.migrateTo(2)).toBe(2);
  expect(rowsOf(q.db, 'jobs', ['poll_count'])).toEqual(jobs);
  expect(rowsOf(q.db, 'jobs').map((r) => r.poll_count)).toEqual([0, 0, 0]);
  expect(rowsOf(q.db, 'job_events')).toEqual(events);
  // The submitted task is still the one polled next, and counts its polls from here.
  q.db.prepare(`UPDATE jobs SET poll_count = poll_count + 1 WHERE task_id = 't-1'`).run();
  expect(q.db.prepare(`SELECT path, poll_count FROM jobs WHERE state = 'submitted'`).all()).toEqual(
    [{ path: 'b.jpg', poll_count: 1 }],
  );
});
