// The office's language (issue 15): the window opened in the pseudo-locale 'en-XA', where every
// catalogue string is marked ⟦…⟧, walked through the main screens over the real backend; any word
// on screen or in an aria-label, title or placeholder that is not marked bypassed the catalogues.
// Office mode's answers that need an office (a review or a decision refused by another desk's lease
// or decision, a day of the Office report) are given in the office's place (harness replyInstead):
// the window words them from the same data, and the fast suite starts no PostgreSQL for it.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type {
  ChannelName,
  OfficeChangedBy,
  OfficeExportOverview,
  OfficeReportView,
  Result,
} from '../../common/ipc';
import { cachedSampleFolder } from '../helpers/samples';
import { writeRouteFixture } from '../helpers/route-fixture';
import { eventually, openTestWindow, type TestWindow } from './harness';
import { describeInBrowser } from './browser-suite';
import { openDetail, sampleFolder, waitForCount } from './window-steps';
import { unmarkedWords } from './unmarked-words';

/** Words found unmarked, by screen: collected through the walk and checked once at its end. */
const found: string[] = [];

const MINUTE = 60_000;

/**
 * Office mode's answers, in the office's place (the fast suite starts no PostgreSQL): the window
 * words them from the same data the backend would send.
 */
const office: {
  refusal: OfficeChangedBy | null;
  report: OfficeReportView | null;
  overview: OfficeExportOverview | null;
} = {
  refusal: null,
  report: null,
  overview: null,
};

function officeInstead(channel: ChannelName): Result<unknown> | undefined {
  const refusable: readonly ChannelName[] = [
    'review',
    'undoReview',
    'decideMeter',
    'undoMeterDecision',
  ];
  if (office.refusal !== null && refusable.includes(channel)) {
    return { ok: true, value: { done: false, changedBy: office.refusal } };
  }
  if (office.report !== null && channel === 'officeReport')
    return { ok: true, value: office.report };
  if (office.overview !== null && channel === 'officeExportOverview')
    return { ok: true, value: office.overview };
  return undefined;
}

/** A day of the office with something in every section. */
function officeDay(day: string): OfficeReportView {
  const at = (h: number): string => `${day}T${String(h).padStart(2, '0')}:15:00`;
  return {
    state: 'report',
    day,
    desk: 'anna@pc-7',
    host: 'office.example',
    database: 'meterdesk',
    routes: [
      {
        route: 'Nord',
        meters: 40,
        read: 31,
        confirmed: 20,
        not_checked: 6,
        flagged: 3,
        skipped: 2,
        pending: 4,
        missing: 5,
      },
      {
        route: null,
        meters: 2,
        read: 0,
        confirmed: 0,
        not_checked: 0,
        flagged: 0,
        skipped: 0,
        pending: 0,
        missing: 2,
      },
    ],
    clerks: [
      { clerk: 'anna', decisions: 12, first: at(8), last: at(11), perHour: 4 },
      { clerk: 'ben', decisions: 1, first: at(9), last: at(9), perHour: null },
    ],
    readers: [
      {
        reader: 'Route Nord',
        photos: 30,
        skips: 2,
        rereads: 1,
        skipRate: 0.066,
        rereadRate: 0.033,
      },
      { reader: 'anna@pc-7', photos: 0, skips: 0, rereads: 0, skipRate: null, rereadRate: null },
    ],
    quota: { paid: 29, failed: 1 },
  };
}

async function expectAllMarked(win: TestWindow, screen: string): Promise<void> {
  for (const word of await unmarkedWords(win.page)) {
    found.push(`${screen}: ${word}`);
  }
}

describeInBrowser('pseudo-locale', (site) => {
  it('shows no word that bypasses the catalogues on the main screens', async () => {
    const win = await openTestWindow(site(), { language: 'en-XA', replyInstead: officeInstead });
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
      // Office mode's refusals of a review: another desk holds the meter's review lease, then
      // another desk decided the meter first. Nothing is saved; the box says why.
      const refused = page.getByTestId('review-refused');
      office.refusal = {
        clerk: 'ben',
        desk: 'ben@pc-2',
        kind: null,
        reading: null,
        at: Date.now(),
        until: Date.now() + 20 * MINUTE,
      };
      await page.getByTestId('accept-reading').click();
      await refused.waitFor();
      await expectAllMarked(win, 'a review refused: another desk has the meter');
      office.refusal = { ...office.refusal, kind: 'correct', reading: '00123.4', until: null };
      await page.getByTestId('accept-reading').click();
      await eventually(async () => {
        expect(await refused.textContent()).toContain('00123.4');
      });
      await expectAllMarked(win, 'a review refused: another desk decided first');
      // A decision for the meter (sent for a re-read) refused the same way.
      office.refusal = { ...office.refusal, kind: 'estimate', reading: null };
      await page.getByTestId('decision-open-reread').click();
      await page.getByTestId('decision-save').click();
      await page.getByTestId('reread-form').getByRole('alert').waitFor();
      await expectAllMarked(win, 'a decision refused: another desk decided first');
      office.refusal = null;
      await page.getByTestId('decision-open-reread').click();
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
    const win = await openTestWindow(site(), { language: 'en-XA', replyInstead: officeInstead });
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
      // A day the office answered, every section filled.
      office.report = officeDay(
        (await page.getByTestId('office-report-day').inputValue()) || '2026-12-07',
      );
      await page.getByTestId('office-report-refresh').click();
      await page.getByTestId('office-report-readers').waitFor();
      await scan('the Office report of a day');
      office.report = null;

      // The Export dialog's whole office: the office away (said in its words), then its overview.
      await page.keyboard.press('Escape');
      await page.getByTestId('office-report-readers').waitFor({ state: 'detached' });
      await page.locator('.header-actions button').nth(1).click();
      await page.getByTestId('billing-office-problem').waitFor({ timeout: 60_000 });
      await scan('the whole office’s export, the office away');
      await page.keyboard.press('Escape');
      const day = officeDay('2026-12-07');
      const [nord, none] = day.state === 'report' ? day.routes : [];
      if (!nord || !none) throw new Error('two routes');
      office.overview = {
        state: 'ready',
        totals: { ...nord, meters: 42, missing: 7 },
        routes: [nord, none],
        flaggedMeters: ['M-17'],
        preview: { rows: [], dialect: null, timeZone: 'Europe/Berlin', sheetColumns: [] },
      };
      await page.locator('.header-actions button').nth(1).click();
      await page.getByTestId('billing-export-routes').waitFor();
      await page.getByTestId('billing-export-warning').waitFor();
      await scan('the whole office’s export');
      await page.keyboard.press('Escape');
      office.overview = null;
      expect([...new Set(seen)]).toEqual([]);
    } finally {
      await win.close();
    }
  }, 180_000);
});
