// The office-wide billing export in the running window (issue 23; docs/office.md "The office-wide
// billing export and route progress"): the real window, backend and a real throwaway PostgreSQL
// holding another desk's rows. Anna's desk, in the office with a route sheet of its own, opens
// the Export dialog: beside this desk's export it offers "Whole office"; chosen, it shows the
// office's counts (by route too), the flagged-meter warning, the scope and the file's first lines,
// and the export writes the office's meters and the notice names whose rows are in it. Saved in
// the light theme
// (.tmp/e2e-screenshots/office-export-light.png; a copy that was looked at in docs/screenshots).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeRouteFixture } from '../helpers/route-fixture';
import { ANNA_PASSWORD } from '../office/anna-office';
import { annaOnOffice } from '../office/anna-on-cluster';
import { withTwoDesks } from '../office/office-fixture';
import { anOfficeDay } from '../office/office-report-fixture';
import { officeSkip, useOfficeCluster } from '../office/pg-cluster';
import { describeInBrowser } from './browser-suite';
import { openTestWindow } from './harness';
import { loadFixtureSheet, startOnSandbox } from './window-steps';

const office = useOfficeCluster();

describeInBrowser('the office-wide billing export', (site) => {
  it.skipIf(officeSkip !== null)(
    'offers the whole office beside this desk and says whose rows are in the file',
    async () => {
      await withTwoDesks(office(), async (anna, ben, o) => {
        await anOfficeDay(anna, ben);
        const settings = await annaOnOffice(office(), o);
        const win = await openTestWindow(site(), { viewport: { width: 1280, height: 900 } });
        try {
          const { page } = win;
          await startOnSandbox(win);
          expect(await win.bridge.saveOffice({ settings, password: ANNA_PASSWORD })).toMatchObject({
            ok: true,
          });
          await page.getByTestId('office-status').getByText('Connected', { exact: true }).waitFor();
          const fx = await writeRouteFixture(join(win.dir, 'work'));
          await loadFixtureSheet(win, fx.sheet);

          await page.getByRole('button', { name: 'Export…' }).first().click();
          await page.getByTestId('billing-export-counts').waitFor();
          await page.getByTestId('billing-source-office').check();
          await page.getByTestId('billing-source-office-help').waitFor();
          // The office's routes: R1 (another desk's day) and this desk's sheet, with their counts.
          const routes = page.getByTestId('billing-export-routes');
          await routes.waitFor();
          expect(await routes.locator('tbody tr th').allTextContents()).toEqual(
            expect.arrayContaining(['R1']),
          );
          expect(await page.getByTestId('billing-export-counts').textContent()).toContain(
            'Read at any desk',
          );
          await page.getByTestId('billing-preview').waitFor();
          expect(await win.axe()).toEqual([]);
          await win.screenshot('office-export-light');

          const out = join(win.dir, 'office billing.csv');
          win.os.saveAnswers.push(out);
          // Every meter, as the CLI writes them.
          await page.getByTestId('billing-scope-all').check();
          await page.getByTestId('billing-export-run').click();
          const notice = page.getByTestId('notice').filter({ hasText: 'meters of the office' });
          await notice.waitFor();
          // Every meter of the office: R1's four and this desk's sheet; rows name the desk whose
          // reading they bill (this desk read no photo: its meters have none).
          expect(await notice.textContent()).toMatch(
            /^Exported 9 meters of the office to .*\. Rows from: desk-0 \(2\), desk-1 \(2\)\./,
          );
          expect(existsSync(out)).toBe(true);
        } finally {
          await win.close();
        }
      });
    },
    180_000,
  );
});
