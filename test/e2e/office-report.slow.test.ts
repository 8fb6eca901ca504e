// The Office report in the running window (issue 23, item 7), for docs/office.md: the real window,
// the real backend and a real throwaway PostgreSQL holding a day of two desks' work (the day the
// CLI's report test reads). Anna applies her Office settings, opens the report from the header's
// Office card, picks that day and sees the routes, clerks, readers and quota as `office report`
// counts them. Saved in the light theme (.tmp/e2e-screenshots/office-report-light.png).
import { expect, it } from 'vitest';
import { ANNA_PASSWORD } from '../office/anna-office';
import { withTwoDesks } from '../office/office-fixture';
import { annaOnOffice } from '../office/anna-on-cluster';
import { anOfficeDay } from '../office/office-report-fixture';
import { officeSkip, useOfficeCluster } from '../office/pg-cluster';
import { describeInBrowser } from './browser-suite';
import { eventually, openTestWindow } from './harness';
import { startOnSandbox } from './window-steps';

const office = useOfficeCluster();

describeInBrowser('the Office report', (site) => {
  it.skipIf(officeSkip !== null)(
    'opens from the Office card and shows a day of the office in numbers',
    async () => {
      await withTwoDesks(office(), async (anna, ben, o) => {
        await anOfficeDay(anna, ben);
        const settings = await annaOnOffice(office(), o);
        const win = await openTestWindow(site(), { viewport: { width: 1280, height: 860 } });
        try {
          const { page } = win;
          await startOnSandbox(win);
          expect(await win.bridge.saveOffice({ settings, password: ANNA_PASSWORD })).toMatchObject({
            ok: true,
          });
          const card = page.getByTestId('office-status');
          await card.getByText('Connected', { exact: true }).waitFor();
          await card.getByRole('button', { name: 'Report' }).click();
          await page.getByRole('heading', { name: 'Office report' }).waitFor();

          // Today: the routes as they stand; nobody decided anything today in this office.
          const routes = page.getByTestId('office-report-routes');
          await routes.locator('tbody tr').first().waitFor();
          expect(await page.getByTestId('office-report-clerks-empty').textContent()).toMatch(
            /^No decisions on /,
          );

          await page.getByTestId('office-report-day').fill('2026-03-02');
          await page.getByText('Clerks on 2 Mar 2026').waitFor();
          const cells = async (name: string): Promise<string[]> =>
            page
              .locator('tr', { has: page.locator('th', { hasText: new RegExp(`^${name}$`) }) })
              .locator('th, td')
              .allTextContents();
          await eventually(async () => {
            expect(await cells('R1')).toEqual(['R1', '4', '1', '1', '0', '0', '2', '0', '1']);
            expect(await cells('Anna')).toEqual(['Anna', '3', '08:00', '09:30', '2.0']);
            expect(await cells('north')).toEqual(['north', '3', '1', '33.3%', '1', '33.3%']);
          });
          expect(await page.getByTestId('office-report-paid').textContent()).toBe(
            '3 paid readings',
          );
          expect(await win.axe()).toEqual([]);
          await page.getByTestId('office-report-day').blur();
          await win.screenshot('office-report-light');

          // Back to the photos: the focus returns to the card's Report button.
          await page.keyboard.press('Escape');
          await eventually(async () => {
            expect(await page.evaluate('document.activeElement?.id')).toBe('open-office-report');
          });
        } finally {
          await win.close();
        }
      });
    },
    180_000,
  );
});
