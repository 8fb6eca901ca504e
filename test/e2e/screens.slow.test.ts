// The main screens in light and dark, each checked with axe-core (no serious or critical
// violations) and saved as screenshots: empty, running, settings. Onboarding checks the address
// and the key against a service over HTTP before keeping them; the key is write-only afterwards.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createSandbox } from '../../sandbox';
import { generateSampleFolder } from '../../sandbox/samples';
import { eventually, openTestWindow } from './harness';
import { bothThemes, startOnSandbox } from './window-steps';
import { describeInBrowser } from './browser-suite';

describeInBrowser('main screens', (site) => {
  it('shows a run in progress calmly, with the photo of the selected row', async () => {
    const win = await openTestWindow(site());
    try {
      const { page } = win;
      await startOnSandbox(win);
      await bothThemes(win, 'empty');
      // A slower AI, so the run is caught half way.
      win.sandbox().control.setAi({ latencyMs: 3000, jitterMs: 2000, parallel: 8 });
      const folder = join(win.dir, 'Route 12 - Hillside');
      await generateSampleFolder(folder, {
        count: 60,
        seed: 21,
        includeBadFiles: true,
        subfolders: true,
        duplicates: 2,
        width: 480,
      });
      await win.drop([folder]);
      await eventually(
        async () => {
          const done = Number(
            ((await page.getByTestId('count-done').textContent()) ?? '').replace(/\D/g, ''),
          );
          expect(done).toBeGreaterThanOrEqual(12);
        },
        { timeout: 60_000 },
      );
      await page.getByRole('button', { name: 'Dismiss', exact: true }).click();
      await page.locator('[role="row"][data-state="done"]').nth(2).click();
      await eventually(async () => {
        expect(
          await page
            .getByTestId('detail-photo')
            .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        ).toBeGreaterThan(0);
      });
      win.sandbox().control.setAi({ latencyMs: 1_000_000 });
      await bothThemes(win, 'running');
      win.sandbox().control.setAi({ latencyMs: 50, jitterMs: 10 });

      // The activity log folds open and stays accessible.
      await page.getByText('Recent activity', { exact: true }).click();
      expect(await page.locator('details.activity').getAttribute('open')).toBe('');
      expect(await win.axe()).toEqual([]);
      await page.getByText('Recent activity', { exact: true }).click();

      // At 125% zoom nothing overlaps and the table still scrolls.
      await page.evaluate(`document.body.style.zoom = '1.25'`);
      await win.screenshot('running-zoom125-light');
      expect(await win.axe()).toEqual([]);
      await page.evaluate(`document.body.style.zoom = ''`);
    } finally {
      await win.close();
    }
  }, 180_000);

  it('checks the service address and key in onboarding, then keeps the key write-only', async () => {
    const service = await createSandbox({ ai: { latencyMs: 50, jitterMs: 10 } });
    const win = await openTestWindow(site());
    try {
      const { page } = win;
      await page.getByTestId('onboarding').waitFor();
      const submit = page.getByRole('button', { name: 'Check and continue' });

      await page.getByTestId('base-url').fill('ftp://meters.example.com');
      await page.getByTestId('api-key').fill('whatever');
      await submit.click();
      expect(await page.getByText('The address must start with https://').count()).toBe(1);

      await page.getByTestId('base-url').fill(service.url);
      await page.getByTestId('api-key').fill('md_wrong_key_0000');
      await submit.click();
      await page.getByTestId('connection-error').waitFor();
      expect(await page.getByTestId('connection-error').textContent()).toContain(
        'does not accept this API key',
      );

      await page.getByTestId('api-key').fill(service.apiKey);
      await submit.click();
      await page.getByTestId('empty-state').waitFor();

      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByTestId('settings').waitFor();
      const status = page.getByTestId('key-status');
      expect(await status.textContent()).toContain(`ends in …${service.apiKey.slice(-4)}`);
      // The key itself is never in the page.
      expect(await page.content()).not.toContain(service.apiKey);
      await bothThemes(win, 'settings');

      // Sending settings are validated and saved.
      await page.getByLabel('Photos at the service at the same time').fill('0');
      await page.getByRole('button', { name: 'Save settings' }).click();
      expect(await page.getByText('A whole number from 1 to 256.').count()).toBe(1);
      await page.getByLabel('Photos at the service at the same time').fill('8');
      await page.getByLabel('One photo per upload').check();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Saved. MeterDesk carries on with the new settings.').waitFor();
      const saved = await win.bridge.getSettings();
      expect(saved.ok && saved.value.maxConcurrency).toBe(8);
      expect(saved.ok && saved.value.batchMode).toBe('never');
    } finally {
      await win.close();
      await service.close();
    }
  }, 120_000);
});
