// The quality check before upload in the window, for the README's screenshots: a folder with
// blurred, dark, overexposed and tiny photos among good ones; the held rows say Held and why, the
// detail panel offers Send anyway, which sends the photo (the sandbox fails it, charging nothing);
// Settings shows the limits beside the spread of these photos.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { generateSampleFolder } from '../../sandbox/samples';
import { describeInBrowser } from './browser-suite';
import { eventually, openTestWindow, SCREENSHOT_DIR } from './harness';
import { openDetail, startOnSandbox } from './window-steps';

describeInBrowser('held photos', (site) => {
  it('holds unreadable photos with their reasons and sends one anyway', async () => {
    const win = await openTestWindow(site(), { engineConfig: { photoChecks: true } });
    try {
      const { page } = win;
      await startOnSandbox(win);
      const folder = join(win.dir, 'Route 25 - Mill Lane');
      await generateSampleFolder(folder, {
        count: 10,
        seed: 25,
        subfolders: false,
        duplicates: 0,
        width: 640,
        flawed: 4,
      });
      await win.drop([folder]);
      const held = page.locator('[role="row"]', { hasText: 'Held' });
      await eventually(
        async () => {
          expect(await held.count()).toBe(4);
          expect(await page.locator('[role="row"][data-state="done"]').count()).toBe(10);
        },
        { timeout: 90_000 },
      );
      await page.getByRole('button', { name: 'Dismiss', exact: true }).click();
      await eventually(async () => {
        expect(await page.getByTestId('held-note').textContent()).toBe(
          '4 held, not sent: 1 too small, 1 too dark, 1 overexposed, 1 blurred · quota saved: 4',
        );
      });
      expect(await page.getByText('Held, not sent: blurred').count()).toBeGreaterThan(0);
      await openDetail(win, page.locator('[role="row"]', { hasText: 'Held, not sent: blurred' }));
      expect(await win.axe()).toEqual([]);
      await win.screenshot('held-photos-light');

      await page.getByRole('button', { name: 'Send anyway' }).click();
      await eventually(
        async () => {
          expect(await held.count()).toBe(3);
          expect(await page.locator('[role="row"][data-state="failed"]').count()).toBe(1);
        },
        { timeout: 60_000 },
      );
      expect(
        win
          .sandbox()
          .ledger.tasks()
          .filter((t) => t.quotaCharged),
      ).toHaveLength(10);

      await page.getByRole('button', { name: 'Settings' }).click();
      const card = page.getByTestId('photo-checks');
      await card.waitFor();
      await eventually(async () => {
        expect(await page.getByTestId('would-hold').textContent()).toContain('14 checked photos');
      });
      await card.scrollIntoViewIfNeeded();
      expect(await win.axe()).toEqual([]);
      await card.screenshot({ path: join(SCREENSHOT_DIR, 'photo-checks-light.png') });
    } finally {
      await win.close();
    }
  }, 180_000);
});
