import { expect, it } from 'vitest';
import { openDatabase } from '../../../main/store/db';
import { schemaVersion } from '../../../main/store/migrate';
import { MIGRATIONS } from '../../../main/store/migrations';
import { olderQueues } from './older-queue';

const olderQueue = olderQueues();

it('001 creates the queue schema and records user_version 1 in a real file', () => {
  const q = olderQueue(0);
  expect(schemaVersion(q.db)).toBe(0);
  expect(q.migrateTo(1)).toBe(1);
  const tables = q.db
    .prepare<[], { name: string }>(
      `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`,
    )
    .all()
    .map((r) => r.name);
  expect(tables).toEqual(['job_events', 'jobs', 'roots', 'settings']);
  const rootId = q.addRoot('/a');
  q.db.close();
  // Re-opening brings it up to date; the folder added at schema 1 is still there.
  const again = openDatabase(q.file);
  expect(schemaVersion(again)).toBe(MIGRATIONS.length);
  expect(again.pragma('journal_mode', { simple: true })).toBe('wal');
  expect(again.prepare('SELECT id, path FROM roots').all()).toEqual([{ id: rootId, path: '/a' }]);
  again.close();
});
