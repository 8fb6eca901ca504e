// Throughput: how close the engine comes to the fastest finish the key's limits allow, for each
// batch mode, on a local link and with 150 ms added to every answer, next to a plain script.
//
// Limits (per key): 600 submissions and 900 requests per minute, 32 tasks at once; AI latency
// 400 +/- 100 ms. The sandbox's fixed windows are scaled from 60 s to 6 s with the per-window
// limits scaled alike (60 submissions, 90 requests per 6 s): the same rates and ratios, so the
// numbers mean the same, with window quantisation ten times finer. This does NOT make a run
// shorter (10 submissions/s either way: 2,000 photos take at least 200 s); runs go in parallel
// processes instead (--jobs).
import { execFileSync, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BatchMode } from '../common/job';
import type { Benchmark, BenchOptions } from './benchmark';
import { runBaseline, type BaselineRunResult } from './lib/baseline-run';
import { lowerBound, type LowerBound, type ServiceProfile } from './lib/bounds';
import { runEngine, type EngineRunResult, type WhatIf } from './lib/engine-run';
import { machineInfo, type MachineInfo } from './lib/machine';
import { preparePhotos } from './lib/photos';
import { writeResult } from './lib/results';
import type { BenchTable, Cell } from './lib/table';
import type { StartAt } from './lib/window-start';

export type Variant = 'local' | 'high-latency';

export interface ThroughputCase {
  readonly variant: Variant;
  readonly client: 'engine' | 'baseline';
  /** The engine's batch mode; null for the baseline (single tasks). */
  readonly mode: BatchMode | null;
  readonly photos: number;
  /** Emulated engine changes (bench/what-if.ts); absent for the benchmark proper. */
  readonly whatIf?: WhatIf;
  /** Another window length, limits scaled alike (bench/what-if.ts: 60000 = unscaled). */
  readonly windowMs?: number;
  /** When the run starts (lib/window-start.ts): as a window begins unless told. */
  readonly startAt?: StartAt;
}

export interface ThroughputRow {
  readonly case: ThroughputCase;
  readonly profile: ServiceProfile;
  readonly wallMs: number;
  readonly bound: LowerBound;
  /** wallMs / bound.boundMs; target <= TARGET_RATIO. */
  readonly timeOverBound: number;
  /** Requests the service counted (polls, uploads, refusals included) per photo. */
  readonly requestsPerPhoto: number;
  /** 429 answers the service gave, all kinds; target 0. */
  readonly http429: number;
  readonly run: EngineRunResult | BaselineRunResult;
  /** Process warnings seen during the run (e.g. MaxListenersExceededWarning). */
  readonly warnings?: readonly string[];
}

export interface ThroughputReport {
  readonly benchmark: 'throughput';
  readonly quick: boolean;
  readonly startedAt: string;
  readonly totalMs: number;
  readonly jobs: number;
  readonly machine: MachineInfo;
  /** The code measured: HEAD, and whether main/, sandbox/ or common/ differed from it. */
  readonly code: { readonly commit: string; readonly dirty: boolean | null };
  readonly scaling: string;
  readonly targets: { readonly timeOverBound: number; readonly http429: number };
  readonly rows: readonly ThroughputRow[];
  /** Engine wall time / baseline wall time, per variant and mode. */
  readonly engineVsBaseline: Readonly<Record<string, number>>;
}

export const TARGET_RATIO = 1.1;
const REAL_WINDOW_MS = 60_000;
const SCALE = 10;

const BASE = {
  windowMs: REAL_WINDOW_MS / SCALE,
  submissionsPerWindow: 600 / SCALE,
  requestsPerWindow: 900 / SCALE,
  concurrency: 32,
  aiLatencyMs: 400,
  aiJitterMs: 100,
} as const;

export const PROFILES: Readonly<Record<Variant, ServiceProfile>> = {
  local: { ...BASE, addedLatencyMs: 0 },
  'high-latency': { ...BASE, addedLatencyMs: 150 },
};

export const SCALING_NOTE =
  `Limits 600 submissions/min and 900 requests/min run as ${BASE.submissionsPerWindow} and ` +
  `${BASE.requestsPerWindow} per ${BASE.windowMs / 1000} s window (windowMs ${BASE.windowMs}, ` +
  `the 60 s window and its limits both divided by ${SCALE}): same rates, same ratios, finer ` +
  'window quantisation. Rates are unchanged, so a run is not shorter: at 10 submissions/s, ' +
  'N photos take at least N/10 s.';

