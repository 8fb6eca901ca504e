// Frame timing measured inside the page: the intervals between requestAnimationFrame callbacks (one
// per frame the page's main thread produces), while the page idles, scrolls or takes pushes. The
// scripts are strings because they run in Chromium, not in Node.
import type { Page } from 'playwright-core';

/** One vsync at 60 Hz; headless Chromium paces rAF at this rate (see the idle baseline). */
export const VSYNC_MS = 1000 / 60;
/** Idle intervals jitter by a few tenths of a millisecond around one vsync; beyond this, one was missed. */
export const LONG_FRAME_MS = VSYNC_MS + 1;

export interface FrameStats {
  readonly frames: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  /** Above `longMs` (default LONG_FRAME_MS: a frame came at least one vsync late). */
  readonly long: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

export function frameStats(intervals: readonly number[], longMs = LONG_FRAME_MS): FrameStats {
  const sorted = [...intervals].sort((a, b) => a - b);
  return {
    frames: sorted.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted.at(-1) ?? 0,
    long: sorted.filter((ms) => ms > longMs).length,
  };
}

/** rAF intervals over `ms` of whatever the page is doing. */
export function recordFrames(page: Page, ms: number): Promise<number[]> {
  return page.evaluate<number[]>(`new Promise((resolve) => {
    const out = [];
    let last = null;
    const end = performance.now() + ${String(ms)};
    const frame = (t) => {
      if (last !== null) out.push(t - last);
      last = t;
      if (t < end) requestAnimationFrame(frame);
      else resolve(out);
    };
    requestAnimationFrame(frame);
  })`);
}

export interface ScrollRecord {
  readonly intervals: number[];
  /** Frames in which a row still being fetched (a placeholder) was in view. */
  readonly placeholderFrames: number;
  readonly scrolledPx: number;
}

/**
 * Scrolls the job table by `stepPx` every frame for `ms`, as a steady fast wheel would, recording
 * the rAF intervals and how often rows in view were still placeholders.
 */
export function scrollFrames(page: Page, ms: number, stepPx: number): Promise<ScrollRecord> {
  return page.evaluate<ScrollRecord>(`new Promise((resolve) => {
    const grid = document.getElementById('job-table');
    const start = grid.scrollTop;
    const out = [];
    let placeholderFrames = 0;
    let last = null;
    const end = performance.now() + ${String(ms)};
    const frame = (t) => {
      if (last !== null) out.push(t - last);
      last = t;
      const top = grid.scrollTop;
      const bottom = top + grid.clientHeight;
      for (const row of grid.querySelectorAll('.tr-placeholder')) {
        const y = parseFloat(row.style.top);
        if (y + row.offsetHeight > top && y < bottom) {
          placeholderFrames++;
          break;
        }
      }
      grid.scrollTop = top + ${String(stepPx)};
      if (t < end) requestAnimationFrame(frame);
      else resolve({ intervals: out, placeholderFrames, scrolledPx: grid.scrollTop - start });
    };
    requestAnimationFrame(frame);
  })`);
}

/**
 * Installed before the app's scripts: notes when the first job row enters the DOM and when the
 * frame that shows it has been drawn (a task posted from the next rAF runs after that frame's
 * style, layout and paint). Times are performance.now(), i.e. ms since navigation start.
 */
export const FIRST_ROWS_PROBE = `(() => {
  const selector = '#job-table .tbody [role="row"][data-job-id]';
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    const inDom = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        window.__mdFirstRows = { inDom, painted: performance.now() };
      };
      channel.port2.postMessage(0);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

export interface FirstRows {
  readonly inDom: number;
  readonly painted: number;
}

/** Reloads the page and waits for FIRST_ROWS_PROBE's figures (the probe must be an init script). */
export async function measureFirstRows(page: Page, timeoutMs = 60_000): Promise<FirstRows> {
  await page.reload({ waitUntil: 'commit' });
  // Polled from here: the page's CSP forbids the string evaluation waitForFunction relies on.
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = await page.evaluate<FirstRows | null>('window.__mdFirstRows ?? null');
    if (seen) return seen;
    if (Date.now() > deadline) throw new Error('the first rows were not painted in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
