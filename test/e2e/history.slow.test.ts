// A meter's history in the window (issue 33): a route sheet loaded, the meters' earlier readings
// imported with "Import history…" (one line refused, said with its line), and a meter's detail
// then shows where its reading fell against the expectation and its use over the periods, as a
// chart beside the photo. Each screen is checked with axe and saved in light and dark.
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

/** Eight monthly readings before the sheet's previous one, the last of them that one. */
function historyOf(meterId: string, current: string): string[] {
  const [whole = '', frac = ''] = current.split('.');
  const value = Number(current);
  const previous = value * 0.9;
  const text = (n: number): string => {
    const [w = '0', f] = n.toFixed(frac.length).split('.');
    return `${w.padStart(whole.length, '0')}${f === undefined ? '' : `.${f}`}`;
  };
  const monthly = value * 0.1;
  const lines: string[] = [];
  let reading = previous;
  for (let k = 0; k <= 8; k++) {
    const day = new Date(PREVIOUS_AT - k * 30 * DAY_MS).toISOString().slice(0, 10);
    const type = k === 3 ? 'customer' : k === 5 ? 'estimated' : 'actual';
    lines.unshift(`${meterId},${day},${text(reading)},${type}`);
    // Use swings by season: a bit more in the months further back.
    reading -= monthly * (0.85 + 0.05 * (k % 4));
  }
  return lines;
}

describeInBrowser("a meter's history", (site) => {
  it('imports the history and shows the expectation and the chart in the detail', async () => {
    const win = await openTestWindow(site());
    try {
      const { page, os } = win;
      const fx = await writeRouteFixture(join(win.dir, 'work'));
      await readFixtureRoute(win, fx);

      // The history of the second meter (read as usual), with one line billing mistyped.
      const shown = fx.meters[1];
      if (!shown?.reading || !shown.relPath) throw new Error('no second meter with a photo');
      const file = join(win.dir, 'Zählerhistorie.csv');
      writeFileSync(
        file,
        [
          'meter_id,read_at,reading,read_type',
          ...historyOf(shown.id, shown.reading),
          `${shown.id},2025-13-01,00001.0,actual`,
        ].join('\n'),
      );
      os.openAnswers.push(file);
      await page.getByTestId('import-history').click();
      const imported = page.getByTestId('history-imported');
      await imported.waitFor();
      expect(await imported.textContent()).toContain('10 lines read: 9 readings added');
      expect(await imported.textContent()).toContain('1 meter named, 1 of them on a loaded route');
      expect(await page.getByTestId('history-problems').textContent()).toMatch(
        /^Line 11: The read date “2025-13-01”/,
      );
      await bothThemes(win, 'history-imported');
      await page.getByRole('button', { name: 'Close' }).click();

      await page.getByTestId('meters-toggle').click();
      await page.getByTestId('meter-filter-all').click();
      await page.locator(`[data-testid="meter-row"][data-meter="${shown.id}"]`).click();
      const chart = page.getByTestId('consumption-chart');
      await eventually(async () => {
        expect(await page.getByTestId('facts-meter').textContent()).toBe(shown.id);
        expect(await chart.isVisible()).toBe(true);
      });
      // Seven periods (the estimate opens none) and this reading's, within its band.
      expect(await chart.locator('rect.chart-bar').count()).toBe(8);
      expect(await chart.locator('.chart-estimate').count()).toBeGreaterThan(0);
      const band = page.getByTestId('facts-band');
      expect(await band.getAttribute('data-fall')).toBe('within');
      expect(await band.textContent()).toContain('From this meter’s recent periods.');
      await band.scrollIntoViewIfNeeded();
      await bothThemes(win, 'history-band');
      await chart.scrollIntoViewIfNeeded();
      await bothThemes(win, 'history-chart');
    } finally {
      await win.close();
    }
  });
});
