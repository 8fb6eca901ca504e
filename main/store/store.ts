import type Database from 'better-sqlite3';
import { openDatabase } from './db';
import { JobQueries } from './job-query';
import { JobsRepo } from './jobs-repo';
import { RootsRepo } from './roots-repo';
import { SettingsRepo } from './settings-repo';

/** The one connection that writes the queue, with a typed repository per table. */
export interface Store {
  readonly file: string;
  readonly db: Database.Database;
  readonly jobs: JobsRepo;
  readonly roots: RootsRepo;
  readonly settings: SettingsRepo;
  readonly queries: JobQueries;
  close(): void;
}

export function openStore(file: string): Store {
  const db = openDatabase(file);
  return {
    file,
    db,
    jobs: new JobsRepo(db),
    roots: new RootsRepo(db),
    settings: new SettingsRepo(db),
    queries: new JobQueries(db),
    close: () => {
      if (db.open) db.close();
    },
  };
}
