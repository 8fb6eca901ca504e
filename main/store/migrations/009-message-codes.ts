import type Database from 'better-sqlite3';
import { legacyToCode } from './schema-8-sentences';
import type { Migration } from './migration';

/**
 * Job history lines and job errors are kept as a code and its parameters (JSON), worded at the
 * edges: English for the log, CLI and CSV, the window's language in the window
 * (common/job-messages.ts). The English columns go: each older row is converted here, once, from
 * the sentences written up to schema 8 (schema-8-sentences.ts); one no template wrote (the
 * service's own words) is kept quoted.
 */
/** Rows read at a time: a statement cannot write while another still reads. */
const PAGE = 1000;

/** Each non-null English `from` of `table` into its code and params columns. */
function convertColumn(
  db: Database.Database,
  table: 'job_events' | 'jobs',
  from: 'message' | 'error_message',
  code: 'code' | 'error_code',
  params: 'params' | 'error_params',
  history: boolean,
): void {
  const page = db.prepare<[number], { id: number; text: string }>(
    `SELECT id, ${from} AS text FROM ${table} WHERE id > ? AND ${from} IS NOT NULL
      ORDER BY id LIMIT ${String(PAGE)}`,
  );
  const set = db.prepare(`UPDATE ${table} SET ${code} = ?, ${params} = ? WHERE id = ?`);
  let after = 0;
  for (;;) {
    const rows = page.all(after);
    for (const row of rows) {
      const coded = legacyToCode(row.text, history);
      set.run(coded.code, JSON.stringify(coded.params), row.id);
    }
    const last = rows.at(-1);
    if (last === undefined) return;
    after = last.id;
  }
}

export const migration009: Migration = {
  version: 9,
  name: 'job events and errors as message codes',
  up: `
    ALTER TABLE job_events ADD COLUMN code TEXT NOT NULL DEFAULT 'quoted';
    ALTER TABLE job_events ADD COLUMN params TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE jobs ADD COLUMN error_code TEXT;
    ALTER TABLE jobs ADD COLUMN error_params TEXT;
  `,
  convert: (db: Database.Database) => {
    convertColumn(db, 'job_events', 'message', 'code', 'params', true);
    convertColumn(db, 'jobs', 'error_message', 'error_code', 'error_params', false);
    db.exec(`
      ALTER TABLE job_events DROP COLUMN message;
      ALTER TABLE jobs DROP COLUMN error_message;
    `);
  },
};
