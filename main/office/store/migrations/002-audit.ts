import type { OfficeMigration } from './migration';

/**
 * The desks' group role (docs/office.md) as it was named when this migration shipped: its own copy,
 * not an import of the live DESK_ROLE (office-setup.ts), so renaming that cannot edit a step
 * offices already ran.
 */
const DESK_ROLE = 'meterdesk_desk';

/**
 * Audit by trigger: every insert, update and delete of a route, meter, reading, decision or review
 * lease is written to `audit` with the row before and after, the desk's person
 * (`set_config('app.user', ..., true)` in the same transaction), the database role and the time.
 * The trigger function runs as the schema's owner (SECURITY DEFINER) so that desks, who may only
 * read `audit`, cannot write, change or delete its rows themselves. Every update bumps the row's
 * version here too, so an edit that forgot to cannot slip past another desk's version check.
 */
/** Each audited table with the column that names its row. */
const AUDITED = {
  routes: 'id',
  meters: 'id',
  readings: 'id',
  decisions: 'id',
  review_leases: 'meter_id',
} as const;
const VERSIONED = ['routes', 'meters', 'photos', 'readings', 'decisions', 'review_leases'];

function triggers(): string {
  const audit = Object.entries(AUDITED).map(
    ([table, key]) =>
      `CREATE TRIGGER ${table}_audit AFTER INSERT OR UPDATE OR DELETE ON ${table}\n` +
      `  FOR EACH ROW EXECUTE FUNCTION audit_row('${key}');`,
  );
  const version = VERSIONED.map(
    (table) =>
      `CREATE TRIGGER ${table}_version BEFORE UPDATE ON ${table}\n` +
      '  FOR EACH ROW EXECUTE FUNCTION bump_version();',
  );
  return [...audit, '', ...version, ''].join('\n');
}

export const officeMigration002: OfficeMigration = {
  version: 2,
  name: 'audit trail and versions',
  up: `
CREATE TABLE audit (
  id bigserial PRIMARY KEY,
  table_name text NOT NULL,
  op text NOT NULL CHECK (op IN ('INSERT', 'UPDATE', 'DELETE')),
  row_key text NOT NULL,
  before jsonb,
  after jsonb,
  desk_user text,
  db_user text NOT NULL,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX audit_by_row ON audit (table_name, row_key, id);

CREATE FUNCTION audit_row() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  key_column text := TG_ARGV[0];
  old_row jsonb := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) END;
BEGIN
  INSERT INTO public.audit (table_name, op, row_key, before, after, desk_user, db_user)
  VALUES (TG_TABLE_NAME, TG_OP, COALESCE(new_row, old_row) ->> key_column, old_row, new_row,
          NULLIF(current_setting('app.user', true), ''), session_user);
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION audit_row() FROM PUBLIC;

CREATE FUNCTION bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;

${triggers()}
REVOKE ALL ON audit FROM PUBLIC;
GRANT SELECT ON audit TO ${DESK_ROLE};
`,
};
