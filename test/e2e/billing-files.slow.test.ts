// Billing's order file round trip through the window (issue 31; docs/billing-files.md): an SAP
// IS-U order file (Windows-1252, CRLF, a comment, a quoted cell with ';', a duplicate key, a
// trailer) is chosen under "Load route sheet", recognised by its content and loaded with its
// exceptions listed by line; a meter's detail shows billing's limits beside MeterDesk's check;
// "Return file for billing" in the Export dialog writes the file back with the readings in and
// the exceptions CSV beside it: 0 bytes changed outside the filled fields. Each step is checked
// with axe and saved in the light theme (.tmp/e2e-screenshots; copies that were looked at in
// docs/screenshots/order-*.png and return-file-*.png). The same steps in the pseudo-locale show
// no word outside the catalogues (a meter's account and address are data).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { builtinProfile } from '../../common/billing/order-files/builtin-profiles';
import { byteDiff } from '../billing/order-files/byte-diff';
import { writeOrderRouteFixture } from '../helpers/order-route-fixture';
import { describeInBrowser } from './browser-suite';
import { openTestWindow, type TestWindow } from './harness';
import { unmarkedWords } from './unmarked-words';
import { startOnSandbox, waitForCount } from './window-steps';

async function shot(win: TestWindow, name: string): Promise<void> {
  expect(await win.axe()).toEqual([]);
  await win.screenshot(`${name}-light`);
}

describeInBrowser('billing files', (site) => {
  it('loads an SAP order file through "Load route sheet" and writes its return file', async () => {
    const win = await openTestWindow(site(), { viewport: { width: 1280, height: 900 } });
    try {
      const { page, os } = win;
      const fx = await writeOrderRouteFixture(join(win.dir, 'work'));
      await startOnSandbox(win);
      await win.drop([fx.route.photos]);
      await waitForCount(win, 'done', fx.route.meters.length);

      // "Load route sheet": the content says SAP IS-U; the clerk only confirms.
      os.openAnswers.push(fx.file);
      await page.getByTestId('load-route-sheet').click();
      const lead = page.getByTestId('order-lead');
      await lead.waitFor();
      expect(await lead.textContent()).toContain('SAP IS-U (sap-isu)');
      expect(await page.getByTestId('order-profile').inputValue()).toBe('sap-isu');
      await shot(win, 'order-file');
      await page.getByTestId('order-load').click();
      const loaded = page.getByTestId('order-loaded');
      await loaded.waitFor();
      expect(await loaded.textContent()).toContain(
        `MR_ORDERS.csv, SAP IS-U (sap-isu) layout: ${String(fx.meters.length + 1)} order records, ${String(fx.meters.length)} meters`,
      );
      const exceptions = page.getByTestId('order-exceptions');
      expect(await exceptions.textContent()).toContain(
        `Line ${String(fx.duplicateLine)}, key ${fx.meters[1]?.key ?? ''}: The key`,
      );
      expect(await exceptions.textContent()).toContain(
        `Line ${String(fx.trailerLine)}: A comment or trailer line`,
      );
      await shot(win, 'order-file-loaded');
      await page.getByTestId('sheet-close').click();

      // The meter above billing's upper limit: billing's check beside MeterDesk's.
      await page.getByTestId('meters-toggle').click();
      await page.getByTestId('meter-filter-all').click();
      await page.locator(`[data-testid="meter-row"][data-meter="${fx.high}"]`).click();
      const verdict = page.getByTestId('facts-billing-verdict');
      await verdict.waitFor();
      expect(await verdict.getAttribute('data-condition')).toBe('high');
      expect(await page.getByTestId('facts-billing-range').textContent()).toMatch(/^Limits \d/);
      await page.getByTestId('facts-billing-limits').scrollIntoViewIfNeeded();
      await shot(win, 'order-meter-limits');

      // The Export dialog offers the return file first.
      await page.getByRole('button', { name: 'Export…' }).first().click();
      await page.getByTestId('return-file-lead').waitFor();
      expect(await page.getByTestId('export-kind-return').isChecked()).toBe(true);
      await shot(win, 'return-file');
      const out = join(win.dir, 'MR_RESULTS.csv');
      os.saveAnswers.push(out);
      await page.getByTestId('return-file-run').click();
      const done = page.getByTestId('return-file-done');
      await done.waitFor();
      const filled = fx.meters.filter((m) => m.reading !== null).length;
      expect(await done.textContent()).toBe(
        `${out}: ${String(filled)} records filled, ${String(fx.meters.length - filled + 1)} not read.`,
      );
      expect(await page.getByTestId('return-file-exceptions').textContent()).toContain(
        `Line ${String(fx.duplicateLine)}`,
      );
      await shot(win, 'return-file-done');

      // The file: the order file byte for byte but for the filled cells.
      const profile = builtinProfile('sap-isu');
      if (!profile) throw new Error('sap-isu');
      const before = readFileSync(fx.file);
      const after = readFileSync(out);
      const diff = byteDiff(profile, before, after);
      expect(diff.changedOutside, diff.firstDifference ?? '').toBe(0);
      const lines = after.toString('latin1').split('\r\n');
      const high = fx.meters[0];
      const plain = fx.meters[2];
      if (!high || !plain) throw new Error('no meters');
      expect(lines[high.line - 1]?.split(';')[17]).toBe('H1');
      expect(lines[plain.line - 1]?.split(';')[16]).toBe(
        (plain.reading ?? '').replace(/^0+(?=\d)/, '').replace('.', ','),
      );
      const csv = readFileSync(join(win.dir, 'MR_RESULTS.exceptions.csv'), 'utf8');
      expect(csv.split('\r\n')[0]).toBe('reason,key,line,detail');
      expect(csv).toContain(
        `duplicate_key,${fx.meters[1]?.key ?? ''},${String(fx.duplicateLine)},`,
      );
    } finally {
      await win.close();
    }
  }, 240_000);

  it('words every step of the round trip from the catalogues (pseudo-locale)', async () => {
    const win = await openTestWindow(site(), {
      language: 'en-XA',
      viewport: { width: 1280, height: 900 },
    });
    const seen: string[] = [];
    const scan = async (where: string): Promise<void> => {
      for (const word of await unmarkedWords(win.page)) seen.push(`${where}: ${word}`);
    };
    try {
      const { page, os } = win;
      const fx = await writeOrderRouteFixture(join(win.dir, 'work'));
      await startOnSandbox(win);
      await win.drop([fx.route.photos]);
      await waitForCount(win, 'done', fx.route.meters.length);
      os.openAnswers.push(fx.file);
      await page.getByTestId('load-route-sheet').click();
      await page.getByTestId('order-lead').waitFor();
      await scan('order step');
      await page.getByTestId('order-load').click();
      await page.getByTestId('order-exceptions').waitFor();
      await scan('order loaded');
      await page.getByTestId('sheet-close').click();
      await page.getByTestId('meters-toggle').click();
      await page.getByTestId('meter-filter-all').click();
      await page.locator(`[data-testid="meter-row"][data-meter="${fx.high}"]`).click();
      await page.getByTestId('facts-billing-verdict').waitFor();
      await scan('meter detail');
      await page.locator('.header-actions button').nth(1).click();
      await page.getByTestId('return-file-lead').waitFor();
      await scan('return file');
      os.saveAnswers.push(join(win.dir, 'MR_RESULTS.csv'));
      await page.getByTestId('return-file-run').click();
      await page.getByTestId('return-file-exceptions').waitFor();
      await scan('return written');
      expect(seen).toEqual([]);
    } finally {
      await win.close();
    }
  }, 240_000);
});
