import type Database from 'better-sqlite3';
import type { Migration } from './migration';

/**
 * A job message's byte counts (`size`, `limit`) are kept as numbers, so that each edge groups them
 * in its own language; up to schema 10 they were strings grouped as en-US writes them
 * ("20,971,520"). Each older row is converted here, once. The codes and names are frozen as
 * schema 10 had them: a template renamed later in common/ must not change what this converts.
 * A row with a count not written that way is left as it is; the store then shows it quoted.
 */

const CODES = ['tooLarge', 'batchRepacked', 'overServiceLimit'] as const;
const BYTE_PARAMS = ['size', 'limit'] as const;

/** "20,971,520" as 20971520; null for anything else. */
function groupedCount(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,3}(,\d{3})*$/.test(value)) return null;
  const n = Number(value.replace(/,/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * Stored params with their byte counts as numbers; null (left as stored) unless every count in
 * them is written as schema 10 wrote it: half a row converted would hide that it was odd.
 */
function paramsWithCounts(json: string): string | null {
  let params: unknown;
  try {
    params = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const converted: Record<string, unknown> = { ...params };
  const names = BYTE_PARAMS.filter((name) => name in converted);
  for (const name of names) {
    const n = groupedCount(converted[name]);
    if (n === null) return null;
    converted[name] = n;
  }
  return names.length > 0 ? JSON.stringify(converted) : null;
}

function convertColumn(
  db: Database.Database,
  table: 'jobs' | 'job_events',
  code: 'error_code' | 'code',
  params: 'error_params' | 'params',
): void {
  const marks = CODES.map(() => '?').join(', ');
  // The rows first: a statement cannot write while another still reads.
  const rows = db
    .prepare<string[], { id: number; params: string }>(
      `SELECT id, ${params} AS params FROM ${table} WHERE ${code} IN (${marks}) AND ${params} IS NOT NULL`,
    )
    .all(...CODES);
  const set = db.prepare(`UPDATE ${table} SET ${params} = ? WHERE id = ?`);
  for (const row of rows) {
    const converted = paramsWithCounts(row.params);
    if (converted !== null) set.run(converted, row.id);
  }
}

export const migration011: Migration = {
  version: 11,
  name: 'byte counts as numbers',
  up: '',
  convert: (db: Database.Database) => {
    convertColumn(db, 'jobs', 'error_code', 'error_params');
    convertColumn(db, 'job_events', 'code', 'params');
  },
};
