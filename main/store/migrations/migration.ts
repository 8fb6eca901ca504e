import type Database from 'better-sqlite3';

/** A numbered schema step. `up` runs inside the same transaction that bumps user_version. */
export interface Migration {
  version: number;
  name: string;
  up: string;
  /** After `up`, in the same transaction: rows rewritten where SQL cannot say how (009). */
  convert?: (db: Database.Database) => void;
}
