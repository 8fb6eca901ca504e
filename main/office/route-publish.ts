// The route sheets this desk loaded, into the office, and the office's routes into this desk
// (issue 30, item 1: the office's routes are every desk's). Giving: one upsert per route of the
// sheets loaded here (loading a sheet again, here or at another desk, updates its meters and never
// duplicates them; unchanged meters keep their version; an older load never replaces a newer
// one). Read from the desk's queue, so a sheet loaded while the office was away goes with the next
// publish; a route the office confirmed holding is not given again. Taking: the routes whose hash
// in the office differs from the one this desk has. A route loaded from a billing system's order
// file (issue 31) goes with the file itself, byte for byte, both ways.
import type { OfficeRouteSheet } from '../../common/billing/office-route-sheet';
import { deskRoutes, knownRouteHashes, NO_ROUTE, routeGiven } from '../billing/office-route-sheets';
import type { Store } from '../store/store';
import type { OfficeStore } from './store/office-store';

export { NO_ROUTE } from '../billing/office-route-sheets';

/**
 * Which routes a publish gives: those whose content the office has not confirmed (it answered
 * 'taken' or 'same' for this very hash before), or every one (`office republish`, after the office
 * was restored from a backup that may lack them).
 */
export type RoutesToGive = 'unconfirmed' | 'all';

/** What a desk gives its routes to. */
export type RouteGiving = Pick<OfficeStore, 'loadRoute' | 'keepOrderFile'>;

/** Publishes the routes of the sheets loaded at this desk; how many routes it gave. */
export async function publishRoutes(
  store: Store,
  office: RouteGiving,
  user: string,
  at: Date,
  give: RoutesToGive = 'unconfirmed',
): Promise<number> {
  // Issue 30: every sync gave every route again (a transaction of every meter each) although the
  // office already held it; a changed sheet has another hash and goes again.
  const confirmed = knownRouteHashes(store);
  const routes = deskRoutes(store).filter(
    (route) => give === 'all' || confirmed.get(route.routeKey) !== route.sha256,
  );
  for (const route of routes) {
    // The order file before its route: a desk stopped in between gives both again (the route is
    // not confirmed yet), never a confirmed route whose file the office lacks.
    if (route.orderFile)
      await office.keepOrderFile({
        routeKey: route.routeKey,
        ...route.orderFile,
        loadedAt: new Date(route.loadedAt),
        user,
        at,
      });
    const { taken } = await office.loadRoute({
      routeKey: route.routeKey,
      sheetSha256: route.sha256,
      sheet: route.sheet,
      loadedAt: new Date(route.loadedAt),
      withoutRoute: route.routeKey === NO_ROUTE,
      meters: route.meters.map((m) => ({
        meterNumber: m.meterId,
        sequence: m.sequence === null ? null : Math.round(m.sequence),
        wholeDigits: m.registerDigits,
        decimals: m.registerDecimals,
        previousReading: m.previousReading,
        previousReadAt: m.previousReadAt,
        record: m,
      })),
      user,
      at,
    });
    routeGiven(store, route, taken);
  }
  return routes.length;
}

/**
 * What the office has that this desk has not: its routes whose hash differs from the one this
 * desk last gave or took. This desk's own sheets go first, so a sheet loaded here while the office
 * was away is not taken for the office's older copy.
 */
export async function officeRoutesToTake(
  store: Store,
  office: RouteGiving & Pick<OfficeStore, 'changedRoutes' | 'orderFilesOf'>,
  user: string,
  at: Date,
): Promise<OfficeRouteSheet[]> {
  await publishRoutes(store, office, user, at);
  const routes = await office.changedRoutes(knownRouteHashes(store));
  if (routes.length === 0) return routes;
  const files = new Map(
    (await office.orderFilesOf(routes.map((r) => r.routeKey))).map((f) => [f.routeKey, f]),
  );
  return routes.map((route) => {
    const f = files.get(route.routeKey);
    if (!f) return route;
    const { name, profile, bytes, sha256, fileTime } = f;
    return { ...route, orderFile: { name, profile, bytes, sha256, fileTime } };
  });
}
