// The Office card end to end: the real window at 1024 px, the real backend, a real throwaway
// PostgreSQL. A pasted address fills the fields, a wrong password is said in plain words, the right
// one connects (server and schema version), Save keeps the settings and the password, which the
// window never shows again and a second Test uses. The card is checked with axe and saved as a
// screenshot in the light theme (.tmp/e2e-screenshots/office-settings-light.png).
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { LATEST_OFFICE_VERSION } from '../../main/office/store/migrations';
import { annaOnCluster } from '../office/anna-on-cluster';
import { officeSkip, useOfficeCluster } from '../office/pg-cluster';
import { describeInBrowser } from './browser-suite';
import { SCREENSHOT_DIR } from './harness';
import { officeCardWindow } from './office-card-window';

const office = useOfficeCluster();

describeInBrowser('the Office settings', (site) => {
  it.skipIf(officeSkip !== null)(
    'tests, saves and keeps the password write-only, against a real PostgreSQL',
    async () => {
      const { host, port, database } = await annaOnCluster(office());

      const { win, card } = await officeCardWindow(
        site(),
        `postgres://desk_anna@${host}:${String(port)}/${database}?sslmode=disable`,
      );
      try {
        const { page } = win;
        expect(await page.getByTestId('office-port').inputValue()).toBe(String(port));
        await page.getByTestId('office-desk').fill('anna@pc-7');

        await page.getByTestId('office-password').fill('not-the-password');
        await page.getByTestId('office-test').click();
        await card.getByText('The server refused the password for “desk_anna”.').waitFor();

        await page.getByTestId('office-password').fill('pw-anna');
        await page.getByTestId('office-save').click();
        await card.getByText('Applied.', { exact: true }).waitFor();
        expect(await page.getByTestId('office-password').inputValue()).toBe('');
        expect(await page.getByTestId('office-password-state').textContent()).toBe(
          'Saved where the API key is kept. Type a new one to replace it.',
        );

        // The saved password, from the backend's store: the window sends none.
        await page.getByTestId('office-test').click();
        const ok = card.getByText(/^Connected: PostgreSQL \d+/);
        await ok.waitFor();
        expect(await ok.textContent()).toContain(
          `office schema ${String(LATEST_OFFICE_VERSION)}. Ready.`,
        );
        expect(await page.content()).not.toContain('pw-anna');
        expect(await win.axe()).toEqual([]);
        await card.screenshot({
          path: join(SCREENSHOT_DIR, 'office-settings-light.png'),
          animations: 'disabled',
          caret: 'hide',
        });
      } finally {
        await win.close();
      }
    },
    180_000,
  );
});
