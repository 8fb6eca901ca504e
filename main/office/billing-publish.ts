// What a desk gives the office for its billing export besides its outbox: its route sheets and the
// dialect they were loaded in. The rows themselves the office derives from the readings and
// decisions every desk published (store/office-billing.ts), whichever desk read the photo.
// Published while the desk runs (periodic-publish.ts), when it stops and before an office export;
// the window's office exports and their overview publish only what changed since they last did.
import { createHash } from 'node:crypto';
import { sheetDialectOf } from '../billing/billing-export';
import type { Store } from '../store/store';
import { NO_ROUTE, publishRoutes, type RoutesToGive } from './route-publish';
import type { OfficeStore } from './store/office-store';

/** Publishes the desk's route sheets and their dialect: safe to repeat. How many routes. */
export async function publishDesk(
  store: Store,
  office: Pick<OfficeStore, 'loadRoute' | 'keepOrderFile' | 'publishDialect'>,
  desk: string,
  at: Date,
  give: RoutesToGive = 'unconfirmed',
): Promise<{ routes: number }> {
  const routes = await publishRoutes(store, office, desk, at, give);
  await publishDialect(store, office, desk, at);
  return { routes };
}

/** The dialect the desk's sheets were loaded in, onto the office's routes of its sheets. */
export async function publishDialect(
  store: Store,
  office: Pick<OfficeStore, 'publishDialect'>,
  desk: string,
  at: Date,
): Promise<void> {
  const dialect = sheetDialectOf(store);
  if (dialect === null) return;
  const routeKeys = [
    ...new Set(Array.from(store.meters.inRouteOrder(), (m) => m.route ?? NO_ROUTE)),
  ];
  if (routeKeys.length === 0) return;
  await office.publishDialect({ user: desk, routeKeys, dialect, at });
}

/** The route sheets as loaded, and their dialect: a new or reloaded sheet changes it. */
export function sheetsMark(store: Store): string {
  return JSON.stringify([
    store.meters.sheets().map(({ id, loadedAt }) => [id, loadedAt]),
    sheetDialectOf(store),
  ]);
}

/**
 * What each queue last published to each office (by a hash of its address) from the window's
 * exports: issue 30, the Export dialog's "Whole office" published the sheets and their dialect at
 * each open and each change of scope, walking every meter of the queue each time.
 */
const publishedMarks = new WeakMap<Store, Map<string, string>>();

/**
 * `publishDesk` unless this queue's sheets and dialect are as it last published them to `office`
 * (named by its address) from here: what was loaded this minute is in, and nothing is walked
 * again when nothing was. Whether it published.
 */
export async function publishDeskIfChanged(
  store: Store,
  office: Pick<OfficeStore, 'loadRoute' | 'keepOrderFile' | 'publishDialect'>,
  officeAddress: string,
  desk: string,
  at: Date,
): Promise<boolean> {
  const target = createHash('sha256').update(`${desk}\u0000${officeAddress}`).digest('hex');
  const mark = sheetsMark(store);
  const marks = publishedMarks.get(store) ?? new Map<string, string>();
  if (marks.get(target) === mark) return false;
  await publishDesk(store, office, desk, at);
  marks.set(target, mark);
  publishedMarks.set(store, marks);
  return true;
}
