import { afterEach, expect, it } from 'vitest';
import { migrate } from '../../../main/store/migrate';
import { MIGRATIONS } from '../../../main/store/migrations';
import { olderQueue, type OlderQueue } from './older-queue';

let queue: OlderQueue | undefined;
afterEach(() => {
  queue?.remove();
});

it('004 adds the AI version of a reading, empty for the readings already there', () => {
  const { db } = (queue = olderQueue(3));
  const now = '2026-11-21T00:00:00.000Z';
  const root = db.prepare(`INSERT INTO roots (path, kind, added_at) VALUES ('/a', 'folder', ?)`);
  const rootId = Number(root.run(now).lastInsertRowid);
  db.prepare(
    `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, state, final_reading,
       is_latest_ai_version, created_at, updated_at) VALUES (?, '/a/1.jpg', '1.jpg', 1, 0,
       'done', '00012.345', 1, ?, ?)`,
  ).run(rootId, now, now);
  expect(migrate(db, MIGRATIONS, 4)).toBe(4);
  expect(db.prepare(`SELECT final_reading, ai_version FROM jobs`).all()).toEqual([
    { final_reading: '00012.345', ai_version: null },
  ]);
});
