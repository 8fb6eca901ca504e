// Counts that agree (issue 15, bug 5): the progress line counts the photos the add report found
// (files not sent are not photos of the run), the filter counts follow the search, and a photo
// the search hides leaves the detail panel.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { generateSampleFolder } from '../../sandbox/samples';
import { eventually, openTestWindow, type TestWindow } from './harness';
import { describeInBrowser } from './browser-suite';
import { openDetail, startOnSandbox, waitForCount } from './window-steps';

async function filterCount(win: TestWindow, filter: string): Promise<number> {
  const text = await win.page
    .getByTestId(`filter-${filter}`)
    .locator('.filter-count')
    .textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

async function search(win: TestWindow, text: string): Promise<void> {
  await win.page.locator('#job-search').fill(text);
}

describeInBrowser('counts that agree', (site) => {
  it('counts photos as the add report does and filters as the search does', async () => {
    const win = await openTestWindow(site());
    try {
      const { page } = win;
      await startOnSandbox(win);
      const folder = join(win.dir, 'Route 5');
      const manifest = await generateSampleFolder(folder, {
        count: 6,
        seed: 5,
        includeBadFiles: true,
        subfolders: false,
        duplicates: 0,
        width: 240,
      });
      await win.drop([folder]);
      const found = Number(
        ((await page.getByTestId('add-found').textContent()) ?? '').replace(/\D/g, ''),
      );
      expect(found).toBe(manifest.counts.accepted);
      await waitForCount(win, 'done', manifest.counts.accepted);
      expect(await page.getByTestId('progress-finished').textContent()).toBe(String(found));
      expect(await page.getByTestId('progress-photos').textContent()).toBe(String(found));

      // ".jpg" finds the photos and the .jpg files not sent, not the .txt, .tif or .HEIC ones.
      const jpg = manifest.files.filter((f) => f.relPath.toLowerCase().includes('.jpg'));
      const jpgRejected = jpg.filter((f) => f.expected.outcome === 'rejected').length;
      const jpgAccepted = jpg.filter((f) => f.expected.outcome === 'accepted').length;
      expect(jpgRejected).toBeGreaterThan(0);
      expect(jpg.length).toBeLessThan(manifest.files.length);
      await search(win, '.jpg');
      await eventually(async () => {
        expect(await filterCount(win, 'all')).toBe(jpgAccepted + jpgRejected);
        expect(await filterCount(win, 'rejected')).toBe(jpgRejected);
        expect(await filterCount(win, 'done')).toBe(jpgAccepted);
        expect(await filterCount(win, 'failed')).toBe(0);
      });

      // A photo the search hides leaves the detail panel.
      await search(win, '');
      const first = manifest.files.find((f) => f.expected.outcome === 'accepted');
      if (!first) throw new Error('no accepted photo');
      const name = first.relPath.split('/').at(-1) ?? '';
      await openDetail(
        win,
        page.locator('[role="row"][data-state="done"]', { hasText: name }).first(),
      );
      await search(win, 'no-such-photo');
      await eventually(async () => {
        expect(await filterCount(win, 'all')).toBe(0);
        expect(await page.getByTestId('detail-panel').count()).toBe(0);
      });
    } finally {
      await win.close();
    }
  }, 180_000);
});
