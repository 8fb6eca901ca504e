// The meter's identity from its code in the window, for the README's screenshot: a route whose
// meters carry serial stickers, one photo named after one meter but showing another's sticker.
// Its meter is flagged (an error, with the code's reason under "Why it was flagged", never
// Plausible); its detail says both numbers and offers to move the photo to the meter the code
// names; moving it matches the photo there, where its reading passes.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeRouteFixture } from '../helpers/route-fixture';
import { describeInBrowser } from './browser-suite';
import { eventually, openTestWindow } from './harness';
import { loadFixtureSheet, startOnSandbox, waitForCount } from './window-steps';

describeInBrowser('swapped meter', (site) => {
  it('flags a photo whose code names another meter, and moves it there', async () => {
    const win = await openTestWindow(site(), { engineConfig: { photoChecks: true } });
    try {
      const { page } = win;
      // Four stickered meters; the fourth photo shows the first meter's sticker.
      const fx = await writeRouteFixture(join(win.dir, 'work'), {
        count: 6,
        flagged: 0,
        stickers: 4,
        swapped: 1,
        width: 1000,
      });
      await startOnSandbox(win);
      await win.drop([fx.photos]);
      // Every photo: one per meter that has one, and the one no meter claims.
      await waitForCount(win, 'done', fx.meters.filter((m) => m.relPath !== null).length + 1);

      await loadFixtureSheet(win, fx.sheet);

      const swapped = fx.meters[3]?.id ?? '';
      const named = fx.meters[0]?.id ?? '';
      await page.getByTestId('meters-toggle').click();
      const note = page.getByTestId('code-mismatch');
      await eventually(
        async () => {
          await page.locator(`[data-testid="meter-row"][data-meter="${swapped}"]`).click();
          expect(await note.textContent({ timeout: 2000 })).toContain(
            `this photo was matched to ${swapped}`,
          );
        },
        { timeout: 60_000 },
      );
      expect(await page.getByTestId('code-move').textContent()).toContain(named);
      await eventually(async () => {
        expect(await page.getByTestId('facts-level').first().textContent()).toBe('Error');
        expect(await page.getByTestId('facts-rules').first().textContent()).toContain(
          `names meter ${named}, not ${swapped}`,
        );
      });
      expect(await win.axe()).toEqual([]);
      await win.screenshot('swapped-meter-light');
      await page.getByTestId('facts-rules').first().scrollIntoViewIfNeeded();
      expect(await page.locator('.review-why').first().textContent()).toContain(
        'The code on this photo names another meter of the route.',
      );
      await win.screenshot('swapped-meter-flag-light');
      await page.getByTestId('code-move').scrollIntoViewIfNeeded();

      await page.getByTestId('code-move').click();
      await eventually(async () => {
        expect(await page.getByTestId('facts-meter').first().textContent()).toBe(named);
        // Where its code names its meter, the photo's check says nothing of another meter.
        const rules = page.getByTestId('facts-rules');
        const said = (await rules.count()) > 0 ? await rules.first().textContent() : '';
        expect(said).not.toContain('names meter');
      });
    } finally {
      await win.close();
    }
  }, 180_000);
});
