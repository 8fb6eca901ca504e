// The version and update line in the header, in Chromium, with the answer main gives once an
// update has been downloaded (main answers getUpdateStatus itself, here from the view given):
// readable, accessible, in both themes.
import { expect, it } from 'vitest';
import type { UpdateView } from '../../common/ipc/update-view';
import { describeInBrowser } from './browser-suite';
import { startOnSandbox } from './window-steps';
import { openTestWindow } from './harness';

const READY: UpdateView = {
  currentVersion: '0.1.0',
  phase: 'ready',
  feedHost: 'updates.example.org',
  newVersion: '0.2.0',
  percent: 100,
  detail: null,
  checkedAt: Date.parse('2026-03-02T08:00:00Z'),
};

describeInBrowser('the update line', (site) => {
  it('says which version runs and that the next one installs on quit', async () => {
    const win = await openTestWindow(site(), { updateStatus: () => READY });
    try {
      await startOnSandbox(win);
      const line = win.page.getByTestId('update-status');
      await expect
        .poll(() => line.textContent())
        .toBe('Version 0.1.0 · Update 0.2.0 ready: installed when you quit MeterDesk');
      expect(await line.getAttribute('title')).toBe('Updates from updates.example.org');
      expect(await win.axe()).toEqual([]);
      await win.screenshot('update-ready-light');
      await win.page.emulateMedia({ colorScheme: 'dark' });
      expect(await win.axe()).toEqual([]);
      await win.screenshot('update-ready-dark');
    } finally {
      await win.close();
    }
  }, 120_000);
});
