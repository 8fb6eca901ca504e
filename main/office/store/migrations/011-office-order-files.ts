import type { OfficeMigration } from './migration';

/** The desks' group role as it was named when this migration shipped (its own copy). */
const DESK_ROLE = 'meterdesk_desk';

/**
 * A billing system's order file loaded at one desk is the office's (issue 31, item 6): the office
 * keeps it byte for byte, one per route (the route its meters were loaded under), so a desk that
 * never loaded it receives it with the route and the office writes the office-wide return file
 * from this copy. `profile` is the profile's JSON as the loading desk checked it: a desk reads
 * the file with the same layout whether or not it knows that profile. `sha256` is checked against
 * `bytes` whenever either is read. `loaded_at` is when the file was loaded at its desk: an older
 * load never replaces a newer one from another desk. Not audited: the audit row would carry the
 * whole file each time, and the SHA-256 with the desk and time says what was loaded.
 */
export const officeMigration011: OfficeMigration = {
  version: 11,
  name: 'order files kept byte for byte',
  up: `
CREATE TABLE order_files (
  route_key text PRIMARY KEY,
  name text NOT NULL,
  profile text NOT NULL,
  bytes bytea NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  file_time text,
  loaded_at timestamptz NOT NULL,
  loaded_by text NOT NULL,
  updated_at timestamptz NOT NULL
);
GRANT SELECT, INSERT, UPDATE ON order_files TO ${DESK_ROLE};
`,
};
