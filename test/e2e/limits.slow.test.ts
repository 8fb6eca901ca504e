// Honest, visible limits and the inspection list in the window (issue 33, items 6 and 5): photos
// read against a route sheet, the meters' history imported (one meter that stopped, one whose use
// falls month by month), the inspection list ranks the stopped meter first and the falling one
// after it with their reasons; Settings shows the plausibility limits beside the photo checks with
// the recent readings' spread, and one click switches to SAP's bands and back. Each screen is
// checked with axe and saved in light and dark.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeRouteFixture } from '../helpers/route-fixture';
import { describeInBrowser } from './browser-suite';
import { eventually, openTestWindow } from './harness';
import { bothThemes, readFixtureRoute } from './window-steps';

const DAY_MS = 86_400_000;
/** The fixture's sheet reads its meters 30 days ago. */
const PREVIOUS_AT = Date.now() - 30 * DAY_MS;

/**
 * Monthly readings ending at the sheet's previous reading (0.9 × this one), `periods` of them
 * before it, each month's use `use(k)` (k = 0 the latest month).
 */
function historyOf(
  meterId: string,
  current: string,
  periods: number,
  use: (k: number) => number,
): string[] {
  const decimals = current.split('.')[1]?.length ?? 0;
  const whole = current.split('.')[0]?.length ?? 5;
  const text = (n: number): string => {
    const [w = '0', f] = n.toFixed(decimals).split('.');
    return `${w.padStart(whole, '0')}${f === undefined ? '' : `.${f}`}`;
  };
  const lines: string[] = [];
  let reading = Number(current) * 0.9;
  for (let k = 0; k <= periods; k++) {
    const day = new Date(PREVIOUS_AT - k * 30 * DAY_MS).toISOString().slice(0, 10);
    lines.unshift(`${meterId},${day},${text(reading)},actual`);
    reading -= use(k);
  }
  return lines;
}

/** What the test reads and clicks, in the window's language. */
const WORDS = {
  en: {
    close: 'Close',
    settings: 'Settings',
    stopped: 'No consumption for 3 periods in a row since',
    falling: /Use falling \d+\.\d % a month over 12 periods/,
    counted: /MeterDesk \(history\): \d+ of your last \d+/,
    spread: 'above ×2.57 or below ×0.39',
    sap: 'Expected below 100 m³: flagged above +70 % or below −40 %.',
    suffix: '',
  },
  de: {
    close: 'Schließen',
    settings: 'Einstellungen',
    stopped: 'Kein Verbrauch in 3 Zeiträumen in Folge seit',
    falling: /Verbrauch sinkt um \d+,\d % im Monat über 12 Zeiträume/,
    counted: /MeterDesk \(Verlauf\): \d+ von Ihren letzten \d+/,
    spread: 'über ×2,57 oder unter ×0,39',
    sap: 'Erwartet unter 100 m³: beanstandet über +70 % oder unter −40 %.',
    suffix: '-de',
  },
} as const;

describeInBrowser('limits and the inspection list', (site) => {
  it.each(['en', 'de'] as const)(
    'ranks the meters worth a visit and shows and switches the limits in Settings (%s)',
    async (lang) => {
      const w = WORDS[lang];
      const win = await openTestWindow(site(), lang === 'de' ? { language: 'de-DE' } : {});
      try {
        const { page, os } = win;
        const fx = await writeRouteFixture(join(win.dir, 'work'), { count: 8 });
        await readFixtureRoute(win, fx);

        const [, steady, stopped, falling] = fx.meters;
        if (!steady?.reading || !stopped?.reading || !falling?.reading)
          throw new Error('the fixture has fewer meters with photos than expected');
        const file = join(win.dir, 'Zählerhistorie.csv');
        const monthly = (m: { reading: string | null }, share: number): number =>
          Number(m.reading) * share;
        writeFileSync(
          file,
          [
            'meter_id,read_at,reading,read_type',
            ...historyOf(steady.id, steady.reading, 8, (k) =>
              monthly(steady, 0.08 + 0.01 * (k % 3)),
            ),
            // Nothing used in the last three months.
            ...historyOf(stopped.id, stopped.reading, 9, (k) =>
              k < 3 ? 0 : monthly(stopped, 0.08),
            ),
            // 6 % less each month for a year.
            ...historyOf(falling.id, falling.reading, 12, (k) =>
              monthly(falling, 0.03 * 1.06 ** k),
            ),
            // Five meters of other routes with a year of steady use: the season the route learns.
            ...[1, 2, 3, 4, 5].flatMap((i) =>
              historyOf(`H-${String(i)}`, '01838.7', 12, (k) => 92 + 2 * i - 0.4 * k),
            ),
          ].join('\n'),
        );
        os.openAnswers.push(file);
        await page.getByTestId('import-history').click();
        await page.getByTestId('history-imported').waitFor();
        await page.getByRole('dialog').getByRole('button', { name: w.close }).click();

        await page.getByTestId('open-inspection').click();
        const rows = page.getByTestId('inspection-row');
        await eventually(async () => {
          expect(await rows.count()).toBeGreaterThanOrEqual(2);
        });
        expect(await rows.nth(0).getAttribute('data-meter')).toBe(stopped.id);
        expect(await rows.nth(0).textContent()).toContain(w.stopped);
        const fallingRow = page.locator(
          `[data-testid="inspection-row"][data-meter="${falling.id}"]`,
        );
        expect(await fallingRow.getAttribute('data-code')).toBe('falling');
        expect(await fallingRow.textContent()).toMatch(w.falling);
        const order: (string | null)[] = [];
        for (let i = 0; i < (await rows.count()); i++)
          order.push(await rows.nth(i).getAttribute('data-meter'));
        expect(order.indexOf(falling.id)).toBeGreaterThan(0);
        await bothThemes(win, `inspection-list${w.suffix}`);
        await page.getByRole('dialog').getByRole('button', { name: w.close }).click();

        await page.getByRole('button', { name: w.settings }).click();
        const card = page.getByTestId('plausibility-limits');
        await card.scrollIntoViewIfNeeded();
        const counts = page.getByTestId('limits-flagged');
        await eventually(async () => {
          expect(await counts.textContent()).toMatch(w.counted);
        });
        expect(await page.getByTestId('profile-history').getAttribute('aria-pressed')).toBe('true');
        expect(await page.getByTestId('limit-lines').textContent()).toContain(w.spread);
        expect(await page.locator('[data-testid="limits-spread"] .spread-limit').count()).toBe(2);
        await card.scrollIntoViewIfNeeded();
        await bothThemes(win, `settings-limits${w.suffix}`);

        await page.getByTestId('profile-sap_bands').click();
        await eventually(async () => {
          expect(await page.getByTestId('profile-sap_bands').getAttribute('aria-pressed')).toBe(
            'true',
          );
        });
        expect(await page.getByTestId('limit-lines').textContent()).toContain(w.sap);
        await card.scrollIntoViewIfNeeded();
        await bothThemes(win, `settings-limits-sap${w.suffix}`);
        await page.getByTestId('profile-history').click();
        await eventually(async () => {
          expect(await page.getByTestId('profile-history').getAttribute('aria-pressed')).toBe(
            'true',
          );
        });
      } finally {
        await win.close();
      }
    },
    240_000,
  );
});
