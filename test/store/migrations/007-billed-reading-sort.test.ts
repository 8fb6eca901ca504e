import { expect, it } from 'vitest';
import { BILLED_READING_SQL } from '../../../main/store/billed-reading-sql';
import { AT, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();

it('007 sorts the readings already there by the billed reading as a number, from an index', () => {
  const { db, addRoot, migrateTo } = olderQueue(6);
  const rootId = addRoot('/a');
  const job = db.prepare(
    `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, final_reading,
       review_action, reviewed_reading, created_at, updated_at)
     VALUES (?, ?, ?, 1, 0, 'done', ?, ?, ?, ?, ?)`,
  );
  job.run(rootId, '/a/1.jpg', '1.jpg', '000009.662', null, null, AT, AT);
  job.run(rootId, '/a/2.jpg', '2.jpg', '00002.33', null, null, AT, AT);
  job.run(rootId, '/a/3.jpg', '3.jpg', '00050.000', 'corrected', '00001.500', AT, AT);
  job.run(rootId, '/a/4.jpg', '4.jpg', '00004.000', 'accepted', null, AT, AT);
  const before = rowsOf(db, 'jobs');

  expect(migrateTo(7)).toBe(7);
  expect(rowsOf(db, 'jobs')).toEqual(before);
  const sorted = `SELECT rel_path FROM jobs WHERE 1 = 1 ORDER BY ${BILLED_READING_SQL} ASC, id`;
  expect(
    db
      .prepare<[], { rel_path: string }>(sorted)
      .all()
      .map((r) => r.rel_path),
  ).toEqual(['3.jpg', '2.jpg', '4.jpg', '1.jpg']);
  const plan = db
    .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${sorted} LIMIT 60 OFFSET 50000`)
    .all()
    .map((r) => r.detail)
    .join('; ');
  expect(plan).toMatch(/USING INDEX jobs_sort_billed_reading/);
  expect(plan).not.toMatch(/TEMP B-TREE/);
});
