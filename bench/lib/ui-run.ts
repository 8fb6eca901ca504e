// One run of the UI benchmark (bench/ui.ts): the built renderer in headless Chromium on a queue of
// N photos, through the end-to-end harness (test/e2e: in-process backend with the real store,
// engine and event hub), measured phase by phase.
import { cpus, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { openChurnWindow } from '../../test/e2e/churn-window';
import { openSite, type Site } from '../../test/e2e/harness';
import {
  FIRST_ROWS_PROBE,
  frameStats,
  measureFirstRows,
  recordFrames,
  scrollFrames,
  VSYNC_MS,
  type FirstRows,
  type FrameStats,
} from './frames';
import { withFrameWork } from './main-thread';
import { heapAfterGc, type HeapUse } from './page-heap';
import { withCpuShare, type CpuShare } from './process-cpu';

export interface UiWorkload {
  readonly rows: number;
  /** Page loads timed for the first render (after the untimed one that opens the window). */
  readonly loads: number;
  readonly idleMs: number;
  readonly scrollMs: number;
  /** Scrolled per frame: 170 px = 5 rows, ~10,000 px (300 rows) a second at 60 Hz. */
  readonly scrollStepPx: number;
  readonly churnRate: number;
  /** Before frames are recorded: the driver's pipeline fills (sending 0.3 s + reading 0.7 s). */
  readonly churnWarmMs: number;
  /** Recorded per view (All, In progress). */
  readonly churnMs: number;
}

/** One measured stretch: when frames came, what the page spent on each, the CPU each side used. */
export interface Phase {
  /** rAF intervals. */
  readonly frames: FrameStats;
  /** Main-thread busy ms per frame; `long` counts frames whose own work exceeded one vsync. */
  readonly work: FrameStats;
  readonly cpu: CpuShare;
}

export interface ChurnPhase extends Phase {
  /** State changes the driver made per second meanwhile. */
  readonly changesPerSecond: number;
  /** Rows the backend pushed to the window per second meanwhile. */
  readonly pushedPerSecond: number;
}

export interface UiResult {
  readonly workload: UiWorkload;
  readonly machine: {
    readonly cpus: number;
    /** 1-minute load average before and after: other work on the machine delays frames. */
    readonly loadBefore: number;
    readonly loadAfter: number;
  };
  readonly idleBlank: FrameStats;
  readonly idleApp: Phase;
  readonly firstRender: {
    readonly loads: readonly FirstRows[];
    readonly medianMs: number;
    readonly maxMs: number;
  };
  readonly heap: {
    readonly afterLoad: HeapUse;
    readonly afterScroll: HeapUse;
    readonly afterChurn: HeapUse;
  };
  readonly scroll: Phase & { readonly placeholderFrames: number; readonly scrolledPx: number };
  readonly churnAll: ChurnPhase;
  readonly churnInProgress: ChurnPhase;
  readonly durationMs: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

async function blankPageFrames(site: Site, ms: number): Promise<FrameStats> {
  const context = await site.browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.setContent('<!doctype html><title>idle</title><p>idle</p>');
    return frameStats(await recordFrames(page, ms));
  } finally {
    await context.close();
  }
}

async function measure<T>(
  site: Site,
  page: Page,
  work: () => Promise<T>,
  intervals: (result: T) => readonly number[],
): Promise<{ result: T; phase: Phase }> {
  const { result: traced, cpu } = await withCpuShare(site.browser, () =>
    withFrameWork(site.browser, page, work),
  );
  return {
    result: traced.result,
    phase: {
      frames: frameStats(intervals(traced.result)),
      work: frameStats(traced.frameWork, VSYNC_MS),
      cpu,
    },
  };
}

async function showFilter(page: Page, filter: 'all' | 'in_progress'): Promise<void> {
  await page.getByTestId(`filter-${filter}`).click();
  await page.locator('#job-table .tbody [role="row"][data-job-id]').first().waitFor();
}

export async function runUi(workload: UiWorkload, log: (line: string) => void): Promise<UiResult> {
  const started = Date.now();
  const loadBefore = loadavg()[0] ?? 0;
  const site = await openSite();
  try {
    log(`idle blank page, ${String(workload.idleMs)} ms`);
    const idleBlank = await blankPageFrames(site, workload.idleMs);

    log(`queue of ${workload.rows.toLocaleString('en-US')} photos`);
    const { win, churn: makeChurn } = await openChurnWindow(site, workload.rows);
    try {
      const { page } = win;
      await page.addInitScript(FIRST_ROWS_PROBE);
      const loads: FirstRows[] = [];
      for (let i = 0; i < workload.loads; i++) loads.push(await measureFirstRows(page));
      log(`first rows painted at ${loads.map((l) => l.painted.toFixed(0)).join(', ')} ms`);
      const afterLoad = await heapAfterGc(page);

      const idle = (): Promise<number[]> => recordFrames(page, workload.idleMs);
      const { phase: idleApp } = await measure(site, page, idle, (r) => r);

      log(
        `scrolling ${String(workload.scrollStepPx)} px a frame for ${String(workload.scrollMs)} ms`,
      );
      const scrolling = await measure(
        site,
        page,
        () => scrollFrames(page, workload.scrollMs, workload.scrollStepPx),
        (r) => r.intervals,
      );
      const afterScroll = await heapAfterGc(page);
      await page.locator('#job-table').evaluate((el) => {
        (el as unknown as { scrollTop: number }).scrollTop = 0;
      });

      log(`${String(workload.churnRate)} rows a second changing state`);
      const churn = makeChurn({ rowsPerSecond: workload.churnRate });
      const measureChurn = async (): Promise<ChurnPhase> => {
        const at = performance.now();
        const made = churn.counts().changes;
        const pushed = win.pushedRows().total;
        const { phase } = await measure(
          site,
          page,
          () => recordFrames(page, workload.churnMs),
          (r) => r,
        );
        const seconds = (performance.now() - at) / 1000;
        return {
          ...phase,
          changesPerSecond: (churn.counts().changes - made) / seconds,
          pushedPerSecond: (win.pushedRows().total - pushed) / seconds,
        };
      };
      churn.start();
      let churnAll: ChurnPhase;
      let churnInProgress: ChurnPhase;
      try {
        await new Promise((resolve) => setTimeout(resolve, workload.churnWarmMs));
        churnAll = await measureChurn();
        await showFilter(page, 'in_progress');
        churnInProgress = await measureChurn();
      } finally {
        churn.stop();
      }
      await showFilter(page, 'all');
      const afterChurn = await heapAfterGc(page);

      const painted = loads.map((l) => l.painted);
      return {
        workload,
        machine: { cpus: cpus().length, loadBefore, loadAfter: loadavg()[0] ?? 0 },
        idleBlank,
        idleApp,
        firstRender: { loads, medianMs: median(painted), maxMs: Math.max(...painted) },
        heap: { afterLoad, afterScroll, afterChurn },
        scroll: {
          ...scrolling.phase,
          placeholderFrames: scrolling.result.placeholderFrames,
          scrolledPx: scrolling.result.scrolledPx,
        },
        churnAll,
        churnInProgress,
        durationMs: Date.now() - started,
      };
    } finally {
      await win.close();
    }
  } finally {
    await site.close();
  }
}
