import type { Migration } from './migration';

/**
 * Each meter's history (issue 33): dated readings imported from billing (`meter history import`)
 * or written by a confirmed billing export, one row per meter, day and read type; the read types
 * are this migration's own copy of common/billing/history-types.ts's READ_TYPES. `source` says
 * where a row came from ('import' or 'export'). The route sheet's account status (active, vacant),
 * the day it holds since and the meter's rate class become fields of a meter (null for sheets
 * loaded before, and for sheets without those columns).
 */
export const migration023: Migration = {
  version: 23,
  name: 'meter history, account status and class',
  up: `
    CREATE TABLE meter_history (
      meter_id TEXT NOT NULL,
      read_at TEXT NOT NULL,
      read_type TEXT NOT NULL
        CHECK (read_type IN ('actual', 'customer', 'estimated', 'removal', 'install')),
      reading TEXT NOT NULL,
      source TEXT NOT NULL CHECK (source IN ('import', 'export')),
      added_at TEXT NOT NULL,
      PRIMARY KEY (meter_id, read_at, read_type)
    ) WITHOUT ROWID;
    ALTER TABLE meters ADD COLUMN account_status TEXT;
    ALTER TABLE meters ADD COLUMN status_since TEXT;
    ALTER TABLE meters ADD COLUMN meter_class TEXT;
  `,
};
