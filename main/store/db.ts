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

/**
 * Opens (creating if needed) the queue database. WAL keeps readers off the writer's back;
 * synchronous=NORMAL in WAL mode survives a killed process without losing a commit, which is
 * the failure we design for (a laptop closed or the app killed mid-run).
 */
export function openDatabase(file: string): Database.Database {
  if (nativeBinding instanceof Error) throw nativeBinding;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, nativeBinding === undefined ? {} : { nativeBinding });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
