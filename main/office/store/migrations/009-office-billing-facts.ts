import type { OfficeMigration } from './migration';

/**
 * Billing rows from the office's own facts (issue 30, item 2): the office derives each meter's row
 * from the readings desks published, whichever desk read the photo. A reading names its meter by
 * the office's meter id, which a desk can only give when the office had the meter at that moment:
 * a desk that loaded its sheet and read its photos before its route reached the office published
 * them unlinked, and they were lost to the office's rows. `readings.meter_number` keeps the meter
 * the desk matched the photo to, so the office links it once it has the meter
 * (`readings_unlinked` finds those). `readings_by_read_at` serves the export's and report's
 * filter on the cycle (readings dated after the sheets' previous reading), so the readings of
 * earlier cycles kept in the office are passed over on the index, never read.
 * Older rows keep no number: the migration writes no row (an UPDATE would write an audit row for
 * every reading ever published).
 */
export const officeMigration009: OfficeMigration = {
  version: 9,
  name: 'billing from the office facts',
  up: `
ALTER TABLE readings ADD COLUMN meter_number text;
CREATE INDEX readings_by_read_at ON readings (read_at);
CREATE INDEX readings_unlinked ON readings (meter_number) WHERE meter_id IS NULL;
`,
};
