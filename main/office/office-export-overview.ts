// What the Export dialog's "Whole office" shows before it writes (issue 30, item 8): the counts a
// desk's export shows, for every meter of the office and by route, the flagged meters the scope
// leaves out or includes, and the first rows of the file, in the walking order `export --office`
// writes. From what the office keeps per route (store/office-overview.ts): the counts each route's
// derivation kept, and only as many rows as the warning and the preview need, not every kept row
// at each open and each change of scope.
import { storedDialect } from '../../common/billing/export-dialect';
import { officeTimeZone } from '../../common/billing/export-read-at';
import type { BillingScope } from '../../common/billing/export-scope';
import { METER_STATES, noMeters } from '../../common/billing/meter-outcome';
import type { OfficeExportOverview, OfficeExportRoute } from '../../common/ipc/office-export-views';
import { PREVIEW_ROWS } from '../billing/billing-export';
import { officeRouteProgress } from './office-export';
import type { OfficeStore } from './store/office-store';

/** Flagged meters the warning names (the desk's overview names as many); the rest are counted. */
export const FLAGGED_NAMED = 20;

type Ready = OfficeExportOverview & { state: 'ready' };
type Totals = { -readonly [K in keyof Omit<OfficeExportRoute, 'route'>]: number };

export async function officeExportOverview(
  office: Pick<OfficeStore, 'exportOverview'>,
  scope: BillingScope,
  zone: string = officeTimeZone(),
): Promise<Ready> {
  const facts = await office.exportOverview({ scope, flagged: FLAGGED_NAMED, first: PREVIEW_ROWS });
  // The route panel's counting (office-export.ts), over the counts read here, not a second read.
  const routes = await officeRouteProgress({ routeCounts: () => Promise.resolve(facts.counts) });
  const totals: Totals = { ...noMeters(), read: 0 };
  for (const r of routes) {
    totals.meters += r.meters;
    totals.read += r.read;
    for (const s of METER_STATES) totals[s] += r[s];
  }
  return {
    state: 'ready',
    totals,
    routes,
    flaggedMeters: facts.flaggedMeters,
    preview: {
      rows: facts.first,
      dialect: storedDialect(facts.dialect),
      timeZone: zone,
      sheetColumns: facts.sheetColumns,
    },
  };
}
