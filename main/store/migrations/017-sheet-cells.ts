import type { Migration } from './migration';

/**
 * The route sheet's columns no field takes (an order id, a note for the reader) are kept, so a
 * billing export can carry them back as written (issue 22, item 5): per meter its cells by header
 * (`meters.sheet_cells`, a JSON object; null when it had none), per sheet those headers in their
 * order (`route_sheets.other_headers`, a JSON array; null for sheets loaded before).
 */
export const migration017: Migration = {
  version: 17,
  name: 'route sheet cells carried through',
  up: `
    ALTER TABLE meters ADD COLUMN sheet_cells TEXT;
    ALTER TABLE route_sheets ADD COLUMN other_headers TEXT;
  `,
};
