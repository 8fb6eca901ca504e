// The page's own cost per frame, apart from when frames were shown: a Chromium trace taken while a
// phase runs gives every task of the renderer's main thread and every frame it began. Summing the
// tasks' CPU time between two frame starts tells how much of a frame's 16.7 ms the page itself
// used: a late frame with little work was held up by something else (another process on a busy
// machine), one with more than 16.7 ms was late by its own doing.
import type { Browser, Page } from 'playwright-core';

// Few events per task and per frame, so that tracing adds little to what it measures.
const CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline.frame'];
const TASK = 'ThreadControllerImpl::RunTask';

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  /** Thread (CPU) time of the event, where the platform has a thread clock (Linux does). */
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

/** Runs `work` under a trace; returns its result and the main thread's busy ms per frame. */
export async function withFrameWork<T>(
  browser: Browser,
  page: Page,
  work: () => Promise<T>,
): Promise<{ result: T; frameWork: number[] }> {
  await browser.startTracing(page, { categories: CATEGORIES });
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await browser.stopTracing();
    throw error;
  }
  return { result, frameWork: workPerFrame(await browser.stopTracing()) };
}

function eventsOf(trace: Buffer): TraceEvent[] {
  const parsed = JSON.parse(trace.toString('utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/**
 * CPU ms of the renderer's main thread between consecutive frame starts. Thread time, not wall
 * time: on a busy machine a task that waits for a core takes longer on the clock but no more work.
 */
export function workPerFrame(trace: Buffer): number[] {
  const events = eventsOf(trace);
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${String(e.pid)}:${String(e.tid)}`),
  );
  // The page's renderer is the one that drew frames; others (spare renderers) began none.
  const frameStarts = new Map<string, number[]>();
  for (const e of events) {
    const thread = `${String(e.pid)}:${String(e.tid)}`;
    if (e.name !== 'BeginMainThreadFrame' || !mains.has(thread)) continue;
    const list = frameStarts.get(thread) ?? [];
    list.push(e.ts);
    frameStarts.set(thread, list);
  }
  const [thread, starts] = [...frameStarts].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (!thread || !starts || starts.length < 2) return [];
  starts.sort((a, b) => a - b);
  const tasks = events
    .filter(
      (e) =>
        e.name === TASK &&
        e.ph === 'X' &&
        e.dur !== undefined &&
        `${String(e.pid)}:${String(e.tid)}` === thread,
    )
    .map((e) => ({ from: e.ts, to: e.ts + (e.dur ?? 0), cpu: e.tdur ?? e.dur ?? 0 }))
    .sort((a, b) => a.from - b.from);
  const out: number[] = [];
  let first = 0;
  for (let i = 0; i + 1 < starts.length; i++) {
    const from = starts[i] ?? 0;
    const to = starts[i + 1] ?? 0;
    while (first < tasks.length && (tasks[first]?.to ?? 0) <= from) first++;
    let busy = 0;
    for (let t = first; t < tasks.length; t++) {
      const task = tasks[t];
      if (!task || task.from >= to) break;
      const overlap = Math.max(0, Math.min(task.to, to) - Math.max(task.from, from));
      // CPU time, shared out by wall-clock overlap when a task straddles a frame start.
      busy += task.to > task.from ? (task.cpu * overlap) / (task.to - task.from) : 0;
    }
    out.push(busy / 1000);
  }
  return out;
}
