// The window at 1024 px on the sandbox with Settings' Office card switched on and an office
// address pasted into Server, for the Office card's browser tests.
import type { Locator } from 'playwright-core';
import { openTestWindow, type Site, type TestWindow } from './harness';

export async function officeCardWindow(
  site: Site,
  address: string,
): Promise<{ win: TestWindow; card: Locator }> {
  const win = await openTestWindow(site, { viewport: { width: 1024, height: 900 } });
  const { page } = win;
  await page.getByTestId('try-sandbox').click();
  await page.getByTestId('empty-state').waitFor();
  await page.getByRole('button', { name: 'Settings' }).click();
  const card = page.getByTestId('office-card');
  await card.scrollIntoViewIfNeeded();
  await page.getByTestId('office-use').check();
  await page.getByTestId('office-host').fill(address);
  return { win, card };
}