const MODES: readonly BatchMode[] = ['auto', 'always', 'never'];
const VARIANTS: readonly Variant[] = ['local', 'high-latency'];

export function throughputCases(photos: number): ThroughputCase[] {
  return VARIANTS.flatMap((variant) => [
    { variant, client: 'baseline' as const, mode: null, photos },
    ...MODES.map((mode) => ({ variant, client: 'engine' as const, mode, photos })),
  ]);
}

/** A variant's profile with another window length and the per-minute rates kept. */
export function profileFor(variant: Variant, windowMs?: number): ServiceProfile {
  const base = PROFILES[variant];
  if (windowMs === undefined) return base;
  return {
    ...base,
    windowMs,
    submissionsPerWindow: Math.round((600 * windowMs) / REAL_WINDOW_MS),
    requestsPerWindow: Math.round((900 * windowMs) / REAL_WINDOW_MS),
  };
}

/** One run, in this process: photos (cached), a fresh sandbox, the client, the figures. */
export async function runThroughputCase(c: ThroughputCase): Promise<ThroughputRow> {
  const profile = profileFor(c.variant, c.windowMs);
  const photos = await preparePhotos(c.photos);
  const run =
    c.client === 'engine'
      ? await runEngine(profile, photos, c.mode ?? 'auto', 1, c.whatIf, c.startAt ?? 'window-start')
      : await runBaseline(profile, photos, 1, c.startAt ?? 'window-start');
  const style = c.client === 'engine' && c.mode !== 'never' ? 'batch' : 'single';
  const bound = lowerBound(profile, c.photos, style, run.phaseMs);
  return {
    case: c,
    profile,
    wallMs: run.wallMs,
    bound,
    timeOverBound: run.wallMs / bound.boundMs,
    requestsPerPhoto: run.requests / c.photos,
    http429: Object.values(run.rejected429).reduce((a, b) => a + b, 0),
    run,
  };
}

const WORKER = fileURLToPath(new URL('./lib/case-worker.ts', import.meta.url));

/** Runs one case in a child process of its own (same loader flags as this one). */
function runInChild(c: ThroughputCase): Promise<ThroughputRow> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [JSON.stringify(c)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let row: ThroughputRow | undefined;
    child.on('message', (message) => {
      row = message as ThroughputRow;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (row) resolve(row);
      else reject(new Error(`throughput case ${label(c)} exited with ${String(code)}`));
    });
  });
}

export function label(c: ThroughputCase): string {
  const patches = Object.entries(c.whatIf ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  if (c.windowMs !== undefined) patches.push(`windowMs=${c.windowMs}`);
  return `${c.variant}/${c.client}${c.mode ? `/${c.mode}` : ''}${patches.length ? ` [${patches.join(',')}]` : ''}`;
}

/** Runs the cases, `jobs` at a time, each in a child process; rows in case order. */
export async function runAll(
  cases: readonly ThroughputCase[],
  jobs: number,
  log: (line: string) => void,
): Promise<ThroughputRow[]> {
  const rows = new Array<ThroughputRow>(cases.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let i = next++; i < cases.length; i = next++) {
      const c = cases[i];
      if (!c) continue;
      log(`start ${label(c)} (${c.photos} photos)`);
      const row = await runInChild(c);
      rows[i] = row;
      log(
        `done  ${label(c)}: ${(row.wallMs / 1000).toFixed(1)} s, ` +
          `bound ${(row.bound.boundMs / 1000).toFixed(1)} s, x${row.timeOverBound.toFixed(2)}, ` +
          `${row.http429} x 429`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, cases.length) }, lane));
  return rows;
}

const seconds = (ms: number | null): number | null => (ms === null ? null : ms / 1000);

function versusBaseline(rows: readonly ThroughputRow[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rows) {
    if (row.case.client !== 'engine') continue;
    const base = rows.find(
      (r) => r.case.client === 'baseline' && r.case.variant === row.case.variant,
    );
    if (base) out[label(row.case)] = row.wallMs / base.wallMs;
  }
  return out;
}

