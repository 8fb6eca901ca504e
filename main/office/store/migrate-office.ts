// The office schema's own migration runner: numbered steps (./migrations), each desk may run it
// (`meter-desk office init`), any number at once. One transaction, under an advisory lock, so two
// desks starting together migrate once and a failed step leaves the previous version intact
// (PostgreSQL's DDL is transactional).
import { LATEST_OFFICE_VERSION, OFFICE_MIGRATIONS } from './migrations';
import type { OfficeMigration } from './migrations/migration';
import { inTransaction, OfficeError, type OfficePool } from './office-db';

/** pg_advisory_xact_lock key: "MeterDesk office schema" hashed once, a constant forever. */
const SCHEMA_LOCK = 7_402_913_551;

export interface OfficeMigrated {
  from: number;
  to: number;
}

/** The schema version of the office database; 0 when it has none yet. */
export async function officeSchemaVersion(pool: OfficePool): Promise<number> {
  const exists = await pool.query<{ present: boolean }>(
    `SELECT to_regclass('public.office_schema') IS NOT NULL AS present`,
  );
  if (!exists.rows[0]?.present) return 0;
  const { rows } = await pool.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM office_schema',
  );
  return rows[0]?.version ?? 0;
}

/** The office's schema is not the one this MeterDesk knows; `found` and `known` say which way. */
export class OfficeSchemaMismatch extends OfficeError {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      found > known ? 'schemaNewer' : 'other',
      found > known
        ? `the office database has schema ${found}; this MeterDesk knows ${known}: update MeterDesk`
        : `the office database has schema ${found}, not ${known}: run meter-desk office init`,
    );
  }
}

/** The office's schema version when it is the one this MeterDesk knows; OfficeSchemaMismatch else. */
export async function requireOfficeSchema(pool: OfficePool): Promise<number> {
  const version = await officeSchemaVersion(pool);
  if (version !== LATEST_OFFICE_VERSION) {
    throw new OfficeSchemaMismatch(version, LATEST_OFFICE_VERSION);
  }
  return version;
}

/**
 * Brings the office schema up to the newest step (or `upTo`); safe to run again. Refuses a
 * database a newer MeterDesk has migrated.
 */
export async function migrateOffice(
  pool: OfficePool,
  opts: { migrations?: readonly OfficeMigration[]; upTo?: number } = {},
): Promise<OfficeMigrated> {
  const migrations = opts.migrations ?? OFFICE_MIGRATIONS;
  // The newest step's version, not the count: a step numbered for a branch may land before the
  // one numbered below it.
  const newest = migrations.at(-1)?.version ?? 0;
  const target = opts.upTo ?? newest;
  // One transaction (inTransaction: a server that goes away mid-way is an error of this call,
  // never an unhandled event that ends the process), serialised by an advisory lock so several
  // machines running `office init` at once migrate once.
  return inTransaction(pool, 'office init', async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS office_schema (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM office_schema',
    );
    const from = rows[0]?.version ?? 0;
    if (from > newest) {
      throw new OfficeSchemaMismatch(from, newest);
    }
    for (const step of migrations) {
      if (step.version <= from || step.version > target) continue;
      await client.query(step.up);
      await client.query('INSERT INTO office_schema (version, name) VALUES ($1, $2)', [
        step.version,
        step.name,
      ]);
    }
    return { from, to: Math.max(from, target) };
  });
}
