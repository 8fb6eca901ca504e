import Database from 'better-sqlite3';
import { constants, copyFileSync, existsSync, mkdirSync } from 'node:fs';
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
 * A closed queue file at the newest schema, copied for each queue that does not exist yet instead
 * of running every migration on it. Set by the test suite only (test/helpers/queue-template-setup.ts),
 * which opens hundreds of new queues a run; the app, the CLI and the migration tests (which open
 * files that exist) migrate as always.
 */
let newQueueTemplate: string | undefined;

/** Sets the template (undefined: none); the one set before, so a test can put it back. */
export function useNewQueueTemplate(template: string | undefined): string | undefined {
  const before = newQueueTemplate;
  newQueueTemplate = template;
  return before;
}

/** Starts a queue that does not exist yet as a copy of the template; never replaces a file. */
function startFromTemplate(file: string): void {
  if (newQueueTemplate === undefined || existsSync(file)) return;
  try {
    copyFileSync(newQueueTemplate, file, constants.COPYFILE_EXCL);
  } catch (error) {
    // Another process created the file meanwhile: open theirs, as without a template.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
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
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true });
    startFromTemplate(file);
  }
  const db = new Database(file, options);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
