import { expect, it } from 'vitest';
import { AT, olderQueues } from './older-queue';

const olderQueue = olderQueues();

it('004 adds the AI version of a reading, empty for the readings already there', () => {
  const { db, addRoot, migrateTo } = olderQueue(3);
  const rootId = addRoot('/a');
  db.prepare(
    `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, final_reading,
       is_latest_ai_version, created_at, updated_at) VALUES (?, '/a/1.jpg', '1.jpg', 1, 0,
       'done', '00012.345', 1, ?, ?)`,
  ).run(rootId, AT, AT);
  expect(migrateTo(4)).toBe(4);
  expect(db.prepare(`SELECT final_reading, ai_version FROM jobs`).all()).toEqual([
    { final_reading: '00012.345', ai_version: null },
  ]);
});
