// The AI goes offline: photos it read before come back as historical results and are flagged for
// review. Staff review them by keyboard only (correct one, accept another), see the needs-review
// count drop, and export a CSV whose content carries the correction beside the AI's reading.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { eventually, openTestWindow } from './harness';
import { sampleFolder, startOnSandbox, waitForCount } from './window-steps';
import { tableRows } from './table';
import { describeInBrowser } from './browser-suite';

describeInBrowser('review and export', (site) => {
  it('flags historical results while the AI is offline, reviews them by keyboard and exports', async () => {
    const win = await openTestWindow(site());
    try {
      const { page } = win;
      await startOnSandbox(win);
      const manifest = await sampleFolder(win, 'Route 7 - Riverside', 8, 7);
      await win.drop([manifest.dir]);
      await waitForCount(win, 'done', 8);

      // The service keeps its results; this queue forgets them; a new AI version is deployed
      // and goes offline: the old results are all the service can give (historical).
      const page1 = await win.bridge.queryJobs({});
      if (!page1.ok) throw new Error(page1.error.message);
      await win.bridge.remove({ ids: page1.value.rows.map((r) => r.id) });
      await page.getByTestId('empty-state').waitFor();
      win.sandbox().control.bumpAiVersion();
      win.sandbox().control.setAiOnline(false);

      await win.drop([manifest.dir]);
      await waitForCount(win, 'review', 8);
      const banner = page.getByTestId('banner-ai_offline');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('flagged for review');
      expect(await page.getByTestId('ai-state').textContent()).toBe('Offline');
      const flagged = await tableRows(page);
      for (const row of flagged.values()) {
        expect(row.source).toBe('Historical');
        expect(row.review).toContain('Review');
      }

      // Keyboard-only review: the review button selects the first flagged photo.
      await page.getByRole('button', { name: /^Review 8/ }).click();
      await page.getByTestId('review-box').waitFor();
      const firstFile = (await page.locator('.detail-title h2').textContent()) ?? '';
      expect(await win.axe()).toEqual([]);
      await win.screenshot('review-light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await win.screenshot('review-dark');
      expect(await win.axe()).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });

      // A correction that is not a reading is refused with a reason, nothing is saved.
      await page.keyboard.press('e');
      await page.keyboard.type('1.234,5');
      await page.keyboard.press('Enter');
      expect(
        await page.getByRole('alert').filter({ hasText: 'thousands separators' }).count(),
      ).toBe(1);
      await waitForCount(win, 'review', 8);

      await page.getByTestId('correct-input').fill('');
      await page.keyboard.type('12345.678');
      await page.keyboard.press('Enter');
      await waitForCount(win, 'review', 7);
      // The selection moved on to the next flagged photo; accept it with A.
      await eventually(async () => {
        expect(await page.locator('.detail-title h2').textContent()).not.toBe(firstFile);
      });
      await page.keyboard.press('a');
      await waitForCount(win, 'review', 6);

      // Back to the corrected one (K = previous, twice in the shrinking list is fine: by file).
      await page.getByTestId('filter-all').click();
      const rows = await tableRows(page);
      const corrected = rows.get(firstFile);
      expect(corrected?.reading).toBe('12345.678');
      expect(corrected?.review).toBe('Corrected');
      const aiReading = manifest.files.find((f) => f.relPath.endsWith(firstFile))?.reading;
      await page.locator(`#job-table [data-job-id="${String(corrected?.id)}"]`).click();
      expect(await page.getByTestId('review-box').textContent()).toContain(
        `Corrected to 12345.678 (the AI read ${aiReading ?? ''})`,
      );

      // Export everything with semicolons and a BOM, then show the file.
      const target = join(win.dir, 'route-7.csv');
      win.os.saveAnswers.push(target);
      await page.getByRole('button', { name: 'Export…' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await win.axe()).toEqual([]);
      await dialog.getByLabel(/Semicolon separated/).check();
      await dialog.getByTestId('export-run').click();
      const notice = page.getByTestId('notice').filter({ hasText: 'Exported 8 readings' });
      await notice.waitFor();
      await notice.getByRole('button', { name: 'Show file' }).click();
      await eventually(() => {
        expect(win.os.shown).toContain(target);
      });

      const text = readFileSync(target, 'utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const records = parse<Record<string, string>>(text.slice(1), {
        columns: true,
        delimiter: ';',
      });
      expect(records).toHaveLength(8);
      const byFile = new Map(records.map((r) => [r.file ?? '', r]));
      const row = byFile.get(firstFile);
      expect(row?.reading).toBe('12345,678'); // ';' files carry the decimal comma
      expect(row?.ai_reading).toBe(aiReading?.replace('.', ','));
      expect(row?.review).toBe('corrected');
      for (const file of manifest.files) {
        const rec = byFile.get(file.relPath);
        expect(rec?.result_source).toBe('cached_stale');
        if (file.relPath !== firstFile)
          expect(rec?.ai_reading).toBe(file.reading?.replace('.', ','));
      }
      expect(records.filter((r) => r.review === 'confirmed')).toHaveLength(1);
    } finally {
      await win.close();
    }
  }, 180_000);
});
