// Migration 019 on a queue written by schema 18: readings finished before it are not published
// after the fact by the trigger; a job finishing after it enters the outbox, once, with its
// reading, and only while the queue publishes (a row in office_desk).
import { expect, it } from 'vitest';
import { addNamedJob, AT, olderQueues, publishAs, rowsOf, type OlderQueue } from './older-queue';

const olderQueue = olderQueues();

/** Finished by an older AI version: to review (the generated column, read through the trigger). */
function finish(q: OlderQueue, id: number, at: string): void {
  q.db
    .prepare(
      `UPDATE jobs SET state = 'done', final_reading = '00123', result_source = 'ai',
         is_latest_ai_version = 0, updated_at = ? WHERE id = ?`,
    )
    .run(at, id);
}

it('019 puts a reading finished while the queue publishes into the outbox, once', () => {
  const q = olderQueue(18);
  const root = q.addRoot('/photos');
  addNamedJob(q, root, 'before.jpg', 'done');
  const later = addNamedJob(q, root, 'later.jpg', 'submitted');
  publishAs(q, 'anna@pc1');
  const jobs = rowsOf(q.db, 'jobs');
  expect(q.migrateTo(19)).toBe(19);
  expect(rowsOf(q.db, 'jobs')).toEqual(jobs);
  expect(rowsOf(q.db, 'office_outbox')).toEqual([]);

  finish(q, later, '2026-11-21T09:00:00.000Z');
  // A later write to the same finished job (a review, a recount) is not a new reading.
  q.db.prepare(`UPDATE jobs SET updated_at = 'x' WHERE id = ?`).run(later);
  const entries = q.db
    .prepare<[], { idem_key: string; kind: string; payload: string }>(
      'SELECT idem_key, kind, payload FROM office_outbox',
    )
    .all();
  expect(entries.map((e) => [e.idem_key, e.kind])).toEqual([
    [`anna@pc1:reading:${String(later)}:2026-11-21T09:00:00.000Z`, 'reading'],
  ]);
  expect(JSON.parse(entries[0]?.payload ?? '{}')).toEqual({
    jobId: later,
    sha256: 'later.jpg'.padEnd(64, '0'),
    fileName: 'later.jpg',
    status: 'finished',
    reading: '00123',
    resultSource: 'ai',
    toReview: true,
    taskId: 't',
    aiVersion: null,
    readAt: null,
    meterNumber: null,
  });
});

it('019 keeps nothing while the queue does not publish', () => {
  const q = olderQueue(19);
  const id = addNamedJob(q, q.addRoot('/photos'), 'a.jpg', 'submitted');
  finish(q, id, AT);
  expect(rowsOf(q.db, 'office_outbox')).toEqual([]);
});
