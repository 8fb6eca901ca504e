import type { Migration } from './migration';

/**
 * The billed reading as a number, as it stood when this migration shipped: a copy of
 * BILLED_READING_SQL (main/store/billed-reading-sql.ts), not an import, so editing the live
 * expression cannot edit a step older queues already ran. The index serves only an ORDER BY that
 * repeats it exactly: test/store/migrations/007-billed-reading-sort.test.ts sorts by the live
 * expression and fails when the two part, and a changed expression then needs a new migration.
 */
const BILLED_READING_AT_007 = `CAST(CASE WHEN review_action = 'corrected' AND reviewed_reading IS NOT NULL THEN reviewed_reading ELSE final_reading END AS REAL)`;

/**
 * Sorting by reading follows the billed reading as a number; this index keeps a deep page of that
 * sort as fast as the other sorts (migration 003).
 */
export const migration007: Migration = {
  version: 7,
  name: 'sort by the billed reading as a number',
  up: `CREATE INDEX jobs_sort_billed_reading ON jobs (${BILLED_READING_AT_007});`,
};