export function throughputTable(report: ThroughputReport): BenchTable {
  const columns = [
    'added latency',
    'client',
    'batch mode',
    'photos',
    'wall s',
    'bound s',
    'bound by',
    'time/bound',
    'req/photo',
    '429s',
    'subs/window',
    'tail s',
    'seen after s',
    'engine/baseline',
    'target met',
  ];
  const rows: Cell[][] = report.rows.map((r) => {
    const engine = r.case.client === 'engine';
    const subs = r.run.windows.meanInnerSubmissions;
    return [
      `+${r.profile.addedLatencyMs} ms`,
      engine ? 'engine' : 'baseline (fetch x8)',
      r.case.mode ?? 'single tasks',
      r.case.photos,
      r.wallMs / 1000,
      r.bound.boundMs / 1000,
      r.bound.binding,
      r.timeOverBound,
      r.requestsPerPhoto,
      r.http429,
      subs === null ? null : `${subs.toFixed(1)}/${r.profile.submissionsPerWindow}`,
      seconds(r.run.windows.tailMs),
      seconds(r.run.discovery?.meanMs ?? null),
      engine ? (report.engineVsBaseline[label(r.case)] ?? null) : null,
      engine ? (r.timeOverBound <= TARGET_RATIO && r.http429 === 0 ? 'yes' : 'no') : '-',
    ];
  });
  return {
    title: `Throughput${report.quick ? ' (quick)' : ''}: ${report.rows[0]?.case.photos ?? 0} photos per run`,
    columns,
    rows,
    notes: [
      SCALING_NOTE,
      'Key: 32 tasks at once; AI latency 400 +/- 100 ms; "+150 ms": every answer held back 150 ms ' +
        '(sandbox faults slowRate 1, slowMs 150).',
      'bound s: the fastest finish the limits allow (largest of: submissions N per window, from ' +
        'the window phase at start, plus the shortest AI run and the last answer; requests = ' +
        'uploads + one list poll per 100 photos; concurrency N x 400 ms / 32). time/bound target ' +
        `<= ${TARGET_RATIO.toFixed(2)}, 429s target 0.`,
      'req/photo: requests the service counted per photo (uploads, polls, pre-flight, refused). ' +
        'subs/window: mean task creations per fully-spanned window (limit after the slash). ' +
        'tail s: last task created -> run settled. seen after s: mean time from the service ' +
        'finishing a task to the client having its result. engine/baseline: wall-time ratio ' +
        '(< 1 = faster).',
      `${report.jobs} run(s) at once, each in its own process; total ${(report.totalMs / 1000).toFixed(0)} s; ` +
        `${report.machine.cpus} CPUs, node ${report.machine.node}; engine at ` +
        `${report.code.commit.slice(0, 7)}${report.code.dirty ? ' (with local changes)' : ''}.`,
    ],
  };
}

/** Which commit of the engine and the sandbox a report measured (others work in the tree). */
export function codeVersion(): { commit: string; dirty: boolean | null } {
  try {
    const git = (...args: string[]): string =>
      execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const commit = git('rev-parse', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'main', 'sandbox', 'common') !== '';
    return { commit, dirty };
  } catch {
    return { commit: 'unknown', dirty: null };
  }
}

export async function runThroughput(options: BenchOptions): Promise<ThroughputReport> {
  const code = codeVersion();
  const photos = options.quick ? 200 : 2000;
  // The quick run leaves out the plain script: its rows take the longest (it waits out ~500
  // refusals, 25-29 s against the engine's 19 s) and nothing compares them with a release; the
  // fast suite still runs it (test/bench/throughput.test.ts), the full run measures it.
  const cases = throughputCases(photos).filter((c) => !options.quick || c.client === 'engine');
  const jobs = options.jobs ?? (options.quick ? cases.length : 4);
  const startedAt = new Date();
  const machine = machineInfo();
  options.log(`preparing ${photos} photos`);
  await preparePhotos(photos);
  const rows = await runAll(cases, jobs, (line) => {
    options.log(line);
  });
  return {
    benchmark: 'throughput',
    quick: options.quick,
    startedAt: startedAt.toISOString(),
    totalMs: Date.now() - startedAt.getTime(),
    jobs,
    machine,
    code,
    scaling: SCALING_NOTE,
    targets: { timeOverBound: TARGET_RATIO, http429: 0 },
    rows,
    engineVsBaseline: versusBaseline(rows),
  };
}

export const throughputBenchmark: Benchmark = {
  name: 'throughput',
  description: 'photos per minute against the key limits, engine batch modes vs. a plain script',
  async run(options) {
    const report = await runThroughput(options);
    // A quick run must not overwrite the full figures bench/README.md quotes.
    const file = await writeResult(options.quick ? 'throughput-quick' : 'throughput', report);
    options.log(`wrote ${file}`);
    return throughputTable(report);
  },
};
