// The suite's new queues start as copies of one migrated once per run (test/helpers/
// queue-template-setup.ts): such a copy must be the queue the migrations make, and a queue file
// that exists must never be replaced by it.
import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, openDatabaseToRead, useNewQueueTemplate } from '../../main/store/db';
import { schemaVersion } from '../../main/store/migrate';
import { MIGRATIONS } from '../../main/store/migrations';
import { tempDir } from '../helpers/tmp';

let dir = '';
let cleanup = (): void => undefined;
let suiteTemplate: string | undefined;

beforeEach(() => {
  ({ dir, cleanup } = tempDir('meterdesk-template-'));
  suiteTemplate = useNewQueueTemplate(undefined);
});
afterEach(() => {
  useNewQueueTemplate(suiteTemplate);
  cleanup();
});

/** A queue migrated for real, closed, with `marker` in its settings when given. */
function migratedQueue(name: string, marker?: string): string {
  const file = join(dir, name);
  const db = openDatabase(file);
  if (marker) db.prepare(`INSERT INTO settings (key, value) VALUES ('marker', ?)`).run(marker);
  db.close();
  return file;
}

function marker(db: Database.Database): string | undefined {
  return db.prepare<[], { value: string }>(`SELECT value FROM settings WHERE key = 'marker'`).get()
    ?.value;
}

/** What a queue is: its schema objects, version and the pragmas a connection sets. */
function shape(db: Database.Database): unknown {
  return {
    version: schemaVersion(db),
    journal: db.pragma('journal_mode', { simple: true }),
    foreignKeys: db.pragma('foreign_keys', { simple: true }),
    objects: db
      .prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name`)
      .all(),
  };
}

it('starts a new queue as a copy of the template, the same queue the migrations make', () => {
  useNewQueueTemplate(migratedQueue('template.sqlite', 'from the template'));
  const copied = openDatabase(join(dir, 'new', 'queue.sqlite'));
  useNewQueueTemplate(undefined);
  const migrated = openDatabase(join(dir, 'migrated.sqlite'));
  expect(marker(copied)).toBe('from the template');
  expect(marker(migrated)).toBeUndefined();
  copied.prepare(`DELETE FROM settings WHERE key = 'marker'`).run();
  expect(shape(copied)).toEqual(shape(migrated));
  expect(schemaVersion(copied)).toBe(MIGRATIONS.length);
  copied.close();
  migrated.close();
});

it('opens a queue file that exists as it is, never the template in its place', () => {
  const existing = migratedQueue('queue.sqlite', 'the clerk’s queue');
  useNewQueueTemplate(migratedQueue('template.sqlite', 'from the template'));
  const db = openDatabase(existing);
  expect(marker(db)).toBe('the clerk’s queue');
  db.close();
});

it('is set for this run by the suite’s setup, at the newest schema', () => {
  expect(suiteTemplate).toBeDefined();
  expect(existsSync(suiteTemplate ?? '')).toBe(true);
  // Read only: other workers copy it meanwhile.
  const db = openDatabaseToRead(suiteTemplate ?? '');
  expect(schemaVersion(db)).toBe(MIGRATIONS.length);
  db.close();
});
