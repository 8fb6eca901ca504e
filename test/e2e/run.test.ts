// First run to finished readings, as office staff see it: onboarding with the built-in sandbox, a
// folder dropped on the window, rows reaching "done" with the readings the photos carry, the quota
// counting down, a photo shown through the custom protocol.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cachedSampleFolder } from '../helpers/samples';
import { eventually, openTestWindow } from './harness';
import { tableRows } from './table';
import { describeInBrowser } from './browser-suite';

describeInBrowser('first run with the sandbox', (site) => {
  it('drops a folder and shows every photo reaching done with its reading', async () => {
    const win = await openTestWindow(site());
    try {
      const { page } = win;
      await page.getByTestId('onboarding').waitFor();
      expect(await win.axe()).toEqual([]);
      await win.screenshot('onboarding-light');

      await page.getByTestId('try-sandbox').click();
      await page.getByTestId('empty-state').waitFor();
      await page.getByTestId('add-samples').waitFor();
      expect(await win.axe()).toEqual([]);
      await win.screenshot('empty-light');

      const folder = join(win.dir, 'Route 12 - Hillside');
      const manifest = await cachedSampleFolder(folder, {
        count: 24,
        seed: 12,
        includeBadFiles: true,
        subfolders: true,
        duplicates: 2,
        width: 320,
      });
      const quotaBefore = await page.getByTestId('quota-remaining').textContent();
      await win.drop([folder]);

      // What adding did is shown at once.
      const report = page.getByTestId('add-report');
      await report.waitFor();
      expect(await report.getByTestId('add-found').textContent()).toContain(
        String(manifest.counts.accepted),
      );
      expect(await report.getByTestId('add-rejected').textContent()).toContain(
        `${String(manifest.counts.rejected)} files not sent`,
      );

      await eventually(
        async () => {
          expect(await page.getByTestId('count-done').textContent()).toContain(
            String(manifest.counts.accepted),
          );
        },
        { timeout: 60_000 },
      );

      // Every accepted photo shows the reading its marker carries.
      const rows = await tableRows(page);
      const expected = manifest.files.filter((f) => f.expected.outcome === 'accepted');
      for (const file of expected) {
        const row = rows.get(file.relPath.split('/').at(-1) ?? '');
        expect(row, file.relPath).toBeDefined();
        expect(row?.status).toContain('Done');
        expect(row?.reading).toBe(file.reading);
      }
      const rejected = [...rows.values()].filter((r) => r.status.includes('Not sent'));
      expect(rejected).toHaveLength(manifest.counts.rejected);

      // The quota widget counted down by the fresh readings.
      await eventually(async () => {
        expect(await page.getByTestId('quota-remaining').textContent()).not.toBe(quotaBefore);
      });

      // The detail shows the photo through meterdesk-photo://, never file://.
      await page.locator('[role="row"][data-state="done"]').first().click();
      const photo = page.getByTestId('detail-photo');
      await photo.waitFor();
      expect(await photo.getAttribute('src')).toMatch(/^meterdesk-photo:\/\/job\/\d+$/);
      await eventually(async () => {
        expect(
          await photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        ).toBeGreaterThan(0);
      });
      expect(await page.getByTestId('detail-history').locator('li').count()).toBeGreaterThan(1);
      expect(await win.axe()).toEqual([]);
    } finally {
      await win.close();
    }
  }, 180_000);
});
