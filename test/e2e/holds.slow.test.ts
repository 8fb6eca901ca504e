// Paused states as banners that say what happened and what to do: the network cut (countdown to
// the next try, "retry now", clears by itself) and the daily quota used up (count, reset, warning before
// the run, clears when quota is back).
import { expect, it } from 'vitest';
import { eventually, openTestWindow } from './harness';
import { sampleFolder, startOnSandbox, waitForCount } from './window-steps';
import { describeInBrowser } from './browser-suite';

describeInBrowser('banners for paused states', (site) => {
  it('shows the offline banner while the network is cut and clears it by itself', async () => {
    const win = await openTestWindow(site());
    try {
      const { page } = win;
      await startOnSandbox(win);
      win.sandbox().control.setAi({ latencyMs: 1500, jitterMs: 300 });
      const manifest = await sampleFolder(win, 'Route 3 - Mill Lane', 20, 3);
      await win.drop([manifest.dir]);
      await eventually(async () => {
        expect(await page.locator('[role="row"][data-state="submitted"]').count()).toBeGreaterThan(
          0,
        );
      });

      win.sandbox().control.setNetworkDown(true);
      const banner = page.getByTestId('banner-offline');
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.textContent()).toContain('Nothing is lost');
      await banner.getByTestId('next-retry').waitFor();
      await banner.getByRole('button', { name: 'Retry now' }).click();
      expect(await win.axe()).toEqual([]);
      await win.screenshot('offline-light');

      win.sandbox().control.setNetworkDown(false);
      await banner.waitFor({ state: 'detached', timeout: 30_000 });
      await waitForCount(win, 'done', 20);
    } finally {
      await win.close();
    }
  }, 120_000);

  it('warns before a run larger than the quota, shows the quota banner and clears it', async () => {
    const win = await openTestWindow(site());
    try {
      const { page } = win;
      await startOnSandbox(win);
      win.sandbox().control.setQuota({ dailyLimit: 5 });
      const manifest = await sampleFolder(win, 'Route 9 - Station Road', 12, 9);
      await win.drop([manifest.dir]);

      const warning = page.getByTestId('add-quota-warning');
      await warning.waitFor();
      expect(await warning.textContent()).toContain('Only 5 readings are left today');

      const banner = page.getByTestId('banner-quota');
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.textContent()).toContain('stay queued');
      await waitForCount(win, 'done', 5);
      // One count, the widget's, and when the quota starts again.
      await eventually(async () => {
        expect(await banner.textContent()).toContain('0 of 5 readings left today.');
      });
      expect(await banner.textContent()).toContain('Quota resets at');
      expect(await page.getByTestId('quota-remaining').textContent()).toBe('0 of 5 left');
      expect(await win.axe()).toEqual([]);
      await win.screenshot('quota-light');

      win.sandbox().control.setQuota({ dailyLimit: 100 });
      await banner.waitFor({ state: 'detached', timeout: 30_000 });
      await waitForCount(win, 'done', 12);
    } finally {
      await win.close();
    }
  }, 120_000);
});
