import type { OfficeMigration } from './migration';

/** The desks' group role as it was named when this migration shipped (its own copy). */
const DESK_ROLE = 'meterdesk_desk';

/**
 * Each meter's line of the office-wide billing export kept beside its row (issue 30: reading
 * 100,000 kept rows of 1 KB of JSON and writing them as CSV took 1.7-2.0 s of a desk's CPU and
 * 3.5-5 s of wall time). A line is what the desk's CSV code makes of the row for one template and
 * time zone (`line_key`, a hash of both and of the derivation's version), made by the export
 * (main/office/office-export.ts) and kept route by route:
 * - `office_route_lines`: a route's lines were made with `line_key` from its rows as derived at
 *   `derived_at` (office_route_rows.derived_at); a route derived again since, or exported with
 *   another template, has its lines made again by the next export. Removed with its route's rows;
 * - `office_meter_lines`: each meter's line, with what the export needs beside it: the desk
 *   behind the row, whether it is an unmatched photo, and the desk's walking order (route, then
 *   sequence, then meter, text in byte order as SQLite's BINARY has it), which its index gives so
 *   the export reads the lines in file order without sorting them.
 * Lines live apart from the rows so that reading them does not read the rows' JSON.
 *
 * And the queue a decision was made in (`decisions.queue`, the queue's id as its claims name it):
 * two queues under one desk name (a clerk's window and a CLI run on one PC) are two desks, each
 * taking the other's decisions (issue 30, item 6). Null for the decisions an office has: a desk
 * counts those of its own name as its own, as before.
 */
export const officeMigration013: OfficeMigration = {
  version: 13,
  name: 'export lines kept, decisions name their queue',
  up: `
CREATE TABLE office_route_lines (
  route_id bigint PRIMARY KEY REFERENCES office_route_rows (route_id) ON DELETE CASCADE,
  line_key text NOT NULL,
  derived_at timestamptz NOT NULL
);

CREATE TABLE office_meter_lines (
  route_id bigint NOT NULL REFERENCES office_route_lines (route_id) ON DELETE CASCADE,
  meter_id bigint NOT NULL,
  walk_route text COLLATE "C",
  walk_sequence double precision,
  walk_meter text COLLATE "C" NOT NULL,
  desk text,
  unmatched boolean NOT NULL,
  line text NOT NULL,
  PRIMARY KEY (route_id, meter_id)
);
CREATE INDEX office_meter_lines_walk ON office_meter_lines
  (walk_route NULLS LAST, walk_sequence NULLS LAST, walk_meter);

GRANT SELECT, INSERT, UPDATE, DELETE ON office_route_lines, office_meter_lines TO ${DESK_ROLE};

ALTER TABLE decisions ADD COLUMN queue text;
`,
};
