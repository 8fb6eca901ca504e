import type { Migration } from './migration';

/**
 * What a clerk decides per meter, as a history (issue 22, items 3 and 4).
 *
 * - `meter_decisions`: one row per decision (typed, skip, exchange, reread, estimate) with its
 *   params as JSON (common/billing/meter-decision.ts). The newest row of a meter not undone is
 *   the meter's decision; undoing it stamps `undone_at` and the one before is the meter's again.
 * - The skip codes and typed readings meters held become the first rows of that history (a typed
 *   reading's read date was never asked: null). Their columns go in 013.
 */
export const migration012: Migration = {
  version: 12,
  name: 'meter decisions',
  up: `
    CREATE TABLE meter_decisions (
      id INTEGER PRIMARY KEY,
      meter_id TEXT NOT NULL COLLATE NOCASE,
      kind TEXT NOT NULL,
      params TEXT NOT NULL,
      made_at TEXT NOT NULL,
      undone_at TEXT
    );
    CREATE INDEX meter_decisions_current ON meter_decisions (meter_id, undone_at, id);

    INSERT INTO meter_decisions (meter_id, kind, params, made_at)
      SELECT meter_id, 'skip', json_object('code', skip_code, 'note', skip_note),
             COALESCE(entry_at, updated_at)
        FROM meters WHERE skip_code IS NOT NULL ORDER BY id;
    INSERT INTO meter_decisions (meter_id, kind, params, made_at)
      SELECT meter_id, 'typed', json_object('reading', typed_reading, 'readAt', NULL),
             COALESCE(typed_at, entry_at, updated_at)
        FROM meters WHERE typed_reading IS NOT NULL AND skip_code IS NULL ORDER BY id;

  `,
};
