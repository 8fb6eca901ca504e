// What the Export dialog's "Whole office" needs from the office (issue 30, item 8), without reading
// every kept row (100,000 rows of 1 KB of JSON at each open and each change of scope): the counts
// each route's derivation kept (office_route_rows.counts, office migration 010), the flagged
// meters the warning names read only from the routes whose counts have some, and the preview's
// first rows read route by route in walking order until there are enough. A route's rows are read
// on its index (office_meter_rows_by_route), only those the scope or the warning wants.
import type { BillingRow } from '../../../common/billing/billing-row';
import { inExportScope, type BillingScope } from '../../../common/billing/export-scope';
import { FLAGGED_METER_STATES } from '../../../common/billing/meter-outcome';
import { NO_ROUTE } from '../../billing/office-route-sheets';
import { inTransaction, type OfficeClient, type OfficePool } from './office-db';
import { officeSheetDialect } from './office-billing';
import { refreshOfficeRows, type OfficeRouteCount, type RouteStateCount } from './office-rows';
import { walkingOrder, type WalkPlace } from './walking-order';

export interface OverviewWants {
  scope: BillingScope;
  /** Flagged meters to name, the first in walking order. */
  flagged: number;
  /** Rows of the scope to preview, the first in walking order. */
  first: number;
}

export interface OfficeOverviewFacts {
  counts: OfficeRouteCount[];
  flaggedMeters: string[];
  first: BillingRow[];
  /** The sheets' columns no field takes, as the routes' sheets name them (a desk's export's). */
  sheetColumns: string[];
  dialect: unknown;
}

interface KeptRoute {
  id: string;
  key: string;
  counts: RouteStateCount[];
  headers: unknown;
}

/**
 * The routes in the walking order of their rows: a row's route is its route's key (none for the
 * meters of no route, walked last).
 */
function walkOfRoutes(routes: KeptRoute[]): KeptRoute[] {
  const place = (r: KeptRoute): WalkPlace => ({
    route: r.key === NO_ROUTE ? null : r.key,
    sequence: null,
    meterId: null,
  });
  return routes.sort((a, b) => walkingOrder(place(a), place(b)));
}

/**
 * The first `n` of `pick`'s rows in walking order, read from `routes` (in walking order) a few
 * routes a statement, more each time: a route's rows all walk before the next route's.
 */
async function firstInWalk<T extends WalkPlace>(
  routes: readonly KeptRoute[],
  n: number,
  pick: (routeIds: string[]) => Promise<T[]>,
): Promise<T[]> {
  const found: T[] = [];
  let at = 0;
  for (let batch = 1; found.length < n && at < routes.length; batch *= 4) {
    const ids = routes.slice(at, at + batch).map((r) => r.id);
    at += ids.length;
    found.push(...(await pick(ids)).sort(walkingOrder));
  }
  return found.slice(0, n);
}

const scopeFilter: Record<BillingScope, string> = {
  all: 'true',
  // inExportScope's test in SQL, so that only the rows it keeps leave the server.
  finished: `((x.row ->> 'unmatched')::boolean OR (x.row ->> 'useOnBill')::boolean
              OR x.row ->> 'skipCode' IS NOT NULL)`,
};

async function firstRows(
  c: OfficeClient,
  routes: readonly KeptRoute[],
  scope: BillingScope,
  n: number,
): Promise<BillingRow[]> {
  return firstInWalk(routes, n, async (ids) => {
    const { rows } = await c.query<{ row: BillingRow }>(
      `SELECT x.row FROM office_meter_rows x
        WHERE x.route_id = ANY($1::bigint[]) AND ${scopeFilter[scope]}`,
      [ids],
    );
    return rows.map((r) => r.row).filter((row) => inExportScope(row, scope));
  });
}

async function flaggedMeters(
  c: OfficeClient,
  routes: readonly KeptRoute[],
  n: number,
): Promise<string[]> {
  const flagged = routes.filter((r) =>
    r.counts.some((s) => s.meters > 0 && FLAGGED_METER_STATES.includes(s.state)),
  );
  const found = await firstInWalk(flagged, n, async (ids) => {
    const { rows } = await c.query<{
      route: string | null;
      sequence: number | null;
      meter: string;
    }>(
      `SELECT x.row ->> 'route' AS route, (x.row ->> 'sequence')::float8 AS sequence,
              x.row ->> 'meterId' AS meter
         FROM office_meter_rows x
        WHERE x.route_id = ANY($1::bigint[]) AND x.state = ANY($2::text[])
          AND x.row ->> 'meterId' IS NOT NULL`,
      [ids, FLAGGED_METER_STATES],
    );
    return rows.map((r) => ({ route: r.route, sequence: r.sequence, meterId: r.meter }));
  });
  return found.map((r) => r.meterId);
}

/**
 * The overview's facts: the rows brought up to date first (office-rows.ts), then the routes'
 * kept counts in one statement and as few of the rows as the flagged meters and the preview need.
 */
export async function officeOverviewFacts(
  pool: OfficePool,
  user: string,
  wants: OverviewWants,
): Promise<OfficeOverviewFacts> {
  await refreshOfficeRows(pool, user);
  return inTransaction(pool, user, async (c) => {
    await c.query('SET TRANSACTION READ ONLY');
    const kept = await c.query<KeptRoute>(
      `SELECT x.route_id::text AS id, r.route_key AS key, x.counts, r.sheet -> 'otherHeaders' AS headers
         FROM office_route_rows x JOIN routes r ON r.id = x.route_id`,
    );
    const routes = walkOfRoutes(kept.rows);
    const sheetColumns = new Set<string>();
    for (const r of routes)
      if (Array.isArray(r.headers))
        for (const h of r.headers) if (typeof h === 'string') sheetColumns.add(h);
    return {
      counts: routes.flatMap((r) => r.counts.map((s) => ({ routeKey: r.key, ...s }))),
      flaggedMeters: await flaggedMeters(c, routes, wants.flagged),
      first: await firstRows(c, routes, wants.scope, wants.first),
      sheetColumns: [...sheetColumns],
      dialect: await officeSheetDialect(c),
    };
  });
}
