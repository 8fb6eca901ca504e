import type { Migration } from './migration';

/**
 * The meter's identity from its code (issue 25): the codes read on each photo (a JSON array of
 * {format, text}; NULL: not read yet, '[]': read, none found) and the route sheet's serial or
 * barcode of each meter (barcode), which a photo's code is compared with. Indexes find the checked photos
 * whose codes are not read yet, and a meter by its serial (matched without case).
 */
export const migration016: Migration = {
  version: 16,
  name: 'codes read on photos and meter serials',
  up: `
    ALTER TABLE jobs ADD COLUMN photo_codes TEXT;
    ALTER TABLE meters ADD COLUMN barcode TEXT;
    CREATE INDEX jobs_codes_unread ON jobs (id) WHERE photo_codes IS NULL AND photo_check IS NOT NULL;
    CREATE INDEX meters_barcode ON meters (barcode COLLATE NOCASE) WHERE barcode IS NOT NULL;
  `,
};
