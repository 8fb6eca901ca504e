// Why a photo has no reading, said precisely wherever the clerk looks (issue 15, bug 4): a photo
// the AI failed on is not "an older AI version", a truncated JPEG or a HEIC file says what it is
// (as the CSV does), and the add report writes units and format names properly.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { generateSampleFolder } from '../../sandbox/samples';
import { eventually, openTestWindow } from './harness';
import { tableRows } from './table';
import { describeInBrowser } from './browser-suite';
import { startOnSandbox } from './window-steps';

describeInBrowser('precise reasons', (site) => {
  it('shows the precise reason of every photo without a reading', async () => {
    // Every AI run fails: each accepted photo ends "failed".
    const win = await openTestWindow(site(), { sandbox: { ai: { failureRate: 1 } } });
    try {
      const { page } = win;
      await startOnSandbox(win);
      const folder = join(win.dir, 'Route 4');
      const manifest = await generateSampleFolder(folder, {
        count: 3,
        seed: 4,
        includeBadFiles: true,
        subfolders: false,
        duplicates: 0,
        width: 240,
      });
      await win.drop([folder]);

      const report = page.getByTestId('add-rejected');
      await report.waitFor();
      const reportText = (await report.textContent()) ?? '';
      expect(reportText).toContain('Larger than 20 MB (1)');
      expect(reportText).toContain('truncated or damaged JPEG');
      expect(reportText).toContain('HEIC');
      expect(reportText).not.toMatch(/\bmb\b|\bjpeg\b/);

      await eventually(
        async () => {
          expect(await page.getByTestId('count-failed').textContent()).toContain(
            String(manifest.counts.accepted),
          );
        },
        { timeout: 60_000 },
      );
      const rows = await tableRows(page);
      const errorOf = async (file: string): Promise<string> => {
        const row = rows.get(file);
        if (!row) throw new Error(`no row ${file}`);
        return (
          (await page
            .locator(`[data-job-id="${String(row.id)}"] .td-error`)
            .first()
            .textContent()) ?? ''
        );
      };
      expect(await errorOf('IMG_0107.jpg')).toContain('truncated or damaged JPEG');
      expect(await errorOf('IMG_4032.HEIC')).toContain('HEIC');
      expect(await errorOf('IMG_4032.HEIC')).not.toContain('Not JPEG, PNG or WEBP');

      // A failed photo was never read, so no AI version is named for it.
      await page.locator('[role="row"][data-state="failed"]').first().click();
      const detail = page.getByTestId('detail-panel');
      await detail.waitFor();
      await eventually(async () => {
        expect(await detail.textContent()).toContain('The AI could not read it');
      });
      expect(await detail.textContent()).not.toContain('Older AI version');
    } finally {
      await win.close();
    }
  }, 180_000);
});
