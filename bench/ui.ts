// The window under load (issue 7, item 5): time to the first rows of a 100,000-photo queue, frames
// while scrolling it and while 1,000 rows a second change state (RowChurn, test/e2e/row-churn.ts),
// and the page's JavaScript heap; the built renderer in headless Chromium (bench/lib/ui-run.ts).
// An idle page's frame intervals are measured first: headless Chromium paces frames at 60 Hz, so
// 16.7 ms is the floor every interval is read against. Each frame phase also reports the page's
// own main-thread work per frame (from a trace), which tells a slow page from a busy machine.
import type { Benchmark } from './benchmark';
import { LONG_FRAME_MS, VSYNC_MS, type FrameStats } from './lib/frames';
import { writeResult } from './lib/results';
import type { BenchTable, Cell } from './lib/table';
import { runUi, type Phase, type UiResult, type UiWorkload } from './lib/ui-run';

export const FULL_WORKLOAD: UiWorkload = {
  rows: 100_000,
  loads: 5,
  idleMs: 3_000,
  scrollMs: 5_000,
  scrollStepPx: 170,
  churnRate: 1000,
  churnWarmMs: 1_500,
  churnMs: 10_000,
};

/** Well under 30 s. */
export const QUICK_WORKLOAD: UiWorkload = {
  ...FULL_WORKLOAD,
  rows: 10_000,
  loads: 2,
  idleMs: 1_000,
  scrollMs: 2_000,
  churnWarmMs: 1_200,
  churnMs: 2_000,
};

/** "p95 < 16 ms": intervals cannot go below one vsync, so they meet it at the idle page's p95. */
function met(phase: Phase, idle: FrameStats): string {
  const onTime = phase.frames.p95 <= idle.p95 + 1;
  const workFits = phase.work.p95 < 16;
  if (onTime && workFits) return 'yes';
  if (workFits) return 'no: late frames, page work fits';
  return 'no';
}

