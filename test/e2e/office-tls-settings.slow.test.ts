// The Office card with the office's own certificate authority, end to end: the real window at
// 1024 px, the real backend, a real throwaway PostgreSQL that lets desks in only encrypted, with a
// certificate of a test CA. "Encrypted, server certificate checked" without the CA file says the
// certificate is not trusted; with it, Test connects. Checked with axe and saved as a screenshot
// (.tmp/e2e-screenshots/office-settings-ca-light.png).
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { annaOnCluster } from '../office/anna-on-cluster';
import { officeSkip, useOfficeCluster } from '../office/pg-cluster';
import { describeInBrowser } from './browser-suite';
import { SCREENSHOT_DIR } from './harness';
import { officeCardWindow } from './office-card-window';

const office = useOfficeCluster({ tls: 'required' });

describeInBrowser('the Office settings with the office’s CA', (site) => {
  it.skipIf(officeSkip !== null)(
    'says the certificate is not trusted without the CA file and connects with it',
    async () => {
      const { host, port, database } = await annaOnCluster(office());
      const caFile = office().tls?.caFile ?? '';

      const { win, card } = await officeCardWindow(
        site(),
        `postgres://desk_anna@${host}:${String(port)}/${database}?sslmode=verify-full`,
      );
      try {
        const { page } = win;
        await page.getByTestId('office-desk').fill('anna@pc-7');
        await page.getByTestId('office-password').fill('pw-anna');

        await page.getByTestId('office-test').click();
        await card.getByText('The server’s certificate is not trusted by this PC').waitFor();

        await page.getByTestId('office-ca-file').fill(caFile);
        await page.getByTestId('office-test').click();
        await card.getByText(/^Connected: PostgreSQL \d+/).waitFor();
        expect(await win.axe()).toEqual([]);
        await card.screenshot({
          path: join(SCREENSHOT_DIR, 'office-settings-ca-light.png'),
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
