import type { Migration } from './migration';

/**
 * The meters' own skip and typed-reading columns go (issue 22, item 4): since 012 a meter's
 * decision lives in `meter_decisions` alone, so there is one place to read and undo it.
 */
export const migration013: Migration = {
  version: 13,
  name: 'meter entry columns dropped',
  up: `
    ALTER TABLE meters DROP COLUMN skip_code;
    ALTER TABLE meters DROP COLUMN skip_note;
    ALTER TABLE meters DROP COLUMN typed_reading;
    ALTER TABLE meters DROP COLUMN typed_at;
    ALTER TABLE meters DROP COLUMN entry_at;
  `,
};
