import type { OfficeMigration } from './migration';

/**
 * The office's route sheets are every desk's (issue 30, item 1): a sheet loaded at one desk is
 * read back by the others, so the office keeps what a desk needs to match and check photos
 * against it, not only the few columns the report counts:
 * - `routes.sheet`: how the sheet was read (its name, column mapping, encoding, delimiter, the
 *   headers no field takes), so every desk shows and exports it as the loading desk does;
 * - `routes.sheet_loaded_at`: when the sheet was loaded at its desk, so a desk that comes back
 *   with an older copy does not overwrite a newer one loaded elsewhere meanwhile;
 * - `meters.record`: the meter as the sheet describes it (account, address, average use, barcode,
 *   the other columns' cells), as JSON: the desks' field set grows without a migration here.
 * `routes.sheet_sha256` (migration 001) becomes the hash of what the route holds, so a desk tells
 * a changed route from one it has by one short read.
 */
export const officeMigration006: OfficeMigration = {
  version: 6,
  name: 'shared route sheets',
  up: `
ALTER TABLE routes ADD COLUMN sheet jsonb;
ALTER TABLE routes ADD COLUMN sheet_loaded_at timestamptz;
ALTER TABLE meters ADD COLUMN record jsonb;
`,
};
