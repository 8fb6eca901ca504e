// The running window with an office (issue 23), for docs/office.md: the real window at 1024 px,
// the real backend and sandbox, a real throwaway PostgreSQL. Ben's desk has read three photos of
// the route already; Anna's window applies her Office settings, its header card says Connected,
// and of the same folder it sends only the photos Ben has not read: his three say "Read by
// ben@pc-2 — not paid again here" in the table and the detail. Saved in the light theme
// (.tmp/e2e-screenshots/office-window-light.png).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openOfficeStore } from '../../main/office/store/office-store';
import { ANNA_PASSWORD } from '../office/anna-office';
import { annaOnCluster } from '../office/anna-on-cluster';
import { officeSkip, useOfficeCluster } from '../office/pg-cluster';
import { describeInBrowser } from './browser-suite';
import { eventually, openTestWindow } from './harness';
import { openDetail, sampleFolder, startOnSandbox } from './window-steps';
import { createRoleOnce } from '../office/run-cluster';

const office = useOfficeCluster();
const BEN_READ = 3;

describeInBrowser('the window with an office', (site) => {
  it.skipIf(officeSkip !== null)(
    'shows the office card and the photos another desk read, unsent',
    async () => {
      const cluster = office();
      const settings = await annaOnCluster(cluster);
      await createRoleOnce(cluster.admin, 'desk_ben', 'pw-ben');

      const win = await openTestWindow(site(), { viewport: { width: 1024, height: 800 } });
      try {
        const { page } = win;
        const folder = join(win.dir, 'Route 12 - Birch Road');
        const manifest = await sampleFolder(win, 'Route 12 - Birch Road', 8, 23);
        // Ben's desk read the first three photos of the same route and published its readings.
        const ben = openOfficeStore(
          cluster.cluster.url({
            user: 'desk_ben',
            password: 'pw-ben',
            database: settings.database,
          }),
          { desk: 'ben@pc-2' },
        );
        const photos = manifest.files.slice(0, BEN_READ);
        const bens: string[] = [];
        for (const [i, photo] of photos.entries()) {
          const sha256 = createHash('sha256')
            .update(readFileSync(join(folder, photo.relPath)))
            .digest('hex');
          bens.push(sha256);
          const at = new Date();
          await ben.claimPhoto({
            sha256,
            desk: 'ben@pc-2',
            fileName: photo.relPath,
            leaseMs: 60_000,
          });
          await ben.publishReading({
            key: `ben@pc-2:reading:${String(i)}`,
            sha256,
            desk: 'ben@pc-2',
            user: 'ben',
            fileName: photo.relPath,
            status: 'finished',
            reading: `0${String(4512 + i * 37)}.${String(i)}`,
            resultSource: 'fresh',
            toReview: false,
            taskId: `ben-task-${String(i)}`,
            aiVersion: null,
            readAt: null,
            meterNumber: null,
            publishedAt: at,
          });
        }
        await ben.close();

        await startOnSandbox(win);
        expect(await win.bridge.saveOffice({ settings, password: ANNA_PASSWORD })).toMatchObject({
          ok: true,
        });
        const card = page.getByTestId('office-status');
        await card.getByText('Connected', { exact: true }).waitFor();
        expect(await card.getAttribute('title')).toContain('anna@pc-7');

        await win.drop([folder]);
        const rows = page.locator('[role="row"][data-state="done"]');
        await eventually(
          async () => {
            expect(await rows.count()).toBe(8);
          },
          { timeout: 90_000 },
        );
        const readByBen = page.getByTestId('cell-office-desk');
        await eventually(async () => {
          expect(await readByBen.count()).toBe(BEN_READ);
        });
        expect(await readByBen.first().textContent()).toBe(
          'Read by ben@pc-2 — not paid again here',
        );
        // Only the photos Ben had not read were sent to the service.
        const charged = Object.keys(win.sandbox().ledger.quotaCharges());
        expect(charged).toHaveLength(8 - BEN_READ);
        expect(charged.filter((sha) => bens.includes(sha))).toEqual([]);
        await eventually(async () => {
          expect(await card.getByTestId('office-line').textContent()).toBe('All published');
        });

        const row = page.locator('[role="row"]', { has: readByBen }).first();
        await page.getByRole('button', { name: 'Dismiss', exact: true }).click();
        await openDetail(win, row);
        await page.getByTestId('detail-office-desk').waitFor();
        expect(await page.locator('.detail-status').textContent()).toContain(
          'Read by ben@pc-2 — not paid again here',
        );
        expect(await win.axe()).toEqual([]);
        await win.screenshot('office-window-light');
      } finally {
        await win.close();
      }
    },
    180_000,
  );
});
