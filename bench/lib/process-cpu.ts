// CPU used during a phase, per side: Chromium's renderers (the page), its other processes (browser,
// GPU/compositor), and this Node process (backend, load driver and Playwright). On a 2-core machine
// it shows how much of the machine the window takes, and how much is left to everything else.
import type { Browser } from 'playwright-core';

export interface CpuShare {
  /** Percent of one core over the phase. */
  readonly renderer: number;
  readonly otherChromium: number;
  readonly node: number;
}

async function chromiumCpu(browser: Browser): Promise<{ renderer: number; other: number }> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    let renderer = 0;
    let other = 0;
    for (const p of processInfo) {
      if (p.type === 'renderer') renderer += p.cpuTime;
      else other += p.cpuTime;
    }
    return { renderer, other };
  } finally {
    await cdp.detach();
  }
}

/** Runs `work` and reports the CPU each side used meanwhile. */
export async function withCpuShare<T>(
  browser: Browser,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: CpuShare }> {
  const before = await chromiumCpu(browser);
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const node = process.cpuUsage(nodeBefore);
  const after = await chromiumCpu(browser);
  const percent = (cpuSeconds: number): number => (100 * cpuSeconds) / seconds;
  return {
    result,
    cpu: {
      renderer: percent(after.renderer - before.renderer),
      otherChromium: percent(after.other - before.other),
      node: percent((node.user + node.system) / 1e6),
    },
  };
}
