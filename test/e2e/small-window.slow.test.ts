// What a German clerk sees at 1,024 x 768 and 1,280 x 800 (issue 29): the header cards and the
// service's name under MeterDesk's (it was hidden below 1,250 px), a reader's long folder names in
// the sidebar, the route panel's meter list (its states beside the readings, the photos without a
// meter), the meter picker with its highlighted option, a photo's detail with a long file name and
// the export template's "Built-in template". Nothing a clerk needs is cut (cut-words.ts); each
// screen is checked with axe and saved (.tmp/e2e-screenshots/small-*.png; the README shows two of
// them from docs/screenshots).
import { appendFile, copyFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeRouteFixture } from '../helpers/route-fixture';
import { eventually, openTestWindow, type TestWindow } from './harness';
import { describeInBrowser } from './browser-suite';
import { CUT_WORDS } from './cut-words';
import { loadFixtureSheet, startOnSandbox, waitForCount } from './window-steps';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const;

async function look(win: TestWindow, name: string, header = true): Promise<void> {
  expect(await win.axe()).toEqual([]);
  expect(await win.page.evaluate<string[]>(CUT_WORDS)).toEqual([]);
  // Which service the photos go to (the sandbox's readings are simulated): never hidden.
  if (header) expect(await win.page.getByTestId('service-name').isVisible()).toBe(true);
  const { width } = win.page.viewportSize() ?? { width: 0 };
  await win.screenshot(`small-${String(width)}-${name}-de-light`);
}

describeInBrowser('a German window at 1,024 and 1,280 px', (site) => {
  it('cuts nothing a clerk needs: header, folders, meter list, picker, detail', async () => {
    const win = await openTestWindow(site(), { language: 'de-DE', viewport: SIZES[0] });
    try {
      const { page } = win;
      const fx = await writeRouteFixture(join(win.dir, 'work'), { spare: true });
      await startOnSandbox(win);
      // Readers' folders as they are named: long, and telling readers apart by their end.
      const photos = join(win.dir, 'work', '2026-11-26 Tour 1 Müller Nordstadt Hinterhöfe');
      await rename(fx.photos, photos);
      // A photo a reader named at length: its name in the list and the detail's title.
      const longName = join(photos, 'Nordstadt Hinterhaus Keller links neben der Heizung (2).jpeg');
      await copyFile(join(photos, fx.unmatchedPhoto), longName);
      // Bytes after the image's end: another file to the queue, the same photo to a viewer.
      await appendFile(longName, Buffer.from([0]));
      await win.drop([photos]);
      await waitForCount(win, 'done', fx.meters.length);
      await loadFixtureSheet(win, fx.sheet);
      await page.getByTestId('route-panel').waitFor();
      await page.getByTestId('meters-toggle').click();
      await page.getByTestId('meter-filter-all').click();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await eventually(async () => {
          expect(await page.getByTestId('meter-row').count()).toBe(fx.meters.length);
        });
        await look(win, 'route-panel');
        await page.getByTestId('meter-filter-unmatched').click();
        await page.getByTestId('meter-row').first().waitFor();
        await look(win, 'unmatched');
        await page.getByTestId('meter-row').first().click();
        const picker = page.getByTestId('meter-picker-input');
        await picker.fill('99');
        await page.getByTestId('meter-option').first().waitFor();
        await picker.press('ArrowDown');
        await page.getByTestId('meter-option').nth(1).scrollIntoViewIfNeeded();
        await look(win, 'picker');
        // The highlighted option readable in the dark theme too (axe's contrast check).
        await page.emulateMedia({ colorScheme: 'dark' });
        expect(await win.axe()).toEqual([]);
        await win.screenshot(`small-${String(size.width)}-picker-de-dark`);
        await page.emulateMedia({ colorScheme: 'light' });
        await picker.press('Escape');
        // The long-named photo's detail: its title breaks between words, never in ".jpeg".
        await page.getByTestId('meter-row').filter({ hasText: 'Heizung' }).click();
        await page.getByTestId('detail-panel').waitFor();
        await page.locator('.detail-title h2').scrollIntoViewIfNeeded();
        // Page code as text: the test's TypeScript has no DOM types.
        const title = await page.evaluate<number[]>(
          `[...document.querySelectorAll('.detail-title h2 .file-extension')].map((e) => e.getClientRects().length)`,
        );
        expect(title).toEqual([1]);
        await look(win, 'detail');
        await picker.press('Escape');
        await page.getByTestId('meter-filter-all').click();
      }
      await page.setViewportSize(SIZES[0]);
      // The export dialog's template part, opened for editing.
      await page.locator('.header-actions button').nth(1).click();
      await page.getByRole('dialog').waitFor();
      await page.getByTestId('template-edit').click();
      await win.screenshot('small-1024-export-de-light');
      await page.keyboard.press('Escape');
      // Settings with the Office card in use.
      await page.locator('#open-settings').click();
      await page.getByTestId('settings').waitFor();
      await page.getByTestId('office-use').check();
      await page.getByTestId('office-card').scrollIntoViewIfNeeded();
      await look(win, 'office-settings', false);
    } finally {
      await win.close();
    }
  }, 240_000);
});
