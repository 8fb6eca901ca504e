// Settings at the review desk (issue 15): the focus follows the screen (onboarding done, Settings
// opened, Escape back to the Settings button), one Save that checks the connection only when it
// changed, with each problem under its field, and the window's language chosen in Settings.
import { expect, it } from 'vitest';
import { createSandbox } from '../../sandbox';
import { eventually, openTestWindow } from './harness';
import { describeInBrowser } from './browser-suite';

describeInBrowser('settings at the review desk', (site) => {
  it('moves the focus with the screen, saves once per field problem, and speaks German', async () => {
    const service = await createSandbox({ ai: { latencyMs: 50, jitterMs: 10 } });
    const win = await openTestWindow(site());
    try {
      const { page } = win;
      // In the page (a string: the tests are typed for Node, without the DOM).
      const focused = (): Promise<string> =>
        page.evaluate<string>(
          `(() => { const el = document.activeElement; return el ? el.tagName + ':' + (el.textContent || '').trim() : ''; })()`,
        );

      // Onboarding done: the focus is on the new screen, not lost on the page.
      await page.getByTestId('try-sandbox').click();
      await page.getByTestId('empty-state').waitFor();
      await eventually(async () => {
        expect(await focused()).toMatch(/^H[12]:/);
      });
      expect(await page.evaluate<boolean>(`document.activeElement.closest('main') !== null`)).toBe(
        true,
      );

      // Settings opens on its heading; Escape goes back to the button that opened it.
      await page.getByRole('button', { name: 'Settings' }).click();
      await eventually(async () => {
        expect(await focused()).toBe('H1:Settings');
      });
      await page.keyboard.press('Escape');
      await page.getByTestId('empty-state').waitFor();
      await eventually(async () => {
        expect(await focused()).toBe('BUTTON:Settings');
      });

      // One Save. Its problems stand under their fields, and nothing is saved.
      await page.keyboard.press('Enter');
      const settings = page.getByTestId('settings');
      await settings.waitFor();
      expect(await settings.getByRole('button', { name: /save/i }).count()).toBe(1);
      const save = settings.getByRole('button', { name: 'Save settings' });
      await page.getByTestId('base-url').fill('meters example');
      await page.getByLabel('Photos at the service at the same time').fill('0');
      await save.click();
      expect(await page.getByTestId('base-url-problem').textContent()).toContain(
        'does not look like a web address',
      );
      expect(await page.getByTestId('api-key-problem').textContent()).toBe('Enter the API key.');
      expect(await settings.textContent()).toContain('A whole number from 1 to 256.');
      expect(await page.getByTestId('settings-message').textContent()).toContain('Not saved');
      const unchanged = await win.bridge.getSettings({});
      expect(unchanged.ok && unchanged.value.maxConcurrency).toBe(32);
      expect(await win.axe()).toEqual([]);

      // The connection changed: the one Save checks it first; a wrong key is said at the key.
      await page.getByTestId('base-url').fill(service.url);
      await page.getByTestId('api-key').fill('wrong-key-0000');
      await page.getByLabel('Photos at the service at the same time').fill('12');
      await save.click();
      await eventually(async () => {
        expect(await page.getByTestId('api-key-problem').textContent()).toContain(
          'does not accept this API key',
        );
      });
      expect(await page.getByTestId('base-url-problem').textContent()).not.toContain('key');
      await page.getByTestId('api-key').fill(service.apiKey);
      await save.click();
      await page.getByTestId('settings-message').filter({ hasText: 'Saved' }).waitFor();
      const saved = await win.bridge.getSettings({});
      if (!saved.ok) throw new Error(saved.error.message);
      expect(saved.value).toMatchObject({ baseUrl: service.url, maxConcurrency: 12 });

      // The language: German at once after Save, kept in the settings; the system's again.
      await page.getByTestId('language').selectOption('de');
      await save.click();
      await page.getByRole('heading', { name: 'Einstellungen' }).waitFor();
      await page.getByTestId('settings-message').filter({ hasText: 'Gespeichert.' }).waitFor();
      expect(await settings.getByRole('button', { name: 'Einstellungen speichern' }).count()).toBe(
        1,
      );
      const german = await win.bridge.getSettings({});
      expect(german.ok && german.value.language).toBe('de');
      expect(await win.axe()).toEqual([]);
      await win.screenshot('settings-de-light');
      await page.getByTestId('language').selectOption('system');
      await settings.getByRole('button', { name: 'Einstellungen speichern' }).click();
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      const system = await win.bridge.getSettings({});
      expect(system.ok && system.value.language).toBe('system');
    } finally {
      await win.close();
      await service.close();
    }
  }, 180_000);
});
