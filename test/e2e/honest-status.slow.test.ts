// Honest status when nothing moves (issue 15): instead of an ETA, what the run waits for and until
// when; rows waiting at the service say so in the service's words; the quota banner has one count,
// the reset time and what the clerk can do, and no "Retry now"; with a refused key the widgets say
// they do not know.
import { expect, it } from 'vitest';
import { eventually, openTestWindow } from './harness';
import { sampleFolder, startOnSandbox, waitForCount } from './window-steps';
import { describeInBrowser } from './browser-suite';

describeInBrowser('honest status when nothing moves', (site) => {
  it('shows photos waiting for the AI service as waiting, with the reason, and no ETA', async () => {
    const win = await openTestWindow(site());
    try {
      const { page } = win;
      await startOnSandbox(win);
      win.sandbox().control.setAiOnline(false);
      const manifest = await sampleFolder(win, 'Route 6', 4, 6);
      await win.drop([manifest.dir]);
      await eventually(
        async () => {
          const status = page.locator(
            '[role="row"][data-state="submitted"] [data-testid="cell-status"]',
          );
          expect(await status.count()).toBe(4);
          expect(await status.allTextContents()).toEqual(Array(4).fill(' Waiting'));
          expect(await page.getByTestId('progress-pace').textContent()).toBe(
            'Waiting for the AI service.',
          );
        },
        { timeout: 60_000 },
      );
      // The legend does not call them "being read" either.
      expect(await page.getByTestId('count-active').textContent()).toBe('At the service 4');
      await win.screenshot('waiting-for-ai-light');
      const problem = page.locator('[role="row"][data-state="submitted"] .td-error').first();
      expect(await problem.textContent()).toContain('The AI service is offline');
      win.sandbox().control.setAiOnline(true);
      await waitForCount(win, 'done', 4);
    } finally {
      await win.close();
    }
  }, 180_000);

  it('says when the quota resets, offers no retry, and knows nothing under a refused key', async () => {
    const win = await openTestWindow(site());
    try {
      const { page } = win;
      await startOnSandbox(win);
      win.sandbox().control.setQuota({ dailyLimit: 2 });
      const manifest = await sampleFolder(win, 'Route 8', 6, 8);
      await win.drop([manifest.dir]);

      const banner = page.getByTestId('banner-quota');
      await banner.waitFor({ timeout: 60_000 });
      await waitForCount(win, 'done', 2);
      await eventually(async () => {
        expect(await banner.textContent()).toContain('0 of 2 readings left today.');
        expect(await page.getByTestId('quota-remaining').textContent()).toBe('0 of 2 left');
      });
      expect(await banner.textContent()).toMatch(
        /Quota resets at \d{1,2}:\d\d( [AP]M)? \(in \d+ (h|min)/,
      );
      expect(await banner.textContent()).toContain('ask whoever manages the account');
      expect(await banner.getByRole('button', { name: 'Retry now' }).count()).toBe(0);
      expect(await page.getByTestId('progress-pace').textContent()).toMatch(/^Quota resets at /);

      // The key is refused from now on: what the service said under it no longer holds.
      win.sandbox().control.updateKey(win.sandbox().apiKey, { disabled: true });
      await page.getByTestId('banner-key_rejected').waitFor({ timeout: 60_000 });
      await eventually(async () => {
        expect(await page.getByTestId('quota-remaining').textContent()).toBe('Unknown');
        expect(await page.getByTestId('ai-state').textContent()).toBe('Unknown');
        expect(await page.getByTestId('progress-pace').textContent()).toBe(
          'Waiting for a valid API key (Settings).',
        );
      });
      expect(await win.axe()).toEqual([]);
    } finally {
      await win.close();
    }
  }, 180_000);
});
