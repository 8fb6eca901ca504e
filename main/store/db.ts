import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrate';

/**
 * better-sqlite3's compiled addon for this process. Unset: the one npm built in node_modules (the
 * CLI and tests, on plain Node). Inside Electron the backend sets the Electron build first
 * (main/shell/native-bindings.ts), since npm's build has the wrong ABI there; an Error when no
 * usable build exists, thrown at the first open so the window shows why.
 */
let nativeBinding: string | Error | undefined;

export function useSqliteBinding(binding: string | Error | undefined): void {
  nativeBinding = binding;
}

/** Options for a connection with the addon this process selected; throws when there is none. */
function withBinding(options: Database.Options): Database.Options {
  if (nativeBinding instanceof Error) throw nativeBinding;
  return nativeBinding === undefined ? options : { ...options, nativeBinding };
}

/**
 * An existing database opened only to read it, as it is: no migration, no pragma written. For a
 * queue file this process does not use (the other one of a data folder being moved).
 */
export function openDatabaseToRead(file: string): Database.Database {
  return new Database(file, withBinding({ readonly: true, fileMustExist: true }));
}

/**
 * Opens (creating if needed) the queue database. WAL keeps readers off the writer's back;
 * synchronous=NORMAL in WAL mode survives a killed process without losing a commit, which is
 * the failure we design for (a laptop closed or the app killed mid-run).
 */
export function openDatabase(file: string): Database.Database {
  const options = withBinding({});
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, options);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
