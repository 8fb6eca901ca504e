import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/store/db';
import { migrate, schemaVersion, SchemaTooNewError } from '../../../main/store/migrate';
import { MIGRATIONS } from '../../../main/store/migrations';
import { olderQueues } from './older-queue';

const olderQueue = olderQueues();

describe('migrations', () => {
  it('are numbered 1..n without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('each has a test file of its own here, NNN-*.test.ts, that migrates a populated older queue', () => {
    const tests = readdirSync(import.meta.dirname);
    for (const m of MIGRATIONS) {
      const nnn = String(m.version).padStart(3, '0');
      const own = tests.filter((f) => f.startsWith(`${nnn}-`) && f.endsWith('.test.ts'));
      expect(own, `test/store/migrations/${nnn}-*.test.ts for "${m.name}"`).not.toEqual([]);
    }
  });

  it('a failing migration leaves the previous version intact', () => {
    const q = olderQueue(MIGRATIONS.length);
    const broken = [
      ...MIGRATIONS,
      { version: MIGRATIONS.length + 1, name: 'broken', up: 'CREATE TABLE x (; nonsense' },
    ];
    expect(() => migrate(q.db, broken)).toThrow();
    expect(schemaVersion(q.db)).toBe(MIGRATIONS.length);
  });

  it('refuses a database from a newer MeterDesk', () => {
    const q = olderQueue(0);
    q.db.pragma('user_version = 99');
    q.db.close();
    expect(() => openDatabase(q.file)).toThrow(SchemaTooNewError);
  });
});
