// Onboarding and settings in plain words (issue 15): a network error said once and told apart, the
// API path in the address offered as a fix, a show/hide toggle on the key, a sandbox offer that
// does not promise "no quota", settings in office words and a Browse button for the data folder.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createSandbox } from '../../sandbox';
import { eventually, openTestWindow } from './harness';
import { describeInBrowser } from './browser-suite';

describeInBrowser('plain words in onboarding and settings', (site) => {
  it('tells address problems apart, offers the fix, and says settings in office words', async () => {
    const service = await createSandbox({ ai: { latencyMs: 50, jitterMs: 10 } });
    const win = await openTestWindow(site());
    try {
      const { page } = win;
      await page.getByTestId('onboarding').waitFor();
      expect(await page.getByTestId('onboarding').textContent()).not.toContain('no quota');
      const submit = page.getByRole('button', { name: 'Check and continue' });
      const error = page.getByTestId('connection-error');

      // Nothing listens there: said once, in one sentence with its remedy.
      await page.getByTestId('base-url').fill('http://127.0.0.1:9');
      await page.getByTestId('api-key').fill(service.apiKey);
      await submit.click();
      await error.waitFor();
      const said = (await error.textContent()) ?? '';
      expect(said).toContain('nothing listens at http://127.0.0.1:9');
      expect(said.match(/Check/g)).toHaveLength(1);

      // The key can be shown to check it, and hidden again.
      const key = page.getByTestId('api-key');
      expect(await key.getAttribute('type')).toBe('password');
      await page.getByTestId('toggle-key').click();
      expect(await key.getAttribute('type')).toBe('text');
      await page.getByTestId('toggle-key').click();
      expect(await key.getAttribute('type')).toBe('password');

      // The address copied with the API path: offered without it, one click.
      await page.getByTestId('base-url').fill(`${service.url}/api/open/quota`);
      await page.getByTestId('fix-url').click();
      expect(await page.getByTestId('base-url').inputValue()).toBe(service.url);
      await submit.click();
      await page.getByTestId('empty-state').waitFor();

      // Settings in office words: names, not codes; what batches and "at once" mean.
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByTestId('settings');
      await settings.waitFor();
      const options = await page.getByLabel('Kind of reading').locator('option').allTextContents();
      expect(options).toContain('Water meters, foreign service (enabled per account)');
      expect(options.join(' ')).not.toContain('water_v3');
      await page.getByLabel('Kind of reading').selectOption('water_v3_foreign');
      expect(await page.getByTestId('business-code').textContent()).toContain('water_v3_foreign');
      expect(await settings.textContent()).toContain('Several photos in one upload (a batch)');
      expect(await settings.textContent()).toContain(
        'How many photos may be at the service at the same time',
      );
      // The data location can be picked in the system's folder dialog.
      const dataDir = join(win.dir, 'Office data');
      win.os.dataFolderAnswers.push(dataDir);
      await page.getByTestId('browse-data-dir').click();
      await eventually(async () => {
        expect(await page.getByLabel('Data location').inputValue()).toBe(dataDir);
      });
      expect(await win.axe()).toEqual([]);
      await win.screenshot('settings-plain-words-light');
    } finally {
      await win.close();
      await service.close();
    }
  }, 180_000);
});
