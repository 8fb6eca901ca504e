import { expect, it } from 'vitest';
import { AT, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();

const NEW_JOB_COLUMNS = [
  'meter_id',
  'match_how',
  'read_at',
  'read_at_source',
  'read_at_note',
  'plausibility',
  'plausibility_detail',
  'to_review',
];

it('006 keeps every job, and its review queue holds the same photos as before', () => {
  const q = olderQueue(5);
  const a = q.addRoot('/a');
  const b = q.addRoot('/b');
  const job = q.db.prepare(
    `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, sha256, state, task_id,
       final_reading, result_source, is_latest_ai_version, ai_version, review_action,
       reviewed_reading, reviewed_at, error_message, failure_kind, created_at, updated_at)
     VALUES (@root, @path, @path, 1, 0, @path, @state, @task, @reading, @source, @latest, NULL,
       @review, @corrected, @reviewedAt, @error, @kind, @at, @at)`,
  );
  const none = { task: null, reading: null, source: null, latest: null, review: null };
  const rows = [
    { root: a, path: 'queued.jpg', state: 'queued', ...none },
    {
      root: a,
      path: 'stale.jpg',
      state: 'done',
      ...none,
      task: 't-1',
      reading: '00001.000',
      source: 'cached_stale',
      latest: 1,
    },
    {
      root: a,
      path: 'older-ai.jpg',
      state: 'done',
      ...none,
      task: 't-2',
      reading: '00002.000',
      source: 'fresh',
      latest: 0,
    },
    {
      root: b,
      path: 'fresh.jpg',
      state: 'done',
      ...none,
      task: 't-3',
      reading: '00003.000',
      source: 'fresh',
      latest: 1,
    },
    {
      root: b,
      path: 'unknown-ai.jpg',
      state: 'done',
      ...none,
      task: 't-4',
      reading: '00004.000',
      source: 'ai',
    },
    {
      root: b,
      path: 'corrected.jpg',
      state: 'done',
      ...none,
      task: 't-5',
      reading: '00005.000',
      source: 'cached_stale',
      latest: 1,
      review: 'corrected',
    },
    { root: b, path: 'failed.jpg', state: 'failed', ...none, task: 't-6' },
  ];
  for (const r of rows) {
    job.run({
      ...r,
      corrected: r.review ? '00005.500' : null,
      reviewedAt: r.review ? AT : null,
      error: r.state === 'failed' ? 'No meter dial found (ai_failed)' : null,
      kind: r.state === 'failed' ? 'ai_failed' : null,
      at: AT,
    });
  }
  const before = rowsOf(q.db, 'jobs');
  const review = (column: string): string[] =>
    q.db
      .prepare<[], { path: string }>(`SELECT path FROM jobs WHERE ${column} = 1 ORDER BY id`)
      .all()
      .map((r) => r.path);
  const countsBefore = rowsOf(q.db, 'job_counts');
  expect(review('needs_review')).toEqual(['stale.jpg', 'older-ai.jpg']);

  expect(q.migrateTo(6)).toBe(6);
  expect(rowsOf(q.db, 'jobs', NEW_JOB_COLUMNS)).toEqual(before);
  // Nothing has a plausibility yet, so the review queue is what it was.
  expect(review('to_review')).toEqual(['stale.jpg', 'older-ai.jpg']);
  expect(rowsOf(q.db, 'job_counts')).toEqual(countsBefore);
  expect(rowsOf(q.db, 'jobs').map((r) => r.meter_id ?? r.plausibility ?? r.read_at)).toEqual(
    rows.map(() => null),
  );
  expect(rowsOf(q.db, 'meters')).toEqual([]);

  // A rule's warning puts a read photo in the queue now, and the counts follow it.
  q.db.prepare(`UPDATE jobs SET plausibility = 'warning' WHERE path = 'fresh.jpg'`).run();
  expect(review('to_review')).toEqual(['stale.jpg', 'older-ai.jpg', 'fresh.jpg']);
  expect(
    q.db.prepare(`SELECT review FROM job_counts WHERE root_id = ? AND state = 'done'`).get(b),
  ).toEqual({ review: 1 });
});
