// Migration 021 on a queue written by schema 20: every row means the same after; a photo that
// fails while the queue publishes enters the outbox as a failed reading (its claim is given back
// when it is published), once; one that waited for another desk's reading does not.
import { expect, it } from 'vitest';
import { addNamedJob, olderQueues, publishAs, rowsOf, type OlderQueue } from './older-queue';

const olderQueue = olderQueues();

function fail(q: OlderQueue, id: number, at: string): void {
  q.db
    .prepare(
      `UPDATE jobs SET state = 'failed', failure_kind = 'ai_error', result_source = 'failed',
         updated_at = ? WHERE id = ?`,
    )
    .run(at, id);
}

it('021 puts a photo that failed while the queue publishes into the outbox, once', () => {
  const q = olderQueue(20);
  const root = q.addRoot('/photos');
  addNamedJob(q, root, 'done.jpg', 'done');
  const own = addNamedJob(q, root, 'own.jpg', 'submitted');
  const waiting = addNamedJob(q, root, 'waiting.jpg', 'submitted');
  q.db.prepare(`UPDATE jobs SET office_desk = 'ben@pc2' WHERE id = ?`).run(waiting);
  publishAs(q, 'anna@pc1');
  const jobs = rowsOf(q.db, 'jobs');
  expect(q.migrateTo(21)).toBe(21);
  expect(rowsOf(q.db, 'jobs')).toEqual(jobs);
  expect(rowsOf(q.db, 'office_outbox')).toEqual([]);

  fail(q, own, '2026-11-21T09:00:00.000Z');
  fail(q, waiting, '2026-11-21T09:00:01.000Z');
  // A later write to the same failed job is not a second failure.
  q.db.prepare(`UPDATE jobs SET updated_at = 'x' WHERE id = ?`).run(own);
  const entries = q.db
    .prepare<[], { idem_key: string; kind: string; payload: string }>(
      'SELECT idem_key, kind, payload FROM office_outbox',
    )
    .all();
  expect(entries.map((e) => [e.idem_key, e.kind])).toEqual([
    [`anna@pc1:failed:${String(own)}:2026-11-21T09:00:00.000Z`, 'reading'],
  ]);
  expect(JSON.parse(entries[0]?.payload ?? '{}')).toMatchObject({
    jobId: own,
    sha256: 'own.jpg'.padEnd(64, '0'),
    status: 'failed',
    reading: null,
    toReview: false,
  });
});
