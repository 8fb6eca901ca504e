// A queue file as an older MeterDesk left it, for the migration tests (one file per migration,
// named as it is: see DEVELOPERS.md, "Persistence"). Raw SQL on purpose: the rows are written as
// that schema had them, not through today's store.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { migrate } from '../../../main/store/migrate';
import { MIGRATIONS } from '../../../main/store/migrations';
import { tempDir } from '../../helpers/tmp';

export const AT = '2026-11-21T00:00:00.000Z';

export interface OlderQueue {
  readonly file: string;
  readonly db: Database.Database;
  /** Adds a watched folder; its id. */
  readonly addRoot: (path: string) => number;
  /** Brings the file up to `version` with today's migrations; the version it reached. */
  readonly migrateTo: (version: number) => number;
  /** Closes the file (if open) and removes it. */
  readonly remove: () => void;
}

/** A real queue file at schema `version` (0: an empty file). */
function olderQueue(version: number): OlderQueue {
  const t = tempDir('meterdesk-mig-');
  const file = join(t.dir, 'queue.sqlite');
  const db = new Database(file);
  migrate(db, MIGRATIONS, version);
  return {
    file,
    db,
    addRoot: (path) =>
      Number(
        db.prepare(`INSERT INTO roots (path, kind, added_at) VALUES (?, 'folder', ?)`).run(path, AT)
          .lastInsertRowid,
      ),
    migrateTo: (target) => migrate(db, MIGRATIONS, target),
    remove: () => {
      if (db.open) db.close();
      t.cleanup();
    },
  };
}

/** Every row of a table in the order of its first columns, without the columns named (those a migration adds). */
export function rowsOf(
  db: Database.Database,
  table: string,
  without: readonly string[] = [],
): Record<string, unknown>[] {
  return db
    .prepare<[], Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY 1, 2`)
    .all()
    .map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !without.includes(k))));
}

/** For a test file: makes older queues at a schema version, each removed after its test. */
export function olderQueues(): (version: number) => OlderQueue {
  const made: OlderQueue[] = [];
  afterEach(() => {
    for (const queue of made.splice(0)) queue.remove();
  });
  return (version) => {
    const queue = olderQueue(version);
    made.push(queue);
    return queue;
  };
}

/** Route sheet 1 (schema 6 and later), for the meters a test writes to belong to. */
export function addRouteSheet(db: Database.Database, meters: number): void {
  db.prepare(
    `INSERT INTO route_sheets (id, name, loaded_at, meters, mapping, encoding, delimiter)
     VALUES (1, 'r.csv', ?, ?, '{}', 'utf-8', ';')`,
  ).run(AT, meters);
}

/** A job for a photo named `name` (its SHA-256 the name, padded), on task 't' (schema 15 and later). */
export function addNamedJob(q: OlderQueue, root: number, name: string, state: string): number {
  return Number(
    q.db
      .prepare(
        `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, sha256, state, task_id,
           created_at, updated_at) VALUES (?, ?, ?, 1, 0, ?, ?, 't', ?, ?)`,
      )
      .run(root, `/photos/${name}`, name, name.padEnd(64, '0'), state, AT, AT).lastInsertRowid,
  );
}

/** The queue publishes to the office as `desk` (schema 18 and later: its office_desk row). */
export function publishAs(q: OlderQueue, desk: string): void {
  q.db
    .prepare(`INSERT INTO office_desk (one, desk, clerk, since) VALUES (1, ?, ?, ?)`)
    .run(desk, desk.split('@')[0] ?? desk, AT);
}
