// Reads the child's queue from outside, as a second connection, without touching the schema.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import type { JobState } from '../../common/job';

export type QueueCounts = Record<JobState, number> & { total: number };

const EMPTY: QueueCounts = {
  queued: 0,
  uploading: 0,
  submitted: 0,
  done: 0,
  failed: 0,
  rejected: 0,
  total: 0,
};

function open(file: string, readonly: boolean): Database.Database | null {
  if (!existsSync(file)) return null;
  try {
    return new Database(file, { readonly, fileMustExist: true });
  } catch {
    return null;
  }
}

/** Jobs by state; zeros while the file does not exist or is being created. */
export function queueCounts(file: string): QueueCounts {
  const db = open(file, true);
  if (!db) return { ...EMPTY };
  try {
    const rows = db
      .prepare<[], { state: JobState; n: number }>(
        'SELECT state, COUNT(*) AS n FROM jobs GROUP BY state',
      )
      .all();
    const out = { ...EMPTY };
    for (const r of rows) {
      out[r.state] = r.n;
      out.total += r.n;
    }
    return out;
  } catch {
    // The schema is not there yet (the child is still creating the file).
    return { ...EMPTY };
  } finally {
    db.close();
  }
}

/**
 * The content hashes of jobs left in `uploading`: uploads a kill cut off. Read after the child is
 * dead; each may have created a task the engine never heard of.
 */
export function cutOffUploads(file: string): string[] {
  const db = open(file, false);
  if (!db) return [];
  try {
    return db
      .prepare<[], { sha256: string | null }>(`SELECT sha256 FROM jobs WHERE state = 'uploading'`)
      .all()
      .map((r) => r.sha256)
      .filter((s): s is string => s !== null);
  } catch {
    return [];
  } finally {
    db.close();
  }
}
