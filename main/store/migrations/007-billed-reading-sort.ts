import { BILLED_READING_SQL } from '../billed-reading-sql';
import type { Migration } from './migration';

/**
 * Sorting by reading follows the billed reading as a number; this index keeps a deep page of that
 * sort as fast as the other sorts (migration 003).
 */
export const migration007: Migration = {
  version: 7,
  name: 'sort by the billed reading as a number',
  up: `CREATE INDEX jobs_sort_billed_reading ON jobs (${BILLED_READING_SQL});`,
};
