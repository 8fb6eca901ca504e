import type { OfficeMigration } from './migration';

/** The desks' group role as it was named when this migration shipped (its own copy). */
const DESK_ROLE = 'meterdesk_desk';

/** The plausibility profiles as they stood when this migration shipped (plausibility-profiles.ts). */
const PROFILES_AT_012 = ['history', 'sap_bands'];

/** The history's read types as they stood when this migration shipped (history-types.ts). */
const READ_TYPES_AT_012 = ['actual', 'customer', 'estimated', 'removal', 'install'];

const list = (values: readonly string[]): string => values.map((v) => `'${v}'`).join(', ');

/**
 * The office's plausibility limits and meter history (issue 33 in office mode; issue 30, item 2:
 * the office derives rows with the same inputs a desk's export uses):
 * - `office_plausibility`: one row, the profile a desk chose in office mode, who and when. Audited
 *   and versioned like a meter (migration 002's functions): who changed the office's limits is
 *   on record. Every desk takes it into its queue; the office's derivation uses it.
 * - `meter_history`: each meter's readings imported at any desk or written by an office export,
 *   keyed like a desk's (migration 023 of the queue): meter number, day and read type. `rev`
 *   is taken again from its sequence whenever an export replaces a reading: a desk takes the rows
 *   after the newest `rev` it took. Not audited row by row (an import is thousands of rows); each
 *   row keeps the desk and when it came.
 * - `office_history_state.version`: raised when rows dated on or before the cycle's start are
 *   added or replaced, the only ones the derivation reads (an export's readings of this cycle
 *   are the next cycle's history), so an export does not derive every route again.
 * - `office_rows_state.inputs`: the profile and history the kept rows were derived with; when
 *   either changes, every route is derived again (office-rows.ts).
 */
export const officeMigration012: OfficeMigration = {
  version: 12,
  name: 'office plausibility profile and meter history',
  up: `
CREATE TABLE office_plausibility (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  profile text NOT NULL CHECK (profile IN (${list(PROFILES_AT_012)})),
  desk text NOT NULL,
  set_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1
);
CREATE TRIGGER office_plausibility_audit AFTER INSERT OR UPDATE OR DELETE ON office_plausibility
  FOR EACH ROW EXECUTE FUNCTION audit_row('only_row');
CREATE TRIGGER office_plausibility_version BEFORE UPDATE ON office_plausibility
  FOR EACH ROW EXECUTE FUNCTION bump_version();

CREATE SEQUENCE meter_history_rev;
CREATE TABLE meter_history (
  meter_number text NOT NULL,
  read_at date NOT NULL,
  read_type text NOT NULL CHECK (read_type IN (${list(READ_TYPES_AT_012)})),
  reading text NOT NULL,
  source text NOT NULL CHECK (source IN ('import', 'export')),
  desk text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  rev bigint NOT NULL DEFAULT nextval('meter_history_rev'),
  PRIMARY KEY (meter_number, read_at, read_type)
);
CREATE INDEX meter_history_by_rev ON meter_history (rev);

CREATE TABLE office_history_state (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO office_history_state (only_row) VALUES (true);

ALTER TABLE office_rows_state ADD COLUMN inputs text;

GRANT SELECT, INSERT, UPDATE ON office_plausibility, meter_history TO ${DESK_ROLE};
GRANT SELECT, UPDATE ON office_history_state TO ${DESK_ROLE};
GRANT USAGE ON SEQUENCE meter_history_rev TO ${DESK_ROLE};
`,
};
