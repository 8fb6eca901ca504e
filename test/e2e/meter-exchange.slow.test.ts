// A meter exchange booked through the window (issue 33, item 7): the flagged meter's reading is
// far above its use because the meter was exchanged; the clerk gives the new meter, the day and
// both readings; a new number already on the sheet is refused in words; once booked, the detail
// says the old meter removed and the new one installed instead of the old flag, and the billing
// export writes the removal row, the installation row and the reading under the new meter.
// Checked with axe and saved in light and dark.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { writeRouteFixture } from '../helpers/route-fixture';
import { describeInBrowser } from './browser-suite';
import { eventually, openTestWindow } from './harness';
import { bothThemes, loadFixtureSheet, startOnSandbox, waitForCount } from './window-steps';

/** `value` written as `like` is: its whole digits padded, its decimals kept. */
function asLike(value: number, like: string): string {
  const [whole = '', frac = ''] = like.split('.');
  const [w = '', f = ''] = value.toFixed(frac.length).split('.');
  return frac.length === 0
    ? w.padStart(whole.length, '0')
    : `${w.padStart(whole.length, '0')}.${f}`;
}

describeInBrowser('a meter exchange', (site) => {
  it('is booked in the detail and exported as billing books it', async () => {
    const win = await openTestWindow(site());
    try {
      const { page, os } = win;
      const fx = await writeRouteFixture(join(win.dir, 'work'));
      await startOnSandbox(win);
      await win.drop([fx.photos]);
      // Every meter's photo but 9999's, and the photo no meter claims.
      await waitForCount(win, 'done', fx.meters.length);
      await loadFixtureSheet(win, fx.sheet);
      // The flagged meter's photo, far above its use: it waits for review.
      await waitForCount(win, 'review', 1);

      // The sheet's previous reading and day of the flagged meter (';', decimal comma).
      const row = readFileSync(fx.sheet, 'utf8')
        .split(/\r?\n/)
        .find((l) => l.startsWith(`${fx.flagged};`))
        ?.split(';');
      const previous = row?.[6]?.replace(',', '.') ?? '';
      const [d, m, y] = (row?.[7] ?? '').split('.');
      const previousDay = `${y ?? ''}-${m ?? ''}-${d ?? ''}`;
      const reading = fx.meters.find((x) => x.id === fx.flagged)?.reading ?? '';
      // The meter used six times its usual amount; a twelfth of it on each meter is its usual.
      const used = Number(reading) - Number(previous);
      const oldFinal = asLike(Number(previous) + used / 12, reading);
      const newStart = asLike(Number(reading) - used / 12, reading);
      const other = fx.meters.find((x) => x.id !== fx.flagged)?.id ?? '';

      await page.getByTestId('walking-review').click();
      await eventually(async () => {
        expect(await page.getByTestId('facts-meter').textContent()).toBe(fx.flagged);
      });
      expect(await page.getByTestId('facts-rules').textContent()).not.toBe('');
      await page.getByTestId('decision-open-exchange').click();
      const form = page.getByTestId('exchange-form');
      await page.getByTestId('exchange-newMeter').fill(other);
      await page.getByTestId('exchange-newSerial').fill('SN-778');
      await page.getByTestId('exchange-exchangedAt').fill(previousDay);
      await page.getByTestId('exchange-oldFinal').fill(oldFinal);
      await page.getByTestId('exchange-newStart').fill(newStart);
      await page.getByTestId('decision-save').click();
      expect(await form.getByRole('alert').textContent()).toBe(
        `The new meter number ${other} is already another meter on the route sheets (route Nord).`,
      );
      await form.scrollIntoViewIfNeeded();
      await bothThemes(win, 'meter-exchange-form');
      await page.getByTestId('exchange-newMeter').fill('N-77001');
      await page.getByTestId('decision-save').click();
      await page.getByTestId('exchange-form').waitFor({ state: 'detached' });

      await eventually(async () => {
        expect(await page.getByTestId('facts-exchange-new').textContent()).toBe(
          `N-77001 (serial SN-778) installed at ${newStart}`,
        );
      });
      expect(await page.getByTestId('facts-exchange-old').textContent()).toContain(
        `${fx.flagged} removed at ${oldFinal} on `,
      );
      expect(await page.getByTestId('facts-level').textContent()).toBe('Plausible');
      expect(await page.getByTestId('facts-rules').count()).toBe(0);
      // The photo is checked over both meters now: it no longer waits for review.
      await waitForCount(win, 'review', 0);
      await page.getByTestId('facts-exchange-old').scrollIntoViewIfNeeded();
      await bothThemes(win, 'meter-exchange-detail');

      const out = join(win.dir, 'billing.csv');
      os.saveAnswers.push(out);
      await page.getByRole('button', { name: 'Export…' }).first().click();
      await page.getByTestId('billing-export-counts').waitFor();
      await page.getByTestId('billing-export-run').click();
      await page.getByTestId('notice').filter({ hasText: 'Exported' }).waitFor();
      // The route sheet's dialect: ';' and the decimal comma.
      const rows = parse<Record<string, string>>(readFileSync(out, 'utf8').replace(/^\ufeff/, ''), {
        columns: true,
        delimiter: ';',
      });
      const comma = (r: string): string => r.replace('.', ',');
      const booked = rows
        .filter((r) => r.meter_id === fx.flagged || r.meter_id === 'N-77001')
        .map((r) => [r.meter_id, r.reading, r.read_type]);
      expect(booked).toEqual([
        [fx.flagged, comma(oldFinal), 'removal'],
        ['N-77001', comma(newStart), 'install'],
        ['N-77001', comma(reading), 'actual'],
      ]);
    } finally {
      await win.close();
    }
  }, 240_000);
});
