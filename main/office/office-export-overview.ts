// What the Export dialog's "Whole office" shows before it writes (issue 30, item 8): the counts a
// desk's export shows, for every meter of the office and by route, the flagged meters the scope
// leaves out or includes, and the first rows of the file, from the rows `export --office` writes
// (one read of the office's kept rows), in the same walking order.
import type { BillingRow } from '../../common/billing/billing-row';
import { storedDialect } from '../../common/billing/export-dialect';
import { officeTimeZone } from '../../common/billing/export-read-at';
import { inExportScope, type BillingScope } from '../../common/billing/export-scope';
import { FLAGGED_METER_STATES, METER_STATES, noMeters } from '../../common/billing/meter-outcome';
import type { OfficeExportOverview, OfficeExportRoute } from '../../common/ipc/office-export-views';
import { PREVIEW_ROWS } from '../billing/billing-export';
import { officeRouteProgress, walkingOrder } from './office-export';
import { officeRouteCounts } from './store/office-billing';
import type { OfficeStore } from './store/office-store';

/** Flagged meters the warning names (the desk's overview names as many); the rest are counted. */
export const FLAGGED_NAMED = 20;

type Ready = OfficeExportOverview & { state: 'ready' };
type Totals = { -readonly [K in keyof Omit<OfficeExportRoute, 'route'>]: number };

export async function officeExportOverview(
  office: Pick<OfficeStore, 'billingRows'>,
  scope: BillingScope,
  zone: string = officeTimeZone(),
): Promise<Ready> {
  const { rows, dialect } = await office.billingRows();
  // The route panel's counting (office-export.ts), over the rows read here, not a second read.
  const routes = await officeRouteProgress({
    routeCounts: () => Promise.resolve(officeRouteCounts(rows)),
  });
  const totals: Totals = { ...noMeters(), read: 0 };
  for (const r of routes) {
    totals.meters += r.meters;
    totals.read += r.read;
    for (const s of METER_STATES) totals[s] += r[s];
  }
  const flaggedMeters: string[] = [];
  const first: BillingRow[] = [];
  const sheetColumns = new Set<string>();
  for (const { row, state } of [...rows].sort((a, b) => walkingOrder(a.row, b.row))) {
    for (const header of Object.keys(row.sheetCells ?? {})) sheetColumns.add(header);
    if (
      FLAGGED_METER_STATES.includes(state) &&
      row.meterId !== null &&
      flaggedMeters.length < FLAGGED_NAMED
    )
      flaggedMeters.push(row.meterId);
    if (first.length < PREVIEW_ROWS && inExportScope(row, scope)) first.push(row);
  }
  return {
    state: 'ready',
    totals,
    routes,
    flaggedMeters,
    preview: {
      rows: first,
      dialect: storedDialect(dialect),
      timeZone: zone,
      sheetColumns: [...sheetColumns],
    },
  };
}
