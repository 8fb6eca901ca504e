import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrate';

/**
 * Opens (creating if needed) the queue database. WAL keeps readers off the writer's back;
 * synchronous=NORMAL in WAL mode survives a killed process without losing a commit, which is
 * the failure we design for (a laptop closed or the app killed mid-run).
 */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
