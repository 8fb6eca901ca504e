// The main screens in German (issue 15), for docs/screenshots and for a look at what longer words
// do to the layout at 1280 px: onboarding, empty, a run with its add report, a banner, the route
// sheet's mapping and the route panel, the export dialog and the review desk with a flagged reading.
// Each is checked with axe; the German words themselves are checked by the catalogue test.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { de } from '../../renderer/i18n/catalogues';
import { writeRouteFixture } from '../helpers/route-fixture';
import { eventually, openTestWindow, type TestWindow } from './harness';
import { describeInBrowser } from './browser-suite';
import { sampleFolder, waitForCount } from './window-steps';

async function shot(win: TestWindow, name: string): Promise<void> {
  expect(await win.axe()).toEqual([]);
  await win.screenshot(`${name}-de-light`);
}

describeInBrowser('main screens in German', (site) => {
  it('speaks German where the system does, on every main screen', async () => {
    const win = await openTestWindow(site(), {
      language: 'de-DE',
      viewport: { width: 1280, height: 800 },
    });
    try {
      const { page, os } = win;
      await page.getByTestId('onboarding').waitFor();
      expect(await page.getByTestId('try-sandbox').textContent()).toBe('Testumgebung ausprobieren');
      await shot(win, 'onboarding');
      await page.getByTestId('try-sandbox').click();
      await page.getByTestId('empty-state').waitFor();
      await shot(win, 'empty');

      // A run with a route's photos, caught while the AI is slow.
      const fx = await writeRouteFixture(join(win.dir, 'work'), { spare: true });
      await win.drop([fx.photos]);
      await waitForCount(win, 'done', fx.meters.length - 1);
      await page.getByTestId('add-report').waitFor();
      await page.locator('[role="row"][data-state="done"]').first().click();
      await page.getByTestId('detail-panel').waitFor();
      await shot(win, 'running');
      // The meter picker of a selected photo is the review desk's, shown in its own screenshots.
      await page.getByRole('button', { name: 'Details schließen' }).click();

      // The route sheet: its columns mapped, then the route panel.
      os.openAnswers.push(fx.sheet);
      await page.getByTestId('load-route-sheet').click();
      await page.getByTestId('map-meterId').waitFor();
      await page.getByTestId('map-meterId').selectOption('Gerät Nr.');
      await page.getByTestId('map-previousReadAt').selectOption('Ablesedatum alt');
      await shot(win, 'route-mapping');
      await page.getByTestId('sheet-load').click();
      await page.getByTestId('sheet-loaded').waitFor();
      await page.getByTestId('sheet-close').click();
      await page.getByTestId('add-report').getByRole('button').click();
      await shot(win, 'route-panel');

      // A hold: the AI offline, with its banner and the widget.
      win.sandbox().control.setAiOnline(false);
      // New photos make the engine ask the service, which then says its AI is offline.
      await win.drop([(await sampleFolder(win, 'Route Ost', 2, 4)).dir]);
      await page.getByTestId('banner-ai_offline').waitFor();
      await eventually(async () => {
        expect(await page.getByTestId('ai-state').textContent()).toBe('Offline');
      });
      await shot(win, 'ai-offline');
      win.sandbox().control.setAiOnline(true);

      // The network gone: the cause in German, found by the hold's code.
      win.sandbox().control.setNetworkDown(true);
      await win.drop([(await sampleFolder(win, 'Route Süd', 3, 5)).dir]);
      const offline = page.getByTestId('banner-offline');
      await offline.waitFor({ timeout: 60_000 });
      expect(await offline.textContent()).toContain('Es geht nichts verloren');
      // What the engine said, worded from its code: in the banner and in the activity log.
      const { cause, detail } = de.banners.offline;
      expect([...Object.values(cause), ...Object.values(detail)]).toContain(
        await offline.getByTestId('banner-detail').textContent(),
      );
      await shot(win, 'offline');
      await page.locator('details.activity > summary').click();
      await eventually(async () => {
        expect(await page.getByTestId('activity-line').allTextContents()).toContainEqual(
          expect.stringMatching(
            /Der Dienst ist nicht erreichbar\. .* Das Senden ist angehalten; MeterDesk prüft weiter\.$/,
          ),
        );
      });
      await page.locator('details.activity').scrollIntoViewIfNeeded();
      await shot(win, 'activity-offline');
      await page.locator('details.activity > summary').click();
      win.sandbox().control.setNetworkDown(false);
      await offline.waitFor({ state: 'detached', timeout: 60_000 });

      // The export dialog (billing first, with a route sheet loaded).
      await page.locator('.header-actions button').nth(1).click();
      await page.getByRole('dialog').waitFor();
      await shot(win, 'export');
      await page.keyboard.press('Escape');

      // The review desk: a flagged photo under "needs review", its review box and why it is flagged.
      await page.getByTestId('filter-to_review').click();
      await page.locator('[role="row"]').nth(1).click();
      await page.getByTestId('review-box').waitFor();
      // The panel scrolls under its sticky photo: the review box whole at the bottom, the rules'
      // sentences above it. Page code as text: the test's TypeScript has no DOM types.
      await page.evaluate(
        `document.querySelector('[data-testid="review-box"]').scrollIntoView({ block: 'end' })`,
      );
      await shot(win, 'review');
    } finally {
      await win.close();
    }
  }, 240_000);
});
