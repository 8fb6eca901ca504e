// A route closed through the window: a bad route sheet is refused with its rows; the real one is
// loaded through the column-mapping step; photos are matched (one by hand with the keyboard-first
// picker); the flagged reading is reviewed in walking order; a meter nobody could read gets a skip
// code; the billing export runs with a saved template (';' and the decimal comma) and the file is
// checked. Each billing screen is checked with axe and saved in light and dark.
import { readFileSync, writeFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeRouteFixture } from '../helpers/route-fixture';
import { eventually, openTestWindow, type TestWindow } from './harness';
import { describeInBrowser } from './browser-suite';
import { CUT_WORDS } from './cut-words';
import { bothThemes, startOnSandbox, waitForCount } from './window-steps';

async function meterCount(win: TestWindow, state: string): Promise<string> {
  const text = (await win.page.getByTestId(`meters-${state}`).first().textContent()) ?? '';
  return text.replace(/\D/g, '');
}

describeInBrowser('routes and billing', (site) => {
  it('loads a route sheet with the mapping step, reviews, skips and exports for billing', async () => {
    const win = await openTestWindow(site());
    try {
      const { page, os } = win;
      const fx = await writeRouteFixture(join(win.dir, 'work'), { spare: true });
      await startOnSandbox(win);
      // A reader's folder as they are named: long, and telling readers apart by its end.
      const photos = join(win.dir, 'work', '2026-11-26 Tour 1 Müller Nordstadt');
      await rename(fx.photos, photos);
      await win.drop([photos]);
      await waitForCount(win, 'done', fx.meters.length - 1);
      const panel = page.getByTestId('route-panel');
      await panel.waitFor();

      // A sheet with a repeated meter number: nothing loads, the row is named.
      const bad = join(win.dir, 'bad.csv');
      writeFileSync(bad, 'meter_id;account\nA1;K1\nA2;K2\nA1;K3\n');
      os.openAnswers.push(bad);
      await page.getByTestId('load-route-sheet').click();
      await page.getByTestId('sheet-load').click();
      const problems = page.getByTestId('sheet-problems');
      await problems.waitFor();
      expect(await problems.textContent()).toMatch(/Row 4/);
      await bothThemes(win, 'route-problems');
      await page.getByTestId('sheet-close').click();

      // The real sheet: its meter number column has a name MeterDesk does not know.
      os.openAnswers.push(fx.sheet);
      await page.getByTestId('load-route-sheet').click();
      await page.getByTestId('map-meterId').waitFor();
      expect(await page.getByTestId('sheet-load').isDisabled()).toBe(true);
      await page.getByTestId('map-meterId').selectOption('Gerät Nr.');
      await page.getByTestId('map-previousReadAt').selectOption('Ablesedatum alt');
      await bothThemes(win, 'route-mapping');
      await page.getByTestId('sheet-load').click();
      await page.getByTestId('sheet-loaded').waitFor();
      expect(await page.getByTestId('sheet-loaded').textContent()).toContain(
        `${String(fx.meters.length)} meters`,
      );
      await page.getByTestId('sheet-close').click();
      await eventually(async () => {
        expect(await meterCount(win, 'flagged')).toBe('1');
        expect(await meterCount(win, 'missing')).toBe('2');
      });
      await page.getByTestId('meters-toggle').click();
      await bothThemes(win, 'route-panel');
      // Nothing a clerk needs is cut at 1024 x 768 (issue 29): header cards, banners, folder names,
      // the meters' states beside their readings.
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.getByTestId('meter-filter-all').click();
      await eventually(async () => {
        expect(await page.getByTestId('meter-row').count()).toBe(fx.meters.length);
      });
      expect(await page.evaluate<string[]>(CUT_WORDS)).toEqual([]);
      await page.setViewportSize({ width: 1440, height: 900 });

      // The photo no meter claims: chosen in the list, given a meter with the keyboard.
      await page.getByTestId('meter-filter-unmatched').click();
      await page.getByTestId('meter-row').first().click();
      const picker = page.getByTestId('meter-picker-input');
      // Typed into the picker itself (not wherever the focus is): a detail that re-renders under a
      // busy machine must not send the keys elsewhere.
      await picker.fill('9998');
      await page.getByTestId('meter-option').filter({ hasText: '9998' }).first().waitFor();
      await picker.press('ArrowDown');
      await picker.press('Enter');
      try {
        await eventually(async () => {
          expect(await page.getByTestId('facts-meter').textContent({ timeout: 5000 })).toBe('9998');
          expect(await meterCount(win, 'missing')).toBe('1');
        });
      } catch (error) {
        // This step failed twice on a busy CI machine and never here: keep what the window showed.
        const shot = await win.screenshot('billing-assign-failed');
        const panel = await page.getByTestId('detail-panel').textContent({ timeout: 1000 });
        console.error(
          `billing: the assigned meter never showed (${shot}); the detail said:`,
          panel,
        );
        throw error;
      }

      // Walking-order review: the flagged meter's photo, with the rule that fired.
      await page.getByTestId('walking-review').click();
      await eventually(async () => {
        expect(await page.getByTestId('facts-meter').textContent()).toBe(fx.flagged);
      });
      expect(await page.getByTestId('facts-rules').textContent()).not.toBe('');
      expect(await page.getByTestId('facts-previous').textContent()).toMatch(/\d/);
      await bothThemes(win, 'route-review');
      await page.getByTestId('accept-reading').click();
      await eventually(async () => {
        expect(await meterCount(win, 'flagged')).toBe('0');
      });

      // The meter nobody could read: a skip code with a note.
      await page.getByTestId('meter-filter-missing').click();
      await page.locator('[data-testid="meter-row"][data-meter="9999"]').click();
      await page.getByTestId('meter-alone').waitFor();
      // Its sheet row has no previous read date: an estimate is refused, saying why; a re-read
      // is recorded and undone again. What stands is the skip below.
      await page.getByTestId('decision-open-estimate').click();
      const estimate = page.getByTestId('estimate-form');
      await page.getByTestId('decision-save').click();
      expect(await estimate.getByRole('alert').textContent()).toContain('No previous reading');
      await estimate.scrollIntoViewIfNeeded();
      await bothThemes(win, 'route-decision');
      await page.getByTestId('decision-open-reread').click();
      await page.getByTestId('decision-save').click();
      expect(await page.getByTestId('decision-now').textContent()).toContain('Sent for re-read');
      await page.getByTestId('decision-undo').click();
      await page.getByTestId('decision-now').waitFor({ state: 'detached' });
      await page.getByTestId('skip-code').selectOption('locked');
      await page.getByTestId('skip-note').fill('Kellertür verschlossen');
      await bothThemes(win, 'route-meter');
      await page.getByTestId('skip-save').click();
      await eventually(async () => {
        expect(await meterCount(win, 'skipped')).toBe('1');
      });

      // The billing export with an office template: ';', decimal comma, German headers.
      await page.getByRole('button', { name: 'Export…' }).first().click();
      await page.getByTestId('billing-export-counts').waitFor();
      await page.getByTestId('template-edit').click();
      await page.getByTestId('template-name').fill('Stadtwerke');
      await page.getByTestId('template-delimiter').selectOption(';');
      await page.getByTestId('template-decimal').selectOption(',');
      await page.getByTestId('template-header-meter_id').fill('Zählernummer');
      await page.getByTestId('template-header-reading').fill('Zählerstand');
      await page.getByTestId('template-edit').click();
      await page.getByTestId('template-save').click();
      await page.getByText('Template “Stadtwerke” saved').waitFor();
      await bothThemes(win, 'billing-export');
      const out = join(win.dir, 'billing.csv');
      os.saveAnswers.push(out);
      await page.getByTestId('billing-export-run').click();
      const notice = page.getByTestId('notice').filter({ hasText: 'Exported' });
      await notice.waitFor();

      const lines = readFileSync(out, 'utf8')
        .replace(/^\ufeff/, '')
        .trim()
        .split(/\r?\n/);
      const header = (lines[0] ?? '').split(';');
      expect(header.slice(0, 2)).toEqual(['Zählernummer', 'account']);
      expect(header).toContain('Zählerstand');
      const col = header.indexOf('Zählerstand');
      const rowOf = (id: string): string[] =>
        (lines.find((l) => l.startsWith(`${id};`)) ?? '').split(';');
      const flaggedReading = fx.meters.find((m) => m.id === fx.flagged)?.reading ?? '';
      expect(rowOf(fx.flagged)[col]).toBe(flaggedReading.replace('.', ','));
      expect(rowOf('9999')).toContain('locked');
      // Finished and reviewed only: every meter here has a reading or a skip.
      expect(lines.length - 1).toBe(fx.meters.length);
      const readings = fx.meters.length - 1;
      expect(await notice.textContent()).toContain(`Exported ${String(readings)} readings`);
      const saved = await win.bridge.billingOverview();
      expect(saved.ok && saved.value.templateJson).toContain('Stadtwerke');
    } finally {
      await win.close();
    }
  }, 240_000);
});
