// Migration 014 on a queue written by schema 13: a not-checked reading (issue 22, item 1) joins
// the review queue and its counts; the rows and every other review state are as they were.
import { expect, it } from 'vitest';
import { openStore } from '../../../main/store/store';
import { AT, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();

it('014 counts not-checked readings as to review and keeps the rows', () => {
  const q = olderQueue(13);
  const rootId = q.addRoot('/a');
  const job = q.db.prepare(
    `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, final_reading,
       result_source, is_latest_ai_version, plausibility, created_at, updated_at)
     VALUES (?, ?, ?, 1, 0, ?, ?, ?, ?, ?, ?, ?)`,
  );
  job.run(
    rootId,
    '/a/unchecked.jpg',
    'unchecked.jpg',
    'done',
    '1',
    'fresh',
    1,
    'not_checked',
    AT,
    AT,
  );
  job.run(rootId, '/a/flagged.jpg', 'flagged.jpg', 'done', '2', 'fresh', 1, 'warning', AT, AT);
  job.run(rootId, '/a/fine.jpg', 'fine.jpg', 'done', '3', 'fresh', 1, 'ok', AT, AT);
  job.run(rootId, '/a/queued.jpg', 'queued.jpg', 'queued', null, null, null, null, AT, AT);
  // Schema 13 did not count the not-checked reading.
  expect(q.db.prepare('SELECT SUM(review) AS n FROM job_counts').get()).toEqual({ n: 1 });
  const before = rowsOf(q.db, 'jobs', ['to_review']);

  expect(q.migrateTo(14)).toBe(14);
  expect(rowsOf(q.db, 'jobs', ['to_review'])).toEqual(before);
  expect(q.db.prepare('SELECT SUM(review) AS n FROM job_counts').get()).toEqual({ n: 2 });
  q.db.close();

  // Today's store: the review queue holds both, and the count triggers follow a review.
  const store = openStore(q.file);
  try {
    expect(store.queries.page({ filter: 'to_review' }).rows.map((j) => j.relPath)).toEqual([
      'unchecked.jpg',
      'flagged.jpg',
    ]);
    expect(store.jobs.counts()).toMatchObject({ photosToReview: 2, total: 4 });
    const unchecked = store.queries.page({ search: 'unchecked' }).rows[0]?.id ?? -1;
    expect(store.jobs.review(unchecked, 'accepted', null)).toBe(true);
    expect(store.jobs.counts()).toMatchObject({ photosToReview: 1 });
  } finally {
    store.close();
  }
});
