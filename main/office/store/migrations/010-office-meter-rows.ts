import type { OfficeMigration } from './migration';

/** The desks' group role as it was named when this migration shipped (its own copy). */
const DESK_ROLE = 'meterdesk_desk';

/** The columns of a meter its billing row is derived from (not its review state, not its version). */
const METER_FACTS = [
  'route_id',
  'meter_number',
  'sequence',
  'whole_digits',
  'decimals',
  'previous_reading',
  'previous_read_at',
  'record',
];

const meterFactsChanged = METER_FACTS.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');

/**
 * Each meter's billing row kept in the office (issue 30: deriving every row at each export and
 * report took 25-54 s on 100,000 meters with three cycles). A row is derived by the desk's code in
 * TypeScript (common/billing/office-meter-row.ts), so the database cannot derive it itself; it
 * records instead which routes' rows a published fact may have changed, and the export or report
 * first derives those routes again (main/office/store/office-rows.ts):
 * - `office_meter_rows`: each meter's row, its state, whether it is read, and the desk behind it;
 * - `office_rows_dirty`: an append-only list of routes to derive again, written by triggers on
 *   readings, decisions and meters, whatever path wrote them (a publish, a batch, an undo, a sheet
 *   reload, a hand-over). Append-only so two desks publishing on the same routes in different
 *   orders never wait for each other (a unique mark would make them, and could deadlock);
 * - `office_route_rows`: when a route was derived, whether its rows depend on the clock (a
 *   photo dated after that moment: its "date in the future" flag lapses with time), and its
 *   meters per state, which the report counts (its rows' JSON makes the rows' table 1 KB a meter);
 * - `office_rows_state`: the cycle's start the rows were derived with (the earliest previous read
 *   date of all sheets) and the derivation's version: when either changes, every route is derived
 *   again.
 * `meters_by_previous_read`: where the cycle starts is read at every export and report.
 * The route is the unit because a photo's read date is checked against its route's other photos.
 * A reading marks its meter's route (by id, or by number while unlinked), and when its photo has
 * decisions, the routes of every meter read from that photo: a decision follows its photo's newest
 * reading. The triggers run as the schema's owner (a desk's role may not write the marks
 * directly); a desk's role reads and writes the derived rows, as it derives them.
 * Every route of an office migrated from 009 is marked, so its first export derives them all.
 */
export const officeMigration010: OfficeMigration = {
  version: 10,
  name: 'derived meter rows kept',
  up: `
CREATE TABLE office_meter_rows (
  meter_id bigint PRIMARY KEY REFERENCES meters (id) ON DELETE CASCADE,
  route_id bigint NOT NULL REFERENCES routes (id) ON DELETE CASCADE,
  desk text,
  state text NOT NULL,
  read boolean NOT NULL,
  row jsonb NOT NULL
);
CREATE INDEX office_meter_rows_by_route ON office_meter_rows (route_id);

CREATE TABLE office_rows_dirty (
  id bigserial PRIMARY KEY,
  route_id bigint NOT NULL
);
CREATE INDEX office_rows_dirty_by_route ON office_rows_dirty (route_id);

CREATE TABLE office_route_rows (
  route_id bigint PRIMARY KEY REFERENCES routes (id) ON DELETE CASCADE,
  derived_at timestamptz NOT NULL,
  clock_bound boolean NOT NULL,
  counts jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX meters_by_previous_read ON meters (previous_read_at);

CREATE TABLE office_rows_state (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  cycle_from text,
  derivation integer NOT NULL
);

CREATE FUNCTION office_rows_mark_photo(photo text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  INSERT INTO public.office_rows_dirty (route_id)
  SELECT DISTINCT m.route_id
    FROM public.readings r
    JOIN public.meters m
      ON m.id = r.meter_id OR (r.meter_id IS NULL AND m.meter_number = r.meter_number)
   WHERE r.sha256 = photo
     AND EXISTS (SELECT 1 FROM public.decisions d WHERE d.sha256 = photo);
$$;

CREATE FUNCTION office_rows_mark_meter(meter bigint, number text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
  INSERT INTO public.office_rows_dirty (route_id)
  SELECT DISTINCT m.route_id FROM public.meters m
   WHERE m.id = meter OR (meter IS NULL AND m.meter_number = number);
$$;

CREATE FUNCTION office_rows_fact() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM public.office_rows_mark_meter(OLD.meter_id, OLD.meter_number);
    IF OLD.sha256 IS NOT NULL THEN PERFORM public.office_rows_mark_photo(OLD.sha256); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM public.office_rows_mark_meter(NEW.meter_id, NEW.meter_number);
    IF NEW.sha256 IS NOT NULL THEN PERFORM public.office_rows_mark_photo(NEW.sha256); END IF;
  END IF;
  RETURN NULL;
END $$;

-- A meter's own route, and every meter of its number: a number on one meter links the readings
-- published before the office had the meter, on two it links neither.
CREATE FUNCTION office_rows_meter() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  number text;
BEGIN
  FOREACH number IN ARRAY ARRAY[
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.meter_number END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.meter_number END]
  LOOP
    CONTINUE WHEN number IS NULL;
    INSERT INTO public.office_rows_dirty (route_id)
    SELECT DISTINCT m.route_id FROM public.meters m WHERE m.meter_number = number;
    -- Readings this number links, and the decisions on their photos.
    PERFORM public.office_rows_mark_photo(r.sha256)
       FROM (SELECT DISTINCT sha256 FROM public.readings
              WHERE meter_id IS NULL AND meter_number = number) r;
  END LOOP;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO public.office_rows_dirty (route_id) VALUES (OLD.route_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO public.office_rows_dirty (route_id) VALUES (NEW.route_id);
  END IF;
  RETURN NULL;
END $$;

REVOKE ALL ON FUNCTION office_rows_mark_photo(text), office_rows_mark_meter(bigint, text),
  office_rows_fact(), office_rows_meter() FROM PUBLIC;

CREATE TRIGGER readings_office_rows AFTER INSERT OR UPDATE OR DELETE ON readings
  FOR EACH ROW EXECUTE FUNCTION office_rows_fact();
CREATE TRIGGER decisions_office_rows AFTER INSERT OR UPDATE OR DELETE ON decisions
  FOR EACH ROW EXECUTE FUNCTION office_rows_fact();
CREATE TRIGGER meters_office_rows_new AFTER INSERT OR DELETE ON meters
  FOR EACH ROW EXECUTE FUNCTION office_rows_meter();
CREATE TRIGGER meters_office_rows_changed AFTER UPDATE ON meters
  FOR EACH ROW WHEN (${meterFactsChanged}) EXECUTE FUNCTION office_rows_meter();

INSERT INTO office_rows_dirty (route_id) SELECT id FROM routes;

GRANT SELECT, INSERT, UPDATE, DELETE
  ON office_meter_rows, office_rows_dirty, office_route_rows, office_rows_state TO ${DESK_ROLE};
GRANT USAGE ON SEQUENCE office_rows_dirty_id_seq TO ${DESK_ROLE};
`,
};
