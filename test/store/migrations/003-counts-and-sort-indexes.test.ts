import { openDatabase } from '../../../main/store/db';
import { expect, it } from 'vitest';
import { migrate } from '../../../main/store/migrate';
import { MIGRATIONS } from '../../../main/store/migrations';
import { olderQueues } from './older-queue';

const olderQueue = olderQueues();

it('003 counts the jobs already there, and its triggers keep counting through every change', () => {
  const { db } = olderQueue(2);
  const now = '2026-11-21T00:00:00.000Z';
  const addRoot = db.prepare(`INSERT INTO roots (path, kind, added_at) VALUES (?, 'folder', ?)`);
  const a = Number(addRoot.run('/a', now).lastInsertRowid);
  const b = Number(addRoot.run('/b', now).lastInsertRowid);
  const addJob = db.prepare(
    `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, result_source,
       is_latest_ai_version, created_at, updated_at) VALUES (?, ?, ?, 1, 0, ?, ?, ?, ?, ?)`,
  );
  let n = 0;
  const job = (root: number, state: string, source: string | null = null, latest = 1): number =>
    Number(
      addJob.run(root, `/x/${++n}`, `${n}.jpg`, state, source, latest, now, now).lastInsertRowid,
    );
  job(a, 'queued');
  job(a, 'queued');
  const stale = job(a, 'done', 'cached_stale', 1); // needs review
  job(b, 'done', 'ai', 1);
  job(b, 'failed');
  const bySelect = (): unknown[] =>
    db
      .prepare(
        `SELECT root_id, state, COUNT(*) AS n, TOTAL(needs_review) AS review FROM jobs
          GROUP BY root_id, state HAVING n > 0 ORDER BY root_id, state`,
      )
      .all();
  const byTable = (): unknown[] =>
    db
      .prepare(
        `SELECT root_id, state, n, CAST(review AS REAL) AS review FROM job_counts
          WHERE n > 0 ORDER BY root_id, state`,
      )
      .all();

  expect(migrate(db, MIGRATIONS, 3)).toBe(3);
  expect(byTable()).toEqual(bySelect());
  expect(byTable()).toHaveLength(4);
  // Inserts, state changes, a review clearing the flag, a job moved between folders, a delete
  // and a folder removed with its jobs (cascade).
  const q = job(a, 'queued');
  db.prepare(`UPDATE jobs SET state = 'submitted' WHERE id = ?`).run(q);
  db.prepare(`UPDATE jobs SET review_action = 'accepted' WHERE id = ?`).run(stale);
  db.prepare(`UPDATE jobs SET root_id = ? WHERE id = ?`).run(b, q);
  expect(byTable()).toEqual(bySelect());
  db.prepare(`DELETE FROM jobs WHERE id = ?`).run(stale);
  db.pragma('foreign_keys = ON');
  db.prepare(`DELETE FROM roots WHERE id = ?`).run(b);
  expect(byTable()).toEqual(bySelect());
  expect(byTable()).toEqual([{ root_id: a, state: 'queued', n: 2, review: 0 }]);
});

it('003 lets a deep page of a sorted queue come from an index, not a sort of the table', () => {
  const db = openDatabase(olderQueue(0).file);
  for (const order of ['rel_path COLLATE NOCASE', 'state', 'final_reading', 'updated_at']) {
    const plan = db
      .prepare<[], { detail: string }>(
        `EXPLAIN QUERY PLAN SELECT * FROM jobs WHERE 1 = 1 ORDER BY ${order} ASC, id
          LIMIT 60 OFFSET 50000`,
      )
      .all()
      .map((r) => r.detail)
      .join('; ');
    expect(plan, order).toMatch(/USING INDEX jobs_sort_/);
    expect(plan, order).not.toMatch(/TEMP B-TREE/);
  }
  db.close();
});
