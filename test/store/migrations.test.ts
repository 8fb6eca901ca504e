import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/store/db';
import { migrate, schemaVersion, SchemaTooNewError } from '../../main/store/migrate';
import { MIGRATIONS } from '../../main/store/migrations';
import { tempDir } from '../helpers/tmp';

let cleanup = (): void => undefined;
afterEach(() => {
  cleanup();
});

function freshFile(): string {
  const t = tempDir();
  cleanup = t.cleanup;
  return join(t.dir, 'queue.sqlite');
}

describe('migrations', () => {
  it('are numbered 1..n without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('001 creates the queue schema and records user_version 1 in a real file', () => {
    const file = freshFile();
    const db = new Database(file);
    expect(schemaVersion(db)).toBe(0);
    expect(migrate(db, MIGRATIONS, 1)).toBe(1);
    const tables = db
      .prepare<[], { name: string }>(
        `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`,
      )
      .all()
      .map((r) => r.name);
    expect(tables).toEqual(['job_events', 'jobs', 'roots', 'settings']);
    const cols = db
      .prepare<[], { name: string }>(`SELECT name FROM pragma_table_xinfo('jobs')`)
      .all();
    expect(cols.map((c) => c.name)).toContain('needs_review');
    db.close();
    // Re-opening is idempotent: nothing re-runs, data survives.
    const again = openDatabase(file);
    expect(schemaVersion(again)).toBe(MIGRATIONS.length);
    expect(again.pragma('journal_mode', { simple: true })).toBe('wal');
    again.close();
  });

  it('a failing migration leaves the previous version intact', () => {
    const db = new Database(freshFile());
    const broken = [
      ...MIGRATIONS,
      { version: MIGRATIONS.length + 1, name: 'broken', up: 'CREATE TABLE x (; nonsense' },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    db.close();
  });

  it('refuses a database from a newer MeterDesk', () => {
    const file = freshFile();
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();
    expect(() => openDatabase(file)).toThrow(SchemaTooNewError);
  });
});
