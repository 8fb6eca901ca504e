import { expect, it } from 'vitest';
import { openStore } from '../../../main/store/store';
import { AT, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();

it('008 drops needs_review and its index; the jobs, the review queue and its counts stay', () => {
  const q = olderQueue(7);
  const rootId = q.addRoot('/a');
  const job = q.db.prepare(
    `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, final_reading,
       result_source, is_latest_ai_version, plausibility, created_at, updated_at)
     VALUES (?, ?, ?, 1, 0, ?, ?, ?, ?, ?, ?, ?)`,
  );
  job.run(rootId, '/a/stale.jpg', 'stale.jpg', 'done', '1', 'cached_stale', 1, null, AT, AT);
  job.run(rootId, '/a/flagged.jpg', 'flagged.jpg', 'done', '2', 'fresh', 1, 'error', AT, AT);
  job.run(rootId, '/a/fine.jpg', 'fine.jpg', 'done', '3', 'fresh', 1, 'ok', AT, AT);
  job.run(rootId, '/a/queued.jpg', 'queued.jpg', 'queued', null, null, null, null, AT, AT);
  const before = rowsOf(q.db, 'jobs', ['needs_review']);
  const counts = rowsOf(q.db, 'job_counts');

  expect(q.migrateTo(8)).toBe(8);
  const columns = q.db
    .prepare<[], { name: string }>(`SELECT name FROM pragma_table_xinfo('jobs')`)
    .all()
    .map((c) => c.name);
  expect(columns).not.toContain('needs_review');
  expect(columns).toContain('to_review');
  expect(q.db.prepare(`SELECT name FROM sqlite_master WHERE name = 'jobs_review'`).all()).toEqual(
    [],
  );
  expect(rowsOf(q.db, 'jobs')).toEqual(before);
  expect(rowsOf(q.db, 'job_counts')).toEqual(counts);
  q.db.close();

  // Today's store reads it: the review queue and its count, and the count triggers still work.
  const store = openStore(q.file);
  try {
    expect(store.queries.page({ filter: 'to_review' }).rows.map((j) => j.relPath)).toEqual([
      'stale.jpg',
      'flagged.jpg',
    ]);
    expect(store.jobs.counts()).toMatchObject({ done: 3, queued: 1, photosToReview: 2, total: 4 });
    const fine = store.queries.page({ search: 'fine' }).rows[0]?.id ?? -1;
    expect(store.jobs.review(fine, 'accepted', null)).toBe(true);
    const stale = store.queries.page({ search: 'stale' }).rows[0]?.id ?? -1;
    expect(store.jobs.review(stale, 'accepted', null)).toBe(true);
    expect(store.jobs.counts()).toMatchObject({ photosToReview: 1 });
  } finally {
    store.close();
  }
});
