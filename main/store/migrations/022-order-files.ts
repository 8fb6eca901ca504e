import type { Migration } from './migration';

/**
 * A billing system's reading-order file loaded as a route (issue 31): kept byte for byte with its
 * SHA-256, so the return file is built from this copy and not re-read from disk; with the profile
 * that reads it (its JSON, as checked at load), the file's own time (for the file-age check) and
 * the route sheet its meters were loaded under. The newest row is the order file a return is for.
 */
export const migration022: Migration = {
  version: 22,
  name: 'order files kept byte for byte',
  up: `
    CREATE TABLE order_files (
      id INTEGER PRIMARY KEY,
      sheet_id INTEGER NOT NULL REFERENCES route_sheets(id),
      name TEXT NOT NULL,
      profile TEXT NOT NULL,
      bytes BLOB NOT NULL,
      sha256 TEXT NOT NULL,
      file_time TEXT,
      loaded_at TEXT NOT NULL
    );
  `,
};
