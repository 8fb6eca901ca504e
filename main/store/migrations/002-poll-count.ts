import type { Migration } from './migration';

/** How often each submitted task was asked about: drives adaptive polling and its measurement. */
export const migration002: Migration = {
  version: 2,
  name: 'poll count per job',
  up: `ALTER TABLE jobs ADD COLUMN poll_count INTEGER NOT NULL DEFAULT 0;`,
};
