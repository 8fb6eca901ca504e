// What the Electron tests do in the app's window, shared by the smoke test on the built tree
// (electron-smoke.test.ts) and the one on the packaged app (test/packaging/packaged-app.test.ts).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { MeterDeskBridge } from '../../../common/ipc/bridge';

/** What the page's globals look like from here (this file is compiled without the DOM lib). */
export interface PageGlobals {
  meterDesk: MeterDeskBridge;
  require?: unknown;
  process?: unknown;
  location: { href: string };
  open(url: string): unknown;
  Image: new () => { src: string; naturalWidth: number; decode(): Promise<void> };
}

/**
 * Onboarding with the built-in sandbox: its sample folder (drawn with sharp) added, readings
 * awaited, one photo shown through its scheme. Returns the reading, the photo's width and the
 * sample folder.
 */
export async function readSampleFolder(
  page: Page,
  photos: number,
): Promise<{ reading: string | null; width: number; folder: string }> {
  const started = await page.evaluate(
    (count) => (globalThis as unknown as PageGlobals).meterDesk.startSandbox({ photos: count }),
    photos,
  );
  expect(started).toMatchObject({ ok: true });
  if (!started.ok) return { reading: null, width: 0, folder: '' };
  const folder = started.value.sampleFolder;
  await page.evaluate(
    (folder) => (globalThis as unknown as PageGlobals).meterDesk.addPaths({ paths: [folder] }),
    folder,
  );
  await expect.poll(() => doneCount(page), { timeout: 60_000 }).toBeGreaterThan(0);
  const shown = await page.evaluate(async () => {
    const g = globalThis as unknown as PageGlobals;
    const page1 = await g.meterDesk.queryJobs({ filter: 'done', limit: 1 });
    const job = page1.ok ? page1.value.rows[0] : undefined;
    if (!job) return { reading: null, width: 0 };
    const img = new g.Image();
    img.src = `meterdesk-photo://job/${String(job.id)}`;
    await img.decode();
    return { reading: job.aiReading, width: img.naturalWidth };
  });
  return { ...shown, folder };
}

export async function doneCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const snap = await (globalThis as unknown as PageGlobals).meterDesk.snapshot();
    return snap.ok ? snap.value.status.counts.done : 0;
  });
}

/** The folders the queue holds (listRoots). */
export async function rootPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const roots = await (globalThis as unknown as PageGlobals).meterDesk.listRoots();
    return roots.ok ? roots.value.map((r) => r.path) : [];
  });
}
