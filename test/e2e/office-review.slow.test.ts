// Review between clerks in the window (issue 23), for docs/office.md: the real window at 1280 px,
// the real backend and sandbox, a real throwaway PostgreSQL. Ben's desk holds the review lease on
// the route's flagged meter and Carla's desk decided it before; Anna's window opens that meter and
// its detail says "Being reviewed by ben@pc-2, 20 min left" with the meter's history in the office
// (Carla's confirm and its undo, Ben's re-read). A decision Ben makes while Anna looks reaches her
// screen by the office's live notes. Saved in the light theme (.tmp/e2e-screenshots/
// office-review-light.png; a copy that was looked at in docs/screenshots).
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openOfficeStore, type OfficeStore } from '../../main/office/store/office-store';
import type { DecisionKind } from '../../main/office/store/publish';
import { writeRouteFixture } from '../helpers/route-fixture';
import { ANNA_PASSWORD } from '../office/anna-office';
import { annaOnCluster } from '../office/anna-on-cluster';
import { officeSkip, useOfficeCluster } from '../office/pg-cluster';
import { describeInBrowser } from './browser-suite';
import { eventually, openTestWindow } from './harness';
import { loadFixtureSheet, startOnSandbox, waitForCount } from './window-steps';
import { createRoleOnce } from '../office/run-cluster';

const office = useOfficeCluster();
const MINUTE = 60_000;

describeInBrowser('review between clerks in the window', (site) => {
  it.skipIf(officeSkip !== null)(
    'shows who reviews the meter, its history in the office, and another desk’s decision live',
    async () => {
      const cluster = office();
      const settings = await annaOnCluster(cluster);
      await createRoleOnce(cluster.admin, 'desk_ben', 'pw-ben');
      const ben: OfficeStore = openOfficeStore(
        cluster.cluster.url({ user: 'desk_ben', password: 'pw-ben', database: settings.database }),
        { desk: 'ben@pc-2' },
      );
      const win = await openTestWindow(site(), { viewport: { width: 1280, height: 960 } });
      try {
        const { page } = win;
        const fx = await writeRouteFixture(join(win.dir, 'work'), { count: 5, flagged: 1 });
        await startOnSandbox(win);
        await win.drop([fx.photos]);
        await waitForCount(win, 'done', fx.meters.filter((m) => m.relPath !== null).length + 1);
        await loadFixtureSheet(win, fx.sheet);

        // The office has the route; Carla confirmed the flagged meter and took it back, Ben sent
        // it for a re-read and has it open now.
        const now = Date.now();
        await ben.loadRoute({
          routeKey: 'Nord',
          sheetSha256: null,
          meters: fx.meters.map((m, i) => ({
            meterNumber: m.id,
            sequence: i + 1,
            wholeDigits: 5,
            decimals: 1,
            previousReading: null,
            previousReadAt: null,
          })),
          user: 'ben',
          at: new Date(now - 60 * MINUTE),
        });
        const decide = (
          n: number,
          desk: string,
          kind: DecisionKind,
          reading: string | null,
          minutesAgo: number,
        ) =>
          ben.publishDecision({
            key: `${desk}:decision:${String(n)}`,
            kind,
            desk,
            clerk: desk.split('@')[0] ?? desk,
            sha256: null,
            fileName: null,
            meterNumber: fx.flagged,
            reading,
            skipCode: null,
            note: null,
            decidedAt: new Date(now - minutesAgo * MINUTE),
          });
        const flaggedReading = fx.meters.find((m) => m.id === fx.flagged)?.reading ?? null;
        await decide(1, 'carla@pc-4', 'confirm', flaggedReading, 42);
        await decide(2, 'carla@pc-4', 'undo', null, 39);
        await decide(3, 'ben@pc-2', 'reread', null, 12);
        const [meter] = (
          await cluster
            .adminOn(settings.database)
            .query<{ id: string }>('SELECT id FROM meters WHERE meter_number = $1', [fx.flagged])
        ).rows;
        const lease = await ben.review.takeLease(Number(meter?.id), {
          desk: 'ben@pc-2',
          clerk: 'ben',
          leaseMs: 20 * MINUTE,
        });
        expect(lease.ok).toBe(true);

        expect(await win.bridge.saveOffice({ settings, password: ANNA_PASSWORD })).toMatchObject({
          ok: true,
        });
        await page.getByTestId('office-status').getByText('Connected', { exact: true }).waitFor();

        await page.getByTestId('meters-toggle').click();
        await page.locator(`[data-testid="meter-row"][data-meter="${fx.flagged}"]`).click();
        const reviewer = page.getByTestId('office-reviewer');
        await eventually(async () => {
          expect(await reviewer.textContent()).toContain('Being reviewed by ben@pc-2, 20 min left');
        });
        const history = page.getByTestId('office-history').locator('li');
        expect(await history.count()).toBe(3);
        expect(await history.first().textContent()).toContain('sent it for a re-read');
        expect(await history.last().textContent()).toContain('carla@pc-4');

        expect(await page.getByTestId('office-decided-elsewhere').textContent()).toContain(
          'Decided at ben@pc-2: sent it for a re-read',
        );
        // The whole office part in view: who reviews it, the decision, the history.
        await page.evaluate(
          "document.querySelector('[data-testid=office-review]').scrollIntoView({ block: 'center' })",
        );
        expect(await win.axe()).toEqual([]);
        await win.screenshot('office-review-light');

        // Ben decides while Anna looks: his re-read is taken back, and her screen follows.
        await decide(4, 'ben@pc-2', 'undo', null, 0);
        await eventually(async () => {
          expect(await history.count()).toBe(4);
          expect(await history.first().textContent()).toContain('undid the decision');
        });
      } finally {
        await ben.close();
        await win.close();
      }
    },
    180_000,
  );
});
