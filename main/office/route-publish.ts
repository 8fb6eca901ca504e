// The route sheets this desk loaded, into the office: one upsert per route (loading a sheet again,
// here or at another desk, updates its meters and never duplicates them; unchanged meters keep
// their version). Read from the desk's queue, so a sheet loaded while the office was away goes
// with the next publish.
import type { MeterRecord } from '../../common/billing/meter-record';
import type { Store } from '../store/store';
import type { OfficeMeterRow } from './store/office-routes';
import type { OfficeStore } from './store/office-store';

/** Meters without a route in the sheet are kept under this route key. */
export const NO_ROUTE = '(no route)';

export function routesOf(store: Store): Map<string, OfficeMeterRow[]> {
  const routes = new Map<string, OfficeMeterRow[]>();
  for (const { meterId } of store.meters.ids()) {
    const m: MeterRecord | undefined = store.meters.get(meterId);
    if (!m) continue;
    const key = m.route ?? NO_ROUTE;
    const rows = routes.get(key) ?? [];
    rows.push({
      meterNumber: m.meterId,
      sequence: m.sequence === null ? null : Math.round(m.sequence),
      wholeDigits: m.registerDigits,
      decimals: m.registerDecimals,
      previousReading: m.previousReading,
      previousReadAt: m.previousReadAt,
    });
    routes.set(key, rows);
  }
  return routes;
}

/** Publishes every route of the desk's sheets; how many routes. */
export async function publishRoutes(
  store: Store,
  office: Pick<OfficeStore, 'loadRoute'>,
  user: string,
  at: Date,
): Promise<number> {
  const routes = routesOf(store);
  for (const [routeKey, meters] of routes) {
    await office.loadRoute({ routeKey, sheetSha256: null, meters, user, at });
  }
  return routes.size;
}
