import type { OfficeMigration } from './migration';

/** The desks' group role as it was named when this migration shipped (its own copy). */
const DESK_ROLE = 'meterdesk_desk';
/** Ten years: what German commercial and tax law asks of accounting records (HGB § 257). */
const DEFAULT_KEEP_DAYS = 3650;
/** Less than a year would drop a whole billing cycle's trail before its next audit. */
const MIN_KEEP_DAYS = 365;

/**
 * Issue 30, items 6 and 7: the audit trail covers photo claims (who claimed a photo for upload,
 * who read it, a lease taken over), and keeps a retention the office sets (`office init
 * --audit-keep-years N`, default ten years): rows older are pruned by the owner's `office init`,
 * and the pruning itself is written to the audit table. `audit_by_time` serves the pruning's
 * filter. Desks may read the retention, never change it.
 */
export const officeMigration007: OfficeMigration = {
  version: 7,
  name: 'audited claims and audit retention',
  up: `
CREATE TRIGGER photos_audit AFTER INSERT OR UPDATE OR DELETE ON photos
  FOR EACH ROW EXECUTE FUNCTION audit_row('sha256');

CREATE TABLE audit_retention (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  keep_days integer NOT NULL DEFAULT ${DEFAULT_KEEP_DAYS} CHECK (keep_days >= ${MIN_KEEP_DAYS}),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO audit_retention DEFAULT VALUES;
REVOKE ALL ON audit_retention FROM PUBLIC;
GRANT SELECT ON audit_retention TO ${DESK_ROLE};

CREATE INDEX audit_by_time ON audit (at);
`,
};
