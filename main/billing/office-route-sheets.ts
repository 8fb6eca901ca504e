// This desk's side of the office's shared routes (issue 30, item 1): which routes it gives the
// office (the sheets loaded here) and which it took from the office (loaded at another desk), so
// that a desk that never loaded a sheet matches and checks its photos against the office's
// meters, offline too once received. Per route the queue remembers the hash the office had when
// this desk last gave or took it: a route whose office hash differs is taken again; a sheet loaded
// here after that is given, and an office copy never replaces a sheet loaded here that the office
// has not heard of yet.
import { createHash } from 'node:crypto';
import type { MeterRecord } from '../../common/billing/meter-record';
import type {
  OfficeRouteOrderFile,
  OfficeRouteSheet,
  OfficeSheet,
} from '../../common/billing/office-route-sheet';
import type { StoredMeter } from '../store/meter-rows';
import type { Store } from '../store/store';
import type { MatchReport } from './matching';
import { afterSheetLoaded, type SheetFollowUps } from './sheet-follow-ups';

/** Meters without a route in the sheet are kept under this route key. */
export const NO_ROUTE = '(no route)';

/** Per route key, what this queue last gave the office or took from it. */
export const OFFICE_ROUTES_SETTING = 'officeRoutes';

interface HeldRoute {
  /** The route's hash in the office then ('' when the office already held a newer load). */
  sha256: string;
  /** The local sheet it was given from or taken into. */
  sheetId: number;
  /** Taken from the office (loaded at another desk), not loaded here. */
  adopted: boolean;
}

type HeldRoutes = Record<string, HeldRoute>;

function held(store: Store): HeldRoutes {
  return store.settings.get<HeldRoutes>(OFFICE_ROUTES_SETTING, {});
}

function hold(store: Store, routeKey: string, route: HeldRoute): void {
  store.settings.set(OFFICE_ROUTES_SETTING, { ...held(store), [routeKey]: route });
}

/** Per route key, the hash this desk has: the office's routes with another hash are new to it. */
export function knownRouteHashes(store: Store): Map<string, string> {
  return new Map(Object.entries(held(store)).map(([key, r]) => [key, r.sha256]));
}

/** A route as this desk gives it to the office. */
export interface DeskRoute {
  routeKey: string;
  sha256: string;
  /** The newest sheet loaded here that holds the route's meters. */
  sheetId: number;
  sheet: OfficeSheet;
  loadedAt: string;
  meters: MeterRecord[];
  /** The order file the sheet was loaded from (issue 31); null: a route sheet. */
  orderFile: OfficeRouteOrderFile | null;
}

function recordOf(m: StoredMeter): MeterRecord {
  return {
    meterId: m.meterId,
    account: m.account,
    address: m.address,
    route: m.route,
    sequence: m.sequence,
    registerDigits: m.registerDigits,
    registerDecimals: m.registerDecimals,
    previousReading: m.previousReading,
    previousReadingValue: m.previousReadingValue,
    previousReadAt: m.previousReadAt,
    avgDailyUse: m.avgDailyUse,
    barcode: m.barcode ?? null,
    sheetCells: m.sheetCells ?? {},
    accountStatus: m.accountStatus ?? null,
    statusSince: m.statusSince ?? null,
    meterClass: m.meterClass ?? null,
  };
}

/**
 * The routes of the sheets loaded at this desk, each with the meters loaded here since it last
 * took the route from the office (a meter only in an older sheet stays out: the office's newer
 * route no longer has it). Routes taken from the office and not loaded here since are not given
 * back: the office has them already, and an older copy must not come back as new.
 */
export function deskRoutes(store: Store): DeskRoute[] {
  const heldNow = held(store);
  const byRoute = new Map<string, { sheetId: number; meters: MeterRecord[] }>();
  for (const m of store.meters.inRouteOrder()) {
    const key = m.route ?? NO_ROUTE;
    const h = heldNow[key];
    if (h?.adopted && m.sheetId <= h.sheetId) continue;
    const route = byRoute.get(key) ?? { sheetId: 0, meters: [] };
    route.sheetId = Math.max(route.sheetId, m.sheetId);
    route.meters.push(recordOf(m));
    byRoute.set(key, route);
  }
  return [...byRoute].flatMap(([routeKey, { sheetId, meters }]) => {
    const loaded = store.meters.sheetOf(sheetId);
    if (!loaded) return [];
    const { loadedAt, ...read } = loaded;
    const sheet: OfficeSheet = { ...read, otherHeaders: [...read.otherHeaders] };
    const kept = store.orderFiles.forSheet(sheetId);
    const orderFile = kept && {
      name: kept.name,
      profile: kept.profile,
      bytes: kept.bytes,
      sha256: kept.sha256,
      fileTime: kept.fileTime,
    };
    // An order file's bytes are part of what the route holds (a reload that changes only fields
    // the meters do not carry is a new route to the other desks); a route sheet's hash is as it was.
    const sha256 = createHash('sha256')
      .update(JSON.stringify(orderFile ? [sheet, meters, orderFile.sha256] : [sheet, meters]))
      .digest('hex');
    return [{ routeKey, sha256, sheetId, sheet, loadedAt, meters, orderFile }];
  });
}

/** The office answered a route this desk gave: it holds it now, or holds a newer load. */
export function routeGiven(
  store: Store,
  route: DeskRoute,
  taken: 'taken' | 'same' | 'older',
): void {
  hold(store, route.routeKey, {
    sha256: taken === 'older' ? '' : route.sha256,
    sheetId: route.sheetId,
    adopted: false,
  });
}

/** Routes taken from the office, and what their meters changed here. */
export interface RoutesTaken {
  routes: string[];
  meters: number;
  match: MatchReport;
  /** The photos whose match or check changed: the window shows them anew. */
  changed: number[];
}

/**
 * Takes the office's routes into this queue as sheets of their own, then dates the photos without
 * a read date, matches every photo not confirmed again and checks the meters with photos. A route with a sheet loaded here that
 * the office has not answered yet is left as it is (the desk gives its own first).
 */
export async function takeOfficeRoutes(
  store: Store,
  routes: readonly OfficeRouteSheet[],
  now: Date,
): Promise<RoutesTaken> {
  const given = new Map(deskRoutes(store).map((r) => [r.routeKey, r.sheetId]));
  const heldNow = held(store);
  const taken: string[] = [];
  let meters = 0;
  store.db.transaction(() => {
    for (const route of routes) {
      const mine = given.get(route.routeKey);
      if (mine !== undefined && mine > (heldNow[route.routeKey]?.sheetId ?? 0)) continue;
      if (route.meters.length === 0) continue;
      const { sheetId } = store.meters.loadSheet(route.sheet, route.meters);
      // The order file with its route, so this desk's own return is written from the same bytes.
      if (route.orderFile) store.orderFiles.add({ sheetId, ...route.orderFile });
      hold(store, route.routeKey, { sha256: route.sheetSha256, sheetId, adopted: true });
      taken.push(route.routeKey);
      meters += route.meters.length;
    }
  })();
  const followUps: SheetFollowUps = taken.length
    ? await afterSheetLoaded(store, now)
    : { match: { changed: [], meters: [], matched: 0, unmatched: 0, ambiguous: 0 }, changed: [] };
  return { routes: taken, meters, ...followUps };
}
