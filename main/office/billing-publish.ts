// What a desk gives the office for its billing export besides its outbox: its route sheets and the
// dialect they were loaded in. The rows themselves the office derives from the readings and
// decisions every desk published (store/office-billing.ts), whichever desk read the photo.
// Published while the desk runs (periodic-publish.ts), when it stops and before an office export.
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
