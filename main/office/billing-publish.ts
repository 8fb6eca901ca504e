// The desk's billing rows for the office: per meter of its route sheets, the row its own billing
// export writes (main/billing/meter-readings.ts, the same code, so the office export and a desk's
// export cannot drift), with where the meter stands. Published while the desk runs
// (periodic-publish.ts), when it stops and before an office export.
import { SHEET_DIALECT_SETTING, storedDialect } from '../../common/billing/export-dialect';
import { billingRows, meterReadings } from '../billing/meter-readings';
import type { Store } from '../store/store';
import { NO_ROUTE, publishRoutes, type RoutesToGive } from './route-publish';
import type { DeskBillingRow } from './store/office-billing';
import type { OfficeStore } from './store/office-store';

/**
 * One row per meter, in the desk export's order: billingRows yields meterReadings' rows first, in
 * the same order (taken whole first: the queue's statements cannot be iterated two at a time).
 */
export function deskBillingRows(store: Store): DeskBillingRow[] {
  const billing = [...billingRows(store)];
  const rows: DeskBillingRow[] = [];
  let i = 0;
  for (const { meter, outcome } of meterReadings(store)) {
    const row = billing[i++];
    if (row?.meterId !== meter.meterId)
      throw new Error(`billing rows out of step at ${meter.meterId}`);
    rows.push({
      routeKey: meter.route ?? NO_ROUTE,
      meterNumber: meter.meterId,
      state: outcome.state,
      billable: row.useOnBill,
      row,
    });
  }
  return rows;
}

/**
 * Publishes the desk's route sheets, then its billing rows (they name the routes' meters): an
 * upsert of what the queue holds, safe to repeat. How many routes, and how many rows changed.
 */
export async function publishDesk(
  store: Store,
  office: Pick<OfficeStore, 'loadRoute' | 'publishBilling'>,
  desk: string,
  at: Date,
  give: RoutesToGive = 'unconfirmed',
): Promise<{ routes: number; rows: number }> {
  const routes = await publishRoutes(store, office, desk, at, give);
  return { routes, rows: await publishRows(store, office, desk, deskBillingRows(store), at) };
}

/** Publishes these of the desk's billing rows, with the dialect its sheets were loaded in. */
export async function publishRows(
  store: Store,
  office: Pick<OfficeStore, 'publishBilling'>,
  desk: string,
  rows: readonly DeskBillingRow[],
  at: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const dialect = storedDialect(store.settings.get<unknown>(SHEET_DIALECT_SETTING, null));
  return office.publishBilling({ desk, user: desk, rows, dialect, at });
}
