// The Export dialog's "Whole office" overview reads only the routes' kept counts and the first rows
// (main/office/store/office-overview.ts); this checks, on a real throwaway PostgreSQL, that what it
// shows is what reading every kept row gives: an office of 12 routes (sample-office.ts) with a
// round of work on 3 of them (readings to review: flagged meters on several routes). Counts as
// `routes --office` counts them; the first flagged meters and the preview, in each scope, as every
// row sorted in walking order gives them; and asked for more than a route holds, the rows read
// route after route still come in walking order.
import { describe, expect, it } from 'vitest';
import { inExportScope } from '../../common/billing/export-scope';
import { FLAGGED_METER_STATES } from '../../common/billing/meter-outcome';
import { PREVIEW_ROWS } from '../../main/billing/billing-export';
import { officeRouteProgress } from '../../main/office/office-export';
import { walkingOrder } from '../../main/office/store/walking-order';
import { FLAGGED_NAMED, officeExportOverview } from '../../main/office/office-export-overview';
import { fillSampleOffice, publishSampleWork } from '../../main/office/store/sample-office';
import { openOfficeStore } from '../../main/office/store/office-store';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)('the whole-office overview from kept counts', () => {
  it('shows what every kept row gives, in each scope', async () => {
    const o = await office().newMigratedOffice();
    const url = office().cluster.url({ database: o.database });
    await fillSampleOffice(url, { meters: 4_800, cycles: 2 });
    await publishSampleWork(url, { routes: 3, round: 1 });
    const desk = openOfficeStore(await o.deskUrl('d0'), { desk: 'desk-0' });
    try {
      const { rows } = await desk.billingRows();
      const walked = rows.map((r) => r.row).sort(walkingOrder);
      const flagged = rows
        .filter((r) => FLAGGED_METER_STATES.includes(r.state) && r.row.meterId !== null)
        .map((r) => r.row)
        .sort(walkingOrder)
        .map((r) => r.meterId);
      // Flagged meters beyond what the warning names, on more than one route.
      expect(flagged.length).toBeGreaterThan(FLAGGED_NAMED);
      const flaggedRoutes = new Set(
        rows.filter((r) => FLAGGED_METER_STATES.includes(r.state)).map((r) => r.routeKey),
      );
      expect(flaggedRoutes.size).toBeGreaterThan(1);
      for (const scope of ['all', 'finished'] as const) {
        const seen = await officeExportOverview(desk, scope);
        expect(seen.routes).toEqual(await officeRouteProgress(desk));
        expect(seen.totals.meters).toBe(rows.length);
        expect(seen.flaggedMeters).toEqual(flagged.slice(0, FLAGGED_NAMED));
        const first = walked.filter((row) => inExportScope(row, scope)).slice(0, PREVIEW_ROWS);
        expect(first).toHaveLength(PREVIEW_ROWS);
        expect(seen.preview.rows).toEqual(first);
        // Across routes: every flagged meter, and the first 3,000 rows of the scope (8 routes).
        const many = await desk.exportOverview({ scope, flagged: 100_000, first: 3_000 });
        expect(many.flaggedMeters).toEqual(flagged);
        expect(many.first).toEqual(
          walked.filter((row) => inExportScope(row, scope)).slice(0, 3_000),
        );
      }
    } finally {
      await desk.close();
    }
  }, 120_000);
});
