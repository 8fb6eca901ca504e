// Each meter's line of the office-wide export kept beside its row (office migration 013). The
// export names its template and zone by a key; routes whose lines were made with another key, or
// from rows derived before their newest derivation, get their lines made again by the caller's
// code (the desk's CSV writer) and kept, a batch of routes a transaction; then the lines are read
// in the desk's walking order from their index. On a day nothing changed the export reads 100,000
// short lines and none of the rows' JSON.
import type { BillingRow } from '../../../common/billing/billing-row';
import type { MeterState } from '../../../common/billing/meter-outcome';
import { inTransaction, type OfficeClient, type OfficePool } from './office-db';
import { refreshOfficeRows, type OfficeBillingRow } from './office-rows';

/** pg_advisory_xact_lock key: "MeterDesk office lines" hashed once, a constant forever. */
const LINES_LOCK = 7_402_913_611;

/** Routes whose lines are made in one transaction (10,000 meters at 400 a route). */
const ROUTES_A_BATCH = 25;

/**
 * A route's rows in, each row's line out (CRLF included), in the same order; null where the
 * template leaves the row out. May throw: nothing of that batch is kept.
 */
export type LineMaker = (rows: readonly OfficeBillingRow[]) => (string | null)[];

export interface OfficeLines {
  /** The lines in the desk's walking order (main/store/meters-repo.ts inRouteOrder). */
  lines: string[];
  /** Desks whose readings (or, without one, decisions) the lines bill, with how many each. */
  desks: Map<string, number>;
  unmatched: number;
}

interface StaleRoute {
  route_id: string;
  /** As text, so the route's derivation is named to the microsecond when its lines are kept. */
  derived_at: string;
}

/** Routes whose kept lines are not those of `key` and of their rows as derived now. */
async function staleRoutes(c: OfficeClient, key: string): Promise<StaleRoute[]> {
  const { rows } = await c.query<StaleRoute>(
    `SELECT x.route_id::text AS route_id, x.derived_at::text AS derived_at
       FROM office_route_rows x
       LEFT JOIN office_route_lines l
         ON l.route_id = x.route_id AND l.line_key = $1 AND l.derived_at = x.derived_at
      WHERE l.route_id IS NULL
      ORDER BY x.route_id
      LIMIT ${ROUTES_A_BATCH}`,
    [key],
  );
  return rows;
}

interface RowOfRoute {
  route_id: string;
  derived_at: string;
  meter_id: string;
  route_key: string;
  desk: string | null;
  state: MeterState;
  read: boolean;
  row: BillingRow;
}

/** Makes and keeps the lines of `routes`, from their rows and derivation read in one statement. */
async function keepLines(
  c: OfficeClient,
  key: string,
  routes: readonly StaleRoute[],
  make: LineMaker,
): Promise<void> {
  const ids = routes.map((r) => r.route_id);
  const { rows } = await c.query<RowOfRoute>(
    `SELECT x.route_id::text AS route_id, k.derived_at::text AS derived_at,
            x.meter_id::text AS meter_id, r.route_key, x.desk, x.state, x.read, x.row
       FROM office_meter_rows x
       JOIN office_route_rows k ON k.route_id = x.route_id
       JOIN routes r ON r.id = x.route_id
      WHERE x.route_id = ANY($1::bigint[])`,
    [ids],
  );
  const lines = make(
    rows.map((r) => ({
      routeKey: r.route_key,
      desk: r.desk,
      state: r.state,
      read: r.read,
      row: r.row,
    })),
  );
  // The derivation the lines were made from: a route whose rows the statement above read as
  // derived again since `staleRoutes` keeps that newer moment; one without meters keeps its own.
  const derived = new Map(routes.map((r) => [r.route_id, r.derived_at]));
  for (const r of rows) derived.set(r.route_id, r.derived_at);
  await c.query('DELETE FROM office_route_lines WHERE route_id = ANY($1::bigint[])', [ids]);
  // A route gone meanwhile (its sheet deleted by hand) keeps nothing.
  await c.query(
    `INSERT INTO office_route_lines (route_id, line_key, derived_at)
     SELECT u.id, $3, u.at FROM unnest($1::bigint[], $2::timestamptz[]) u (id, at)
      WHERE EXISTS (SELECT 1 FROM office_route_rows x WHERE x.route_id = u.id)`,
    [[...derived.keys()], [...derived.values()], key],
  );
  const kept = rows.flatMap((r, i) => {
    const line = lines[i];
    return line === null || line === undefined ? [] : [{ r, line }];
  });
  await c.query(
    `INSERT INTO office_meter_lines (route_id, meter_id, walk_route, walk_sequence, walk_meter,
       desk, unmatched, line)
     SELECT u.* FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::float8[], $5::text[],
                            $6::text[], $7::boolean[], $8::text[])
                     u (route_id, meter_id, walk_route, walk_sequence, walk_meter, desk, unmatched,
                        line)
      WHERE u.route_id IN (SELECT route_id FROM office_route_lines
                            WHERE route_id = ANY($1::bigint[]))`,
    [
      kept.map(({ r }) => r.route_id),
      kept.map(({ r }) => r.meter_id),
      kept.map(({ r }) => r.row.route),
      kept.map(({ r }) => r.row.sequence),
      // The desk's walking order puts a row without a meter (none here: every row is a meter's)
      // first, as the empty text.
      kept.map(({ r }) => r.row.meterId ?? ''),
      kept.map(({ r }) => r.desk),
      kept.map(({ r }) => r.row.unmatched),
      kept.map(({ line }) => line),
    ],
  );
}

/** Every kept line of `key`, in walking order: the order the lines' index keeps. */
async function readLines(c: OfficeClient, key: string): Promise<OfficeLines> {
  const { rows } = await c.query<[string, string | null, boolean]>({
    text: `SELECT l.line, l.desk, l.unmatched
             FROM office_meter_lines l
            WHERE l.route_id IN (SELECT route_id FROM office_route_lines WHERE line_key = $1)
            ORDER BY l.walk_route NULLS LAST, l.walk_sequence NULLS LAST, l.walk_meter`,
    values: [key],
    rowMode: 'array',
  });
  const lines: string[] = new Array<string>(rows.length);
  const desks = new Map<string, number>();
  let unmatched = 0;
  rows.forEach(([line, desk, isUnmatched], i) => {
    lines[i] = line;
    if (desk !== null) desks.set(desk, (desks.get(desk) ?? 0) + 1);
    if (isUnmatched) unmatched++;
  });
  return { lines, desks, unmatched };
}

/**
 * The office's export lines for `key` (a template and zone, as the caller names them), every
 * meter's, in walking order: the rows brought up to date first (office-rows.ts), then the lines of
 * routes derived since their lines were made, or made with another key, made again by `make` and
 * kept. One export writes lines at a time (an advisory lock), and reads them under the same lock,
 * so an export with another template cannot replace them between.
 */
export async function officeExportLines(
  pool: OfficePool,
  user: string,
  key: string,
  make: LineMaker,
): Promise<OfficeLines> {
  await refreshOfficeRows(pool, user);
  for (;;) {
    const done = await inTransaction(pool, user, async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [LINES_LOCK]);
      const stale = await staleRoutes(c, key);
      if (stale.length === 0) return readLines(c, key);
      await keepLines(c, key, stale, make);
      return null;
    });
    if (done) return done;
  }
}
