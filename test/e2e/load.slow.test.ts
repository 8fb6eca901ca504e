// Heavy use: 3,000 photos read as fast as the real engine and sandbox go (a few hundred row changes
// a second on a 2-core machine; test/renderer/app.test.tsx pushes 1,000 a second through the same
// store and table, churn.slow.test.ts through this window) while staff filter, search and move through
// the table, and a queue of 100,000
// photos that scrolls to its last row. What is asserted is behaviour (the window keeps answering,
// rows stay put, the DOM stays small), not timings.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { queueFileIn } from '../../main/backend/data-dir';
import { openStore } from '../../main/store/store';
import { generateSampleFolder } from '../../sandbox/samples';
import { eventually, openTestWindow } from './harness';
import { startOnSandbox, waitForCount } from './window-steps';
import { describeInBrowser } from './browser-suite';

const ROWS_IN_DOM_MAX = 80;

describeInBrowser('under load', (site) => {
  it('stays responsive while 3,000 photos are read as fast as the engine goes', async () => {
    const win = await openTestWindow(site(), {
      engineConfig: { maxConcurrency: 256, maxParallelUploads: 16, maxParallelPolls: 16 },
    });
    try {
      const { page } = win;
      await startOnSandbox(win);
      const sandbox = win.sandbox();
      // A generous account, so the service is not what limits the pace.
      sandbox.control.updateKey(sandbox.apiKey, {
        requestsPerWindow: 1_000_000,
        submissionsPerWindow: 1_000_000,
        concurrency: 256,
      });
      sandbox.control.setQuota({ dailyLimit: 100_000 });
      sandbox.control.setAi({ latencyMs: 5, jitterMs: 2, parallel: 256 });
      // 3,000 distinct photos: 30 rendered JPEGs, each copy made unique by a comment segment
      // after SOI (a well-formed JPEG the scanner and the service accept, read as the original).
      const source = join(win.dir, 'source');
      await generateSampleFolder(source, {
        count: 30,
        seed: 4,
        subfolders: false,
        duplicates: 0,
        width: 120,
        formats: ['jpeg'],
      });
      const folder = join(win.dir, 'Route 99 - Big estate');
      mkdirSync(folder);
      const images = readdirSync(source).filter((f) => !f.startsWith('.'));
      const total = 3000;
      for (let i = 0; i < total; i++) {
        const from = images[i % images.length] ?? '';
        const bytes = readFileSync(join(source, from));
        const text = Buffer.from(`unit ${String(i)}`);
        const segment = Buffer.from([0xff, 0xfe, 0, text.length + 2]);
        writeFileSync(
          join(folder, `unit-${String(i).padStart(4, '0')}.jpg`),
          Buffer.concat([bytes.subarray(0, 2), segment, text, bytes.subarray(2)]),
        );
      }
      await win.drop([folder]);
      await page.getByTestId('add-report').waitFor({ timeout: 60_000 });

      // While rows stream in: a row keeps its place, filters and search answer, the keyboard
      // moves the selection and the detail follows, and only the rows in view are in the DOM.
      const grid = page.locator('#job-table');
      const firstRow = grid.locator('.tbody [role="row"][data-job-id]').first();
      const id = await firstRow.getAttribute('data-job-id');
      const top = await firstRow.evaluate(
        (el) => (el as unknown as { style: { top: string } }).style.top,
      );
      await page.getByTestId('filter-done').click();
      await eventually(async () => {
        const states = await grid
          .locator('.tbody [role="row"][data-job-id]')
          .evaluateAll((rows) =>
            rows.map((r) => (r as unknown as { dataset: { state: string } }).dataset.state),
          );
        expect(states.length).toBeGreaterThan(0);
        expect(new Set(states)).toEqual(new Set(['done']));
      });
      await page.getByTestId('filter-all').click();
      await page.keyboard.press('/');
      await page.keyboard.type('unit-0042');
      await eventually(async () => {
        const files = await grid.locator('.tbody [role="row"] .td-file').allTextContents();
        expect(files).toHaveLength(1);
        expect(files[0]).toContain('unit-0042');
      });
      await page.locator('#job-search').fill('');
      await eventually(async () => {
        const row = grid.locator(`[data-job-id="${String(id)}"]`);
        expect(
          await row.evaluate((el) => (el as unknown as { style: { top: string } }).style.top),
        ).toBe(top);
      });
      await grid.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('End');
      await eventually(async () => {
        const selected = grid.locator('.tbody [role="row"][aria-selected="true"]');
        expect(await selected.getAttribute('aria-rowindex')).toBe(String(total + 1));
        const file = await selected.locator('.td-file').textContent();
        expect(await page.getByTestId('detail-panel').locator('h2').textContent()).toBe(file);
      });
      expect(await grid.locator('.tbody [role="row"]').count()).toBeLessThan(ROWS_IN_DOM_MAX);

      await waitForCount(win, 'done', total, 120_000);
      const pushed = win.pushedRows();
      console.log(
        `rows pushed: ${String(pushed.total)}, most in one second: ${String(pushed.maxPerSecond)}`,
      );
      expect(pushed.total).toBeGreaterThanOrEqual(total);
      expect(await page.getByTestId('filter-done').textContent()).toContain('3,000');
    } finally {
      await win.close();
    }
  }, 240_000);

  it('scrolls a queue of 100,000 photos to its last row and searches it', async () => {
    const total = 100_000;
    const win = await openTestWindow(site(), {
      prefill: (userDataDir) => {
        mkdirSync(userDataDir, { recursive: true });
        const store = openStore(queueFileIn(userDataDir, false));
        try {
          const root = store.roots.ensure('/srv/photos/City', 'folder');
          const jobs = Array.from({ length: total }, (_, i) => {
            const name = `photo-${String(i).padStart(6, '0')}.jpg`;
            return {
              rootId: root.id,
              path: `/srv/photos/City/${name}`,
              relPath: name,
              size: 1000,
              mtimeMs: 0,
              accepted: { sha256: i.toString(16).padStart(64, '0'), format: 'jpeg' },
              rejected: null,
            };
          });
          store.jobs.insertScanned(jobs);
        } finally {
          store.close();
        }
      },
    });
    try {
      const { page } = win;
      const grid = page.locator('#job-table');
      await grid.waitFor();
      expect(await page.getByTestId('filter-all').textContent()).toContain('100,000');
      await grid.focus();
      await page.keyboard.press('End');
      await eventually(async () => {
        expect(await page.getByTestId('detail-panel').locator('h2').textContent()).toBe(
          'photo-099999.jpg',
        );
      });
      expect(await grid.locator('.tbody [role="row"]').count()).toBeLessThan(ROWS_IN_DOM_MAX);
      await page.keyboard.press('Home');
      await eventually(async () => {
        expect(await page.getByTestId('detail-panel').locator('h2').textContent()).toBe(
          'photo-000000.jpg',
        );
      });
      await page.locator('#job-search').fill('photo-07777');
      await eventually(async () => {
        const files = await grid.locator('.tbody [role="row"] .td-file').allTextContents();
        expect(files).toHaveLength(10);
      });
      expect(await win.axe()).toEqual([]);
    } finally {
      await win.close();
    }
  }, 240_000);
});
