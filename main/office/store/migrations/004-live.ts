import type { OfficeMigration } from './migration';

// The channel and the tables as they stood when this migration shipped: its own copies, not the
// live OFFICE_LIVE_CHANNEL and LIVE_TABLES (main/office/store/office-live.ts, which the desks
// listen with), so editing those cannot edit a step offices already ran. The 004 test listens on
// the live channel and hears every table's note: a live change that parts from these fails it
// and needs a migration of its own.

/** The channel every desk LISTENs on. */
const CHANNEL_AT_004 = 'meterdesk_office';

/** The tables whose changes another desk's screen shows. */
const TABLES_AT_004 = ['decisions', 'readings', 'review_leases', 'meters'];

/**
 * Live updates: after every change to a decision, reading, review lease or meter, a short JSON
 * note on one channel saying what changed (table, operation, row, meter, photo, desk, version),
 * never the row itself. The note goes out when the transaction commits, so a desk never sees a
 * change that is rolled back. Every text in it is cut short: a NOTIFY payload must stay under
 * 8000 bytes, and a desk re-reads the row anyway. The route key is looked up for a meter only,
 * by its primary key.
 */
export const officeMigration004: OfficeMigration = {
  version: 4,
  name: 'live change notes',
  up: `
CREATE FUNCTION notify_office_change() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  r jsonb := CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END;
  route_key text;
BEGIN
  IF TG_TABLE_NAME = 'meters' THEN
    SELECT routes.route_key INTO route_key FROM routes WHERE id = (r ->> 'route_id')::bigint;
  END IF;
  PERFORM pg_notify('${CHANNEL_AT_004}', jsonb_strip_nulls(jsonb_build_object(
    'table', TG_TABLE_NAME,
    'op', TG_OP,
    'id', r -> 'id',
    'meterId', CASE WHEN TG_TABLE_NAME = 'meters' THEN r -> 'id' ELSE r -> 'meter_id' END,
    'meterNumber', left(r ->> 'meter_number', 200),
    'routeKey', left(route_key, 200),
    'sha256', left(r ->> 'sha256', 64),
    'desk', left(COALESCE(r ->> 'desk', r ->> 'updated_by'), 200),
    'version', r -> 'version'
  ))::text);
  RETURN NULL;
END $$;

${TABLES_AT_004.map(
  (table) =>
    `CREATE TRIGGER ${table}_live AFTER INSERT OR UPDATE OR DELETE ON ${table}\n` +
    '  FOR EACH ROW EXECUTE FUNCTION notify_office_change();',
).join('\n')}
`,
};
