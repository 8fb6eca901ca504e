import type { Migration } from './migration';

/**
 * One review-state column: to_review (migration 006) is what the review queue holds and what the
 * kept counts follow; needs_review (001: historical results only) had no reader left, only an
 * index kept up to date on every write. SQLite drops a VIRTUAL generated column that nothing else
 * names (no index, view or trigger: 006 rewrote the count triggers on to_review), so the index
 * goes first.
 */
export const migration008: Migration = {
  version: 8,
  name: 'drop the needs_review column and its index',
  up: `
    DROP INDEX jobs_review;
    ALTER TABLE jobs DROP COLUMN needs_review;
  `,
};
