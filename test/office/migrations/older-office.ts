// An office database at an older schema, populated with rows as a desk of that version wrote
// them, for the migration tests (each migration migrates one of these and checks the rows mean the
// same after).
import type pg from 'pg';
import { expect } from 'vitest';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { openOfficeDb } from '../../../main/office/store/office-db';
import type { OfficeCluster, TestOffice } from '../pg-cluster';

export const SHA_A = 'a'.repeat(64);
export const SHA_B = 'b'.repeat(64);

export interface OlderOffice extends TestOffice {
  /** The owner's pool (as `office init` connects). */
  readonly pool: pg.Pool;
}

/** Rows a schema-1 desk wrote: one route, two meters, two photos, a reading and a decision. */
async function populate1(pool: pg.Pool): Promise<void> {
  const at = '2026-03-02T08:00:00Z';
  await pool.query(
    `INSERT INTO routes (route_key, sheet_sha256, updated_by, updated_at) VALUES ('R-12', NULL, 'anna', $1)`,
    [at],
  );
  await pool.query(
    `INSERT INTO meters (route_id, meter_number, sequence, previous_reading, review_state, updated_by, updated_at)
     VALUES (1, '0042', 1, '00123', 'flagged', 'anna', $1), (1, '0043', 2, NULL, 'open', 'anna', $1)`,
    [at],
  );
  await pool.query(
    `INSERT INTO photos (sha256, state, desk, file_name, claimed_at, lease_until, task_id)
     VALUES ($1, 'read', 'anna@pc1', '0042.jpg', $2, NULL, 't-1'),
            ($3, 'claimed', 'ben@pc2', '0043.jpg', $2, $2::timestamptz + interval '10 min', NULL)`,
    [SHA_A, at, SHA_B],
  );
  await pool.query(
    `INSERT INTO readings (idempotency_key, sha256, meter_id, desk, file_name, status, reading,
       result_source, to_review, task_id, published_at)
     VALUES ('anna@pc1:reading:1', $1, 1, 'anna@pc1', '0042.jpg', 'finished', '00150', 'ai', true, 't-1', $2)`,
    [SHA_A, at],
  );
  await pool.query(
    `INSERT INTO decisions (idempotency_key, kind, sha256, meter_id, reading, desk, clerk, decided_at)
     VALUES ('anna@pc1:decision:1', 'correct', $1, 1, '00151', 'anna@pc1', 'anna', $2)`,
    [SHA_A, at],
  );
}

const POPULATE: Record<number, (pool: pg.Pool) => Promise<void>> = { 1: populate1 };

/** A fresh office migrated to `version` (0: empty) and populated as that version's desks would. */
export async function olderOffice(cluster: OfficeCluster, version: number): Promise<OlderOffice> {
  const office = await cluster.newOffice();
  const pool = openOfficeDb(office.ownerUrl);
  if (version > 0) await migrateOffice(pool, { upTo: version });
  await POPULATE[version]?.(pool);
  return { ...office, pool };
}

/** Every row of each table, ordered by its first column (the id where there is one). */
async function rowsOf(
  pool: pg.Pool,
  tables: readonly string[],
): Promise<Record<string, unknown>[][]> {
  return Promise.all(
    tables.map(
      async (t) =>
        (await pool.query<Record<string, unknown>>(`SELECT * FROM ${t} ORDER BY 1`)).rows,
    ),
  );
}

/**
 * Migrates an older office over one step, checks the runner reports that step, and hands back the
 * rows of `tables` (in the order named) from just before and just after, so that each migration's
 * test can show the step left an older office's rows as they were (each test did this by hand).
 */
export async function migrateTakingRows(
  pool: pg.Pool,
  step: { readonly from: number; readonly to: number },
  tables: readonly string[],
): Promise<{ before: Record<string, unknown>[][]; after: Record<string, unknown>[][] }> {
  const before = await rowsOf(pool, tables);
  expect(await migrateOffice(pool, { upTo: step.to })).toEqual(step);
  return { before, after: await rowsOf(pool, tables) };
}
