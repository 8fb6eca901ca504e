import type Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations';
import type { Migration } from './migrations/migration';

export class SchemaTooNewError extends Error {
  constructor(found: number, known: number) {
    super(
      `This database was written by a newer MeterDesk (schema ${found}, this version knows ${known}). ` +
        'Update MeterDesk or choose another data location.',
    );
    this.name = 'SchemaTooNewError';
  }
}

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Brings the schema up to `target` one numbered step at a time, each step atomic. */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS,
  target = migrations.length,
): number {
  const current = schemaVersion(db);
  if (current > migrations.length) throw new SchemaTooNewError(current, migrations.length);
  for (const m of migrations) {
    if (m.version <= current || m.version > target) continue;
    db.transaction(() => {
      db.exec(m.up);
      m.convert?.(db);
      // user_version cannot be bound as a parameter; the value is our own integer.
      db.pragma(`user_version = ${String(m.version)}`);
    })();
  }
  return schemaVersion(db);
}