export function uiTable(r: UiResult): BenchTable {
  const queue = r.workload.rows.toLocaleString('en-US');
  const phaseRow = (measure: string, p: Phase, target: boolean): Cell[] => [
    measure,
    queue,
    p.frames.p50,
    p.frames.p95,
    p.frames.max,
    p.frames.frames,
    p.frames.long,
    p.work.p95,
    p.work.max,
    Math.round(p.cpu.renderer),
    target ? 'p95 < 16' : '-',
    target ? met(p, r.idleBlank) : '-',
  ];
  const rate = (perSecond: number): string => Math.round(perSecond).toLocaleString('en-US');
  const blank = r.idleBlank;
  const heaps = [r.heap.afterLoad, r.heap.afterScroll, r.heap.afterChurn].map((h) => h.usedMb);
  return {
    title: 'UI: the window on a large queue (headless Chromium, built renderer)',
    columns: [
      'measure',
      'queue',
      'median',
      'p95',
      'max',
      'n',
      `late (> ${LONG_FRAME_MS.toFixed(1)} ms)`,
      'page work p95',
      'page work max',
      'renderer CPU %',
      'target',
      'met',
    ],
    rows: [
      [
        'frame interval ms, idle blank page (baseline)',
        '-',
        blank.p50,
        blank.p95,
        blank.max,
        blank.frames,
        blank.long,
        null,
        null,
        null,
        '-',
        '-',
      ],
      phaseRow('frame interval ms, idle app', r.idleApp, false),
      [
        'first rows painted, ms from navigation start',
        queue,
        r.firstRender.medianMs,
        null,
        r.firstRender.maxMs,
        r.firstRender.loads.length,
        null,
        null,
        null,
        null,
        '-',
        '-',
      ],
      phaseRow(
        `frame interval ms, scrolling ${String(r.workload.scrollStepPx)} px/frame`,
        r.scroll,
        true,
      ),
      phaseRow(
        `frame interval ms, ${rate(r.churnAll.changesPerSecond)} rows/s changing (All, top)`,
        r.churnAll,
        true,
      ),
      phaseRow(
        `frame interval ms, ${rate(r.churnInProgress.changesPerSecond)} rows/s changing (In progress)`,
        r.churnInProgress,
        true,
      ),
      [
        'JS heap MB after GC (loaded; max of loaded/scrolled/churned)',
        queue,
        r.heap.afterLoad.usedMb,
        null,
        Math.max(...heaps),
        heaps.length,
        null,
        null,
        null,
        null,
        '-',
        '-',
      ],
    ],
    notes: [
      `Frame interval: time between two requestAnimationFrame callbacks in the page. Headless ` +
        `Chromium paces frames at 60 Hz even with --disable-gpu: an idle blank page shows ` +
        `${blank.p50.toFixed(1)} ms (p95 ${blank.p95.toFixed(1)}, max ${blank.max.toFixed(1)}), so ` +
        `no interval is below ${VSYNC_MS.toFixed(1)} ms; "late" frames came at least one vsync late.`,
      `Page work: main-thread task time between two frame starts (Chromium trace of the phase): ` +
        `what the page itself spent per frame, comparable with 16 ms. "met": interval p95 at the ` +
        `idle page's (within 1 ms) and page work p95 < 16 ms. Renderer CPU: % of one core used by ` +
        `Chromium's renderer processes during the phase.`,
      `Scrolling: ${String(r.workload.scrollStepPx)} px each frame for ` +
        `${String(r.workload.scrollMs / 1000)} s (${Math.round(r.scroll.scrolledPx).toLocaleString('en-US')} px); ` +
        `rows in view still being fetched in ${String(r.scroll.placeholderFrames)} of ` +
        `${String(r.scroll.frames.frames)} frames.`,
      `Rows changing: RowChurn moves rows queued -> sending -> reading -> done/failed through the ` +
        `store and the engine's events; the backend pushed ${rate(r.churnAll.pushedPerSecond)} and ` +
        `${rate(r.churnInProgress.pushedPerSecond)} rows/s to the window. "All, top": the first rows ` +
        `in view (they finish in the first second, then pushes update counts and held pages). ` +
        `"In progress": the oldest rows in flight in view, changing and leaving the view continuously.`,
      `First rows painted: navigation start to the end of the frame that first shows a job row ` +
        `(median of ${String(r.firstRender.loads.length)} reloads after the untimed first load).`,
      `Heap: used JS heap after a forced GC (CDP) after loading ${r.heap.afterLoad.usedMb.toFixed(1)} MB, ` +
        `after scrolling ${r.heap.afterScroll.usedMb.toFixed(1)} MB, after the churn ` +
        `${r.heap.afterChurn.usedMb.toFixed(1)} MB.`,
      `CPU elsewhere (% of a core, scroll / churn All / churn In progress): other Chromium ` +
        `processes ${[r.scroll, r.churnAll, r.churnInProgress].map((p) => Math.round(p.cpu.otherChromium)).join(' / ')}, ` +
        `this Node process (backend, driver, Playwright) ` +
        `${[r.scroll, r.churnAll, r.churnInProgress].map((p) => Math.round(p.cpu.node)).join(' / ')}. ` +
        `Machine: ${String(r.machine.cpus)} CPUs, load average ${r.machine.loadBefore.toFixed(1)} ` +
        `before and ${r.machine.loadAfter.toFixed(1)} after; ${(r.durationMs / 1000).toFixed(0)} s in all.`,
    ],
  };
}

export const uiBenchmark: Benchmark = {
  name: 'ui',
  description:
    'the window in Chromium: first render, frames while scrolling and while rows change, heap',
  async run(options) {
    const log = (line: string): void => {
      options.log(line);
    };
    const result = await runUi(options.quick ? QUICK_WORKLOAD : FULL_WORKLOAD, log);
    const file = await writeResult(options.quick ? 'ui-quick' : 'ui', result);
    log(`wrote ${file}`);
    return uiTable(result);
  },
};
