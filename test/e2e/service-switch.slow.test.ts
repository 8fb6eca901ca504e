// Switching service (issue 15, bug 3): each service keeps its own list of photos, so nothing of
// the old list may stay on screen. A selection kept by row id let E then Enter correct a photo of
// the other service; the old add report stood beside an empty list; nothing said where the photos
// went or how to get back to the sandbox.
import { expect, it } from 'vitest';
import { createSandbox } from '../../sandbox';
import { openTestWindow } from './harness';
import { describeInBrowser } from './browser-suite';
import { openDetail, sampleFolder, startOnSandbox, waitForCount } from './window-steps';

describeInBrowser('switching service', (site) => {
  it('clears selection and reports, names the service shown and offers the way back', async () => {
    const service = await createSandbox({ ai: { latencyMs: 50, jitterMs: 10 } });
    const win = await openTestWindow(site());
    try {
      const { page } = win;
      await startOnSandbox(win);
      const sandboxPhotos = await sampleFolder(win, 'Sandbox route', 3, 31);
      await win.drop([sandboxPhotos.dir]);
      await waitForCount(win, 'done', 3);

      // To the office's service, from Settings.
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByTestId('base-url').fill(service.url);
      await page.getByTestId('api-key').fill(service.apiKey);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByTestId('settings-message').filter({ hasText: 'Saved' }).waitFor();
      await page.getByRole('button', { name: '← Back to photos' }).click();
      const note = page.getByTestId('service-switch');
      await note.waitFor();
      expect(await note.textContent()).toContain(`Now showing the photos of ${service.host}`);
      expect(await page.getByTestId('service-name').textContent()).toContain(service.host);
      // The sandbox's add report does not stand beside the new, empty list.
      await page.getByTestId('empty-state').waitFor();
      expect(await page.getByTestId('add-report').count()).toBe(0);
      expect(await win.axe()).toEqual([]);
      await win.screenshot('service-switched-light');

      const officePhotos = await sampleFolder(win, 'Office route', 3, 32);
      await win.drop([officePhotos.dir]);
      await waitForCount(win, 'done', 3);
      await openDetail(win, page.locator('[role="row"][data-state="done"]').nth(1));

      // Back to the sandbox: nothing of the office's list is selected, E edits nothing.
      await note.getByTestId('back-to-sandbox').click();
      await page.getByTestId('service-name').getByText('Built-in sandbox').waitFor();
      expect(await note.textContent()).toContain('Now showing the photos of the built-in sandbox');
      await waitForCount(win, 'done', 3);
      expect(await page.getByTestId('detail-panel').count()).toBe(0);
      expect(await page.getByTestId('add-report').count()).toBe(0);
      await page.locator('#job-table').focus();
      await page.keyboard.press('e');
      expect(await page.getByTestId('correct-input').count()).toBe(0);
    } finally {
      await win.close();
      await service.close();
    }
  }, 180_000);
});
