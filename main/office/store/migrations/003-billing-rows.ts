import type { OfficeMigration } from './migration';

/**
 * The desks' group role (docs/office.md) as it was named when this migration shipped: its own copy,
 * not an import of the live DESK_ROLE (office-setup.ts), so renaming that cannot edit a step
 * offices already ran.
 */
const DESK_ROLE = 'meterdesk_desk';

/**
 * The office-wide billing export: each desk publishes, per meter of the office's routes, the
 * billing row its own export would write (`billing_row`, jsonb, as common/billing/billing-row.ts has it),
 * with where the meter stands there (`state`), whether billing may use it, and when that desk's
 * view of the meter last changed. One row per meter and desk; the office export picks per meter
 * the row that says most. The route's sheet dialect goes with the route, so the office export
 * writes in the dialect a desk's export would. Audited and versioned as the other tables.
 */
export const officeMigration003: OfficeMigration = {
  version: 3,
  name: 'billing rows',
  up: `
ALTER TABLE routes ADD COLUMN sheet_dialect jsonb;

CREATE TABLE billing_rows (
  id bigserial PRIMARY KEY,
  meter_id bigint NOT NULL REFERENCES meters (id),
  desk text NOT NULL,
  state text NOT NULL CHECK (state IN
    ('confirmed', 'not_checked', 'flagged', 'skipped', 'pending', 'missing')),
  billable boolean NOT NULL,
  billing_row jsonb NOT NULL,
  decided_at timestamptz NOT NULL,
  published_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1,
  UNIQUE (meter_id, desk)
);

CREATE TRIGGER billing_rows_audit AFTER INSERT OR UPDATE OR DELETE ON billing_rows
  FOR EACH ROW EXECUTE FUNCTION audit_row('id');
CREATE TRIGGER billing_rows_version BEFORE UPDATE ON billing_rows
  FOR EACH ROW EXECUTE FUNCTION bump_version();

GRANT SELECT, INSERT, UPDATE ON billing_rows TO ${DESK_ROLE};
GRANT USAGE ON SEQUENCE billing_rows_id_seq TO ${DESK_ROLE};
`,
};
