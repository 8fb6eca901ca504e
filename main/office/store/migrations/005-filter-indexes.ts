import type { OfficeMigration } from './migration';

/**
 * An index for every filter the desks' publishing and the supervisor's report use on the tables
 * that grow with every cycle (issue 30: a published reading scanned all meters, 3.4 ms a lookup at
 * 50,000 meters against 0.012 ms with an index, and the report scanned every reading and decision
 * ever kept):
 * - meters by number: publishing links a reading or decision to its meter by number, as do a
 *   meter's review and walking review;
 * - readings by day published and decisions by day decided: the report's day;
 * - readings by meter and decisions by photo: the report's readers join a day's skips and
 *   re-reads to the readings of the same meter or photo.
 * Plain CREATE INDEX, not CONCURRENTLY: migrations run in one transaction (which CONCURRENTLY
 * refuses), and `office init` is run between cycles; the tables are locked for writes for the
 * few seconds an index of 150,000 rows takes.
 */
export const officeMigration005: OfficeMigration = {
  version: 5,
  name: 'indexes for every filter',
  up: `
CREATE INDEX meters_by_number ON meters (meter_number);
CREATE INDEX readings_by_day ON readings (published_at);
CREATE INDEX readings_by_meter ON readings (meter_id);
CREATE INDEX decisions_by_day ON decisions (decided_at);
CREATE INDEX decisions_by_photo ON decisions (sha256);
`,
};
