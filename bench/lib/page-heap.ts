// The page's JavaScript heap as DevTools reports it, after a full garbage collection, so that what
// is counted is what the window holds on to, not garbage waiting for the next collection.
import type { Page } from 'playwright-core';

export interface HeapUse {
  readonly usedMb: number;
  readonly totalMb: number;
}

export async function heapAfterGc(page: Page): Promise<HeapUse> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize, totalSize } = await cdp.send('Runtime.getHeapUsage');
    return { usedMb: usedSize / 2 ** 20, totalMb: totalSize / 2 ** 20 };
  } finally {
    await cdp.detach();
  }
}
