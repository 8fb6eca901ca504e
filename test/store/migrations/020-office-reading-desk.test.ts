// Migration 020 on a queue written by schema 19: every row means the same after (office_desk is
// NULL: each photo this desk's own), a reading this desk finishes still enters the outbox, and a
// reading taken from another desk of the office does not.
import { expect, it } from 'vitest';
import { addNamedJob, olderQueues, publishAs, rowsOf, type OlderQueue } from './older-queue';

const olderQueue = olderQueues();

function finish(q: OlderQueue, id: number, at: string, desk: string | null): void {
  q.db
    .prepare(
      `UPDATE jobs SET state = 'done', final_reading = '00123', result_source = 'fresh',
         office_desk = ?, updated_at = ? WHERE id = ?`,
    )
    .run(desk, at, id);
}

it('020 keeps every row, publishes this desk’s readings and not those taken from the office', () => {
  const q = olderQueue(19);
  const root = q.addRoot('/photos');
  addNamedJob(q, root, 'done.jpg', 'done');
  const own = addNamedJob(q, root, 'own.jpg', 'submitted');
  const taken = addNamedJob(q, root, 'taken.jpg', 'queued');
  publishAs(q, 'ben@pc2');
  const jobs = rowsOf(q.db, 'jobs');
  expect(q.migrateTo(20)).toBe(20);
  expect(rowsOf(q.db, 'jobs', ['office_desk'])).toEqual(jobs);
  expect(q.db.prepare('SELECT DISTINCT office_desk FROM jobs').all()).toEqual([
    { office_desk: null },
  ]);

  finish(q, own, '2026-11-21T09:00:00.000Z', null);
  finish(q, taken, '2026-11-21T09:00:01.000Z', 'anna@pc1');
  const keys = q.db.prepare('SELECT idem_key FROM office_outbox').pluck().all();
  expect(keys).toEqual([`ben@pc2:reading:${String(own)}:2026-11-21T09:00:00.000Z`]);
  // The entry is dropped, not the job's update: both are done, and counted so.
  const done = q.db.prepare(`SELECT SUM(n) FROM job_counts WHERE state = 'done'`).pluck().get();
  expect(done).toBe(3);
});
