// Issue 30, item 8, on a real server: the route panel of a desk in office mode counts what the
// office counts. Anna loaded the route; Ben read two of its three meters at his desk (their photos
// never reach Anna's). Anna's own queue says 3 missing; her panel says what the office says: 2
// read, 1 missing, and follows the office when Ben reads the third (after the live note, not on
// every refresh).
import { afterEach, describe, expect, it } from 'vitest';
import { METER_STATES } from '../../common/billing/meter-outcome';
import { billingOverview } from '../../main/backend/handlers/billing-meters';
import { routeProgress } from '../../main/billing/meter-readings';
import { officeRouteProgress } from '../../main/office/office-export';
import { startOfficeDesk } from '../../main/office/office-desk';
import { OFFICE_COUNTS_EVERY_MS, withOfficeCounts } from '../../main/office/office-route-panel';
import { officeMissingMeters } from '../../main/office/office-missing';
import { publishRoutes } from '../../main/office/route-publish';
import { DECISIONS_NOW, openDecisionQueue } from '../billing/decision-queue';
import { createManualClock } from '../helpers/manual-clock';
import { migratedOffice, minutes, publishedReading, sha } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const SHEET = [
  'M1;R;10;5;0;00100;2026-10-23;1,5',
  'M2;R;20;5;0;00200;2026-10-23;1,5',
  'M3;R;30;5;0;00300;2026-10-23;1,5',
];

/** Ben's reading of meter `n` (not flagged: a plausible one). */
const bensReading = (n: number, reading: string) =>
  publishedReading(n, {
    key: `desk-0:reading:${String(n)}`,
    sha256: sha(`bens photo ${String(n)}`),
    reading,
    toReview: false,
    readAt: '2026-11-22T09:00:00Z',
    publishedAt: minutes(n),
  });

describe.skipIf(officeSkip !== null)("a desk's route panel in office mode", () => {
  it("counts the office's read and missing meters, and follows the office after a note", async () => {
    const o = await migratedOffice(office(), 1);
    cleanups.push(() => o.close());
    const [ben] = o.desks;
    if (!ben) throw new Error('one desk');
    const q = openDecisionQueue('meterdesk-route-panel-');
    cleanups.push(() => {
      q.close();
    });
    expect(await q.loadSheet(SHEET)).toBe(true);
    const clock = createManualClock(DECISIONS_NOW);
    const anna = await startOfficeDesk({
      store: q.store,
      url: await o.deskUrl('anna'),
      desk: 'anna@pc1',
      clock,
      say: () => undefined,
      db: { connectMs: 60_000 },
    });
    cleanups.push(() => anna.finish(2_000));
    await anna.live.start();
    await publishRoutes(q.store, anna.office, 'anna', new Date(DECISIONS_NOW));
    await ben.publishReading(bensReading(1, '00110'));
    await ben.publishReading(bensReading(2, '00210'));

    const own = billingOverview(q.store);
    expect(own.routes).toMatchObject([{ route: 'R', meters: 3, missing: 3 }]);
    const counts = await anna.routeCounts.counts();
    if (!counts) throw new Error('the office counted');
    expect(counts).toEqual(await officeRouteProgress(anna.office));
    const panel = withOfficeCounts(own, counts);
    const [route] = counts;
    expect(panel.routes).toEqual([
      { ...own.routes[0], meters: 3, ...statesOf(route), photosToReview: 0 },
    ]);
    expect(panel.routes[0]).toMatchObject({ missing: 1 });
    expect(panel.totals).toMatchObject({ meters: 3, missing: 1 });
    expect(route?.read).toBe(2);
    expect(panel.countedBy).toBe('office');

    // The field list: Anna's queue sends a reader to all three; the office's to M3 only.
    const { missing } = routeProgress(q.store);
    expect(missing.map((m) => m.meterId)).toEqual(['M1', 'M2', 'M3']);
    const fieldList = (await officeMissingMeters(anna.office)).missing;
    expect(fieldList.map((m) => m.meterId)).toEqual(['M3']);
    expect(fieldList.length).toBe(panel.totals.missing);

    // Ben reads the third meter: the note makes the panel read the office again (not sooner than
    // its pace allows).
    await ben.publishReading(bensReading(3, '00310'));
    await expect
      .poll(async () => {
        await clock.advance(OFFICE_COUNTS_EVERY_MS);
        return (await anna.routeCounts.counts())?.[0]?.read;
      })
      .toBe(3);
    expect(withOfficeCounts(own, (await anna.routeCounts.counts()) ?? []).totals.missing).toBe(0);
  });
});

/** The per-state counts of an office route, as the panel shows them. */
function statesOf(r: Awaited<ReturnType<typeof officeRouteProgress>>[number] | undefined) {
  if (!r) throw new Error('a route');
  return Object.fromEntries(METER_STATES.map((s) => [s, r[s]]));
}
