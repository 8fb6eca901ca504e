import type { OfficeMigration } from './migration';

/** The desks' group role as it was named when this migration shipped (its own copy). */
const DESK_ROLE = 'meterdesk_desk';
/** A claim names the desk's queue too (main/office/claimant.ts as it was when this shipped). */
const QUEUE_SUFFIX = '#q[0-9a-f]{8}$';

/** Each guarded table: whether a desk may change or delete only rows already under its own name. */
const GUARDED = {
  // A reading is its desk's: another desk can neither change it nor forge one under its name.
  readings: 'own-rows',
  decisions: 'own-rows',
  // A claim or a lease that ran out is taken over, but only for the desk that takes it.
  photos: 'new-rows',
  review_leases: 'new-rows',
} as const;

function triggers(): string {
  return Object.entries(GUARDED)
    .map(
      ([table, rule]) =>
        `CREATE TRIGGER ${table}_desk_own BEFORE INSERT OR UPDATE OR DELETE ON ${table}\n` +
        `  FOR EACH ROW EXECUTE FUNCTION desk_writes_own('${rule}');`,
    )
    .join('\n');
}

/**
 * Issue 30, item 6: a desk's role may write only its own rows. Desk names ("anna@pc-7") are not
 * login roles ("desk_anna"), and several PCs may share one login, so `office_desks` binds each desk
 * name to the login role that first wrote under it (the rows an office already has are bound to
 * the role that wrote them last, from the audit trail). A desk's role then adds readings, decisions,
 * claims and review leases only under desk names bound to it, changes only its own readings, and
 * its decision ends only its own review lease (another's is left to run out); the holder of a live
 * review lease may hand it to another desk. The check is a
 * trigger running as the owner, so it raises with who owns the row rather than skipping it
 * silently as a row-level security policy would. The owner and superusers are not desks (they
 * migrate, repair and rebind: `UPDATE office_desks SET db_role = ...`, audited).
 */
export const officeMigration008: OfficeMigration = {
  version: 8,
  name: 'desks write their own rows',
  up: `
CREATE TABLE office_desks (
  desk text PRIMARY KEY,
  db_role name NOT NULL,
  bound_at timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON office_desks FROM PUBLIC;
GRANT SELECT ON office_desks TO ${DESK_ROLE};
CREATE TRIGGER office_desks_audit AFTER INSERT OR UPDATE OR DELETE ON office_desks
  FOR EACH ROW EXECUTE FUNCTION audit_row('desk');

INSERT INTO office_desks (desk, db_role, bound_at)
SELECT DISTINCT ON (desk) desk, db_user, at
  FROM (SELECT regexp_replace(COALESCE(a.after, a.before) ->> 'desk', '${QUEUE_SUFFIX}', '') AS desk,
               a.db_user, a.at, a.id
          FROM audit a
         WHERE a.table_name IN ('readings', 'decisions', 'photos', 'review_leases')
           AND a.op <> 'DELETE'
           AND a.db_user <> current_user
           AND EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = a.db_user AND NOT r.rolsuper)
       ) AS written
 WHERE desk IS NOT NULL
 ORDER BY desk, id DESC;

CREATE FUNCTION desk_writes_own() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  rule text := TG_ARGV[0];
  asker name := session_user;
  owner_desk text;
  bound name;
BEGIN
  -- Inside this function current_user is the schema's owner: the owner itself and superusers
  -- are not desks.
  IF asker = current_user OR (SELECT r.rolsuper FROM pg_roles r WHERE r.rolname = asker) THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP <> 'INSERT' AND (rule = 'own-rows' OR TG_OP = 'DELETE') THEN
    owner_desk := regexp_replace(OLD.desk, '${QUEUE_SUFFIX}', '');
    SELECT d.db_role INTO bound FROM public.office_desks d WHERE d.desk = owner_desk;
    IF bound IS DISTINCT FROM asker THEN
      -- A decision ends every lease on its meter: another desk's is left to run out.
      IF TG_OP = 'DELETE' AND rule = 'new-rows' THEN RETURN NULL; END IF;
      RAISE EXCEPTION 'desk role % may not change % of desk %', asker, TG_TABLE_NAME, owner_desk
        USING ERRCODE = 'insufficient_privilege',
              DETAIL = format('Desk %s writes as %s.', owner_desk, COALESCE(bound, '(no role)'));
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  -- The holder of a live review lease may hand it to the desk that asked for it (lease-handover.ts):
  -- the row then names the other desk, written by the holder's role, which binds nothing.
  -- Nested: OLD.lease_until exists only on review_leases, and an IF's condition is planned whole.
  IF TG_TABLE_NAME = 'review_leases' AND TG_OP = 'UPDATE' THEN
    IF OLD.lease_until > now() AND NEW.desk IS DISTINCT FROM OLD.desk THEN
      SELECT d.db_role INTO bound FROM public.office_desks d
       WHERE d.desk = regexp_replace(OLD.desk, '${QUEUE_SUFFIX}', '');
      IF bound = asker THEN RETURN NEW; END IF;
    END IF;
  END IF;
  owner_desk := regexp_replace(NEW.desk, '${QUEUE_SUFFIX}', '');
  SELECT d.db_role INTO bound FROM public.office_desks d WHERE d.desk = owner_desk;
  IF bound IS NULL THEN
    INSERT INTO public.office_desks (desk, db_role) VALUES (owner_desk, asker)
      ON CONFLICT (desk) DO NOTHING;
    SELECT d.db_role INTO bound FROM public.office_desks d WHERE d.desk = owner_desk;
  END IF;
  IF bound IS DISTINCT FROM asker THEN
    RAISE EXCEPTION 'desk role % may not write % as desk %', asker, TG_TABLE_NAME, owner_desk
      USING ERRCODE = 'insufficient_privilege',
            DETAIL = format('Desk %s writes as %s.', owner_desk, bound);
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION desk_writes_own() FROM PUBLIC;

${triggers()}
`,
};
