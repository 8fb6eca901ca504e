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

/**
 * The newest schema the steps reach: numbers are reserved per change while several are under way,
 * so the list may have a gap for a while (migrate.test.ts refuses one that ships).
 */
function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

/** Brings the schema up to `target` one numbered step at a time, each step atomic. */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS,
  target = latestVersion(migrations),
): number {
  const current = schemaVersion(db);
  const known = latestVersion(migrations);
  if (current > known) throw new SchemaTooNewError(current, known);
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
