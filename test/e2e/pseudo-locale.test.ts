// The office's language (issue 15): the window opened in the pseudo-locale 'en-XA', where every
// catalogue string is marked ⟦…⟧, walked through the main screens over the real backend; any word
// on screen or in an aria-label, title or placeholder that is not marked bypassed the catalogues.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cachedSampleFolder } from '../helpers/samples';
import { writeRouteFixture } from '../helpers/route-fixture';
import { eventually, openTestWindow, type TestWindow } from './harness';
import { describeInBrowser } from './browser-suite';
import { openDetail, sampleFolder, waitForCount } from './window-steps';
import { unmarkedWords } from './unmarked-words';

/** Words found unmarked, by screen: collected through the walk and checked once at its end. */
const found: string[] = [];

async function expectAllMarked(win: TestWindow, screen: string): Promise<void> {
  for (const word of await unmarkedWords(win.page)) {
    found.push(`${screen}: ${word}`);
  }
}

describeInBrowser('pseudo-locale', (site) => {
  it('shows no word that bypasses the catalogues on the main screens', async () => {
    const win = await openTestWindow(site(), { language: 'en-XA' });
    try {
      const { page, os } = win;
      await page.getByTestId('onboarding').waitFor();
      // The pseudo-locale is on: a known string arrives marked.
      expect(await page.getByTestId('try-sandbox').textContent()).toMatch(/^⟦.*⟧$/);
      await expectAllMarked(win, 'onboarding');
      // A problem with the address is worded by the window too.
      await page.getByTestId('base-url').fill('ftp://meters.example.com');
      await page.locator('form button[type="submit"]').click();
      await expectAllMarked(win, 'onboarding with a problem');

      await page.getByTestId('try-sandbox').click();
      await page.getByTestId('empty-state').waitFor();
      await expectAllMarked(win, 'empty');

      // A run with photos: bad files (the add report's reasons), a route sheet's photos.
      const fx = await writeRouteFixture(join(win.dir, 'work'), { spare: true });
      await win.drop([fx.photos]);
      await waitForCount(win, 'done', fx.meters.length - 1);
      await page.getByTestId('add-report').waitFor();
      await expectAllMarked(win, 'running with the add report');
      // Bad files: the scanner's fixed reasons are worded from the catalogue, not quoted.
      await win.drop([
        (
          await cachedSampleFolder(join(win.dir, 'bad'), {
            count: 1,
            seed: 7,
            includeBadFiles: true,
            subfolders: false,
            duplicates: 0,
            width: 240,
          })
        ).dir,
      ]);
      // Every one of them: a file too large (its sizes in the window's units) is worded too, so
      // nothing in the report is quoted English any more.
      await eventually(async () => {
        const reasons = await page.locator('.add-report-reasons li').allTextContents();
        expect(reasons.length).toBeGreaterThanOrEqual(5);
        for (const reason of reasons) expect(reason).toMatch(/^⟦.*⟧ \(\d+\)$/);
      });
      expect(
        await page.getByTestId('add-report').locator('[data-i18n-skip="quoted"]').count(),
      ).toBe(0);
      await expectAllMarked(win, 'the add report with bad files');

      // The route panel with a sheet loaded through the mapping step.
      os.openAnswers.push(fx.sheet);
      await page.getByTestId('load-route-sheet').click();
      await page.getByTestId('map-meterId').waitFor();
      await expectAllMarked(win, 'route sheet mapping');
      await page.getByTestId('map-meterId').selectOption('Gerät Nr.');
      await page.getByTestId('map-previousReadAt').selectOption('Ablesedatum alt');
      await page.getByTestId('sheet-load').click();
      await page.getByTestId('sheet-loaded').waitFor();
      await expectAllMarked(win, 'route sheet loaded');
      await page.getByTestId('sheet-close').click();
      await page.getByTestId('route-panel').waitFor();
      await expectAllMarked(win, 'route panel');

      // Holds: paused, and the AI offline (banners, widgets, progress line).
      await page.locator('.header-actions button').first().click();
      await page.getByTestId('banner-paused').waitFor();
      await expectAllMarked(win, 'paused');
      await page.locator('.header-actions button').first().click();
      win.sandbox().control.setAiOnline(false);
      // New photos make the engine ask the service, which then says its AI is offline.
      await win.drop([(await sampleFolder(win, 'Route Ost', 2, 4)).dir]);
      await page.getByTestId('banner-ai_offline').waitFor();
      await expectAllMarked(win, 'AI offline');
      win.sandbox().control.setAiOnline(true);
      win.sandbox().control.setNetworkDown(true);
      await win.drop([(await sampleFolder(win, 'Route Süd', 3, 5)).dir]);
      await page.getByTestId('banner-offline').waitFor({ timeout: 60_000 });
      // The engine's own words are worded from their codes now: its log lines are scanned too.
      await eventually(async () => {
        expect(await page.getByTestId('activity-line').allTextContents()).toContainEqual(
          expect.stringMatching(/⟦Thé sérvíçé çáññót bé réáçhéd\. ⟦.*⟧ Séñdíñg ís páúséd/),
        );
      });
      expect(
        await page.getByTestId('banner-offline').getByTestId('banner-detail').textContent(),
      ).toMatch(/^⟦.*⟧$/);
      await expectAllMarked(win, 'offline');
      win.sandbox().control.setNetworkDown(false);
      await page.getByTestId('banner-offline').waitFor({ state: 'detached', timeout: 60_000 });

      // A selected photo, a filter with no matches, the export dialog.
      await openDetail(win, page.locator('[role="row"][data-state="done"]').first());
      await page.locator('#job-search').fill('no such file here');
      await page.locator('.no-matches').waitFor();
      await expectAllMarked(win, 'search without matches');
      await page.locator('#job-search').fill('');
      await openDetail(win, page.locator('[role="row"][data-state="done"]').first());
      // The route's photos carry no EXIF: the read date's note (the file time) is worded too.
      expect(await page.getByTestId('facts-date-note').textContent()).toMatch(/^ ⟦.*⟧$/);
      await expectAllMarked(win, 'table and a selected photo');
      await page.getByTestId('filter-to_review').click();
      await page.locator('[role="row"]').nth(1).click();
      await page.getByTestId('review-box').waitFor();
      await expectAllMarked(win, 'review desk');
      await page.getByTestId('filter-all').click();
      await page.locator('#open-settings').click();
      await page.getByTestId('settings').waitFor();
      await expectAllMarked(win, 'settings');
      await page.keyboard.press('Escape');
      await page.getByTestId('settings').waitFor({ state: 'detached' });
      await page.locator('.header-actions button').nth(1).click();
      await page.getByRole('dialog').waitFor();
      await expectAllMarked(win, 'export dialog');
      await page.keyboard.press('Escape');
      expect([...new Set(found)]).toEqual([]);
    } finally {
      await win.close();
    }
  }, 240_000);

  it('shows no word that bypasses the catalogues in the office screens and the refusals', async () => {
    const win = await openTestWindow(site(), { language: 'en-XA' });
    const seen: string[] = [];
    const scan = async (where: string): Promise<void> => {
      for (const word of await unmarkedWords(win.page)) seen.push(`${where}: ${word}`);
    };
    try {
      const { page } = win;
      await page.getByTestId('onboarding').waitFor();
      // A backend refusal (a coded reply, IpcError.said) in the window: nothing listens there.
      await page.getByTestId('base-url').fill('https://127.0.0.1:9');
      await page.getByTestId('api-key').fill('md_live_0123456789abcdef0123456789abcdef');
      await page.locator('form button[type="submit"]').click();
      await page.locator('form [role="alert"]').first().waitFor();
      expect(await page.locator('form [role="alert"]').first().textContent()).toMatch(/^⟦.*⟧$/);
      await scan('onboarding refused by the backend');

      await page.getByTestId('try-sandbox').click();
      await page.getByTestId('empty-state').waitFor();
      await page.locator('#open-settings').click();
      const card = page.getByTestId('office-card');
      await card.scrollIntoViewIfNeeded();
      await page.getByTestId('office-use').check();
      await scan('Office settings');
      // An office where nothing answers: the Test's answer and the card's words.
      await page.getByTestId('office-host').fill('127.0.0.1');
      await page.getByTestId('office-port').fill('9');
      await page.getByTestId('office-database').fill('meterdesk');
      await page.getByTestId('office-user').fill('anna');
      await page.getByTestId('office-desk').fill('anna@pc-7');
      await page.getByTestId('office-test').click();
      await page.getByTestId('office-message').waitFor();
      await scan('Office settings tested');
      await page.getByTestId('office-save').click();
      await scan('Office settings saved');
      await page.keyboard.press('Escape');
      await page.getByTestId('settings').waitFor({ state: 'detached' });
      await page.getByTestId('open-office-report').waitFor({ timeout: 60_000 });
      await scan('the Office card in the header');
      await page.getByTestId('open-office-report').click();
      // Nothing answers at the office: the report says why in place of its tables.
      await page.getByTestId('office-report-state').waitFor({ timeout: 60_000 });
      await scan('the Office report');
      expect([...new Set(seen)]).toEqual([]);
    } finally {
      await win.close();
    }
  }, 180_000);
});
