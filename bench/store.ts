// Store: the SQLite queue at 100,000 jobs. How fast scanned files go in, how fast jobs move
// through the engine's state transitions, how long a start on a full queue takes until the first
// upload reaches the service, what engine.status() costs (the window asks ~10 times a second),
// and how large the file gets.
//
// Everything runs on a real queue file (openStore: WAL, synchronous=NORMAL, the real migrations)
// with the repository calls and call sizes the product uses; see lib/queue-jobs.ts,
// lib/job-cycle.ts and lib/first-upload.ts for each part.
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_BATCH_FILES } from '../common/job';
import { openStore, type Store } from '../main/store/store';
import type { Benchmark, BenchOptions } from './benchmark';
import { forkStartupWorkers, measureStartup, type StartupTiming } from './lib/first-upload';
import { runJobCycle, type CycleStep, type CycleTiming } from './lib/job-cycle';
import { loadNow, machineInfo, type MachineInfo } from './lib/machine';
import { preparePhotos } from './lib/photos';
import {
  insertRows,
  PRODUCT_INSERT_CHUNK,
  scannedRows,
  syntheticRows,
  type InsertTiming,
} from './lib/queue-jobs';
import { writeResult } from './lib/results';
import { startService } from './lib/service';
import { median, percentile } from './lib/stats';
import type { BenchTable, Cell } from './lib/table';
import { codeVersion } from './throughput';

export const TARGET_FIRST_UPLOAD_MS = 1000;
/** How often the window asks for the engine's status. */
export const STATUS_PER_SECOND = 10;
const STARTUP_RUNS = 3;
const STATUS_CALLS = 20;
const COUNT_CALLS = 20;
/** Real photos at the head of the queue, so the engine's first uploads find files on disk. */
const REAL_PHOTOS = 40;

/** Service limits as the real service sets them for a key (no scaling: one upload is measured). */
const SERVICE = {
  windowMs: 60_000,
  submissionsPerWindow: 600,
  requestsPerWindow: 900,
  concurrency: 32,
  aiLatencyMs: 400,
  aiJitterMs: 100,
  addedLatencyMs: 0,
} as const;

export interface CallStats {
  readonly calls: number;
  readonly totalMs: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

export interface CycleSummary {
  readonly perCall: number;
  readonly jobs: number;
  readonly steps: Readonly<Record<CycleStep, CallStats>>;
  /** Jobs per second through markUploading + markSubmitted + applyResults. */
  readonly updatesPerS: number;
}

export interface StoreReport {
  readonly benchmark: 'store';
  readonly quick: boolean;
  readonly startedAt: string;
  readonly totalMs: number;
  readonly machine: MachineInfo;
  readonly loadAtEnd: number;
  readonly code: { readonly commit: string; readonly dirty: boolean | null };
  readonly jobs: number;
  readonly insert: Omit<InsertTiming, 'callMs'> & {
    readonly perS: number;
    readonly call: CallStats;
  };
  readonly batchCycle: CycleSummary;
  readonly singleCycle: CycleSummary;
  /** store.jobs.counts() (what status() runs) on the full queue: all queued, then all done. */
  readonly countsMs: { readonly queued: CallStats; readonly done: CallStats };
  /** store.jobs.pendingDistinctPhotos() on the full queue (the engine's pre-flight runs it). */
  readonly pendingDistinctMs: CallStats;
  readonly startup: {
    readonly runs: readonly StartupTiming[];
    readonly medianFirstUploadMs: number;
    readonly medianStartResolvedMs: number;
    readonly medianOpenMs: number;
    readonly medianPendingDistinctMs: number;
    /** engine.status() over all runs. */
    readonly status: CallStats;
  };
  readonly dbBytes: { readonly queued: number; readonly done: number };
  readonly targets: { readonly firstUploadMs: number };
}

export function callStats(ms: readonly number[]): CallStats {
  return {
    calls: ms.length,
    totalMs: ms.reduce((a, b) => a + b, 0),
    medianMs: median(ms),
    p95Ms: percentile(ms, 95),
    maxMs: Math.max(...ms),
  };
}

function summarize(t: CycleTiming): CycleSummary {
  const updatesMs = t.totalMs.markUploading + t.totalMs.markSubmitted + t.totalMs.applyResults;
  return {
    perCall: t.perCall,
    jobs: t.jobs,
    steps: {
      dueUploads: callStats(t.callMs.dueUploads),
      markUploading: callStats(t.callMs.markUploading),
      markSubmitted: callStats(t.callMs.markSubmitted),
      applyResults: callStats(t.callMs.applyResults),
    },
    updatesPerS: t.jobs / (updatesMs / 1000),
  };
}

function timeCalls(n: number, fn: () => unknown): number[] {
  return Array.from({ length: n }, () => {
    const t0 = performance.now();
    fn();
    return performance.now() - t0;
  });
}

/** The size of a closed queue file (the WAL is folded in and removed on close). */
async function fileBytes(file: string): Promise<number> {
  const main = (await stat(file)).size;
  const wal = await stat(`${file}-wal`).then(
    (s) => s.size,
    () => 0,
  );
  return main + wal;
}

export async function runStore(
  options: Pick<BenchOptions, 'quick' | 'log'> & {
    jobs?: number;
    singleJobs?: number;
    startupRuns?: number;
  },
): Promise<StoreReport> {
  const machine = machineInfo();
  const code = codeVersion();
  const jobs = options.jobs ?? (options.quick ? 10_000 : 100_000);
  const singleJobs = Math.min(jobs, options.singleJobs ?? (options.quick ? 1000 : 10_000));
  const startupRuns = options.startupRuns ?? STARTUP_RUNS;
  const startedAt = new Date();
  const work = await mkdtemp(join(tmpdir(), 'meterdesk-bench-store-'));
  try {
    const queueFile = join(work, 'queue.sqlite');
    const photos = await preparePhotos(Math.min(REAL_PHOTOS, jobs));
    let store: Store = openStore(queueFile);
    const real = await scannedRows(photos.dir, store.roots.ensure(photos.dir, 'folder').id);
    const elsewhere = join(work, 'photos');
    const rows = [
      ...real,
      ...syntheticRows(elsewhere, store.roots.ensure(elsewhere, 'folder').id, jobs - real.length),
    ];

    options.log(`inserting ${jobs} jobs, ${PRODUCT_INSERT_CHUNK} per call`);
    const { callMs: insertCallMs, ...insert } = insertRows(store, rows, PRODUCT_INSERT_CHUNK);
    const countsQueued = timeCalls(COUNT_CALLS, () => store.jobs.counts());
    const pendingDistinct = timeCalls(5, () => store.jobs.pendingDistinctPhotos());
    store.close();
    const queuedBytes = await fileBytes(queueFile);
    const singleFile = join(work, 'single.sqlite');
    await copyFile(queueFile, singleFile);

    const runs: StartupTiming[] = [];
    const workers = await forkStartupWorkers(startupRuns);
    try {
      for (const [r, worker] of workers.entries()) {
        const copy = join(work, `startup-${r}.sqlite`);
        await copyFile(queueFile, copy);
        const sandbox = await startService(SERVICE, r + 1);
        try {
          const run = await measureStartup(worker, copy, sandbox, STATUS_CALLS);
          runs.push(run);
          options.log(
            `start-up ${r + 1}: first upload after ${run.firstUploadMs.toFixed(0)} ms ` +
              `(start() resolved ${run.startResolvedMs.toFixed(0)} ms)`,
          );
        } finally {
          await sandbox.close();
        }
      }
    } finally {
      // Workers a failed run left waiting for their turn.
      for (const { child } of workers) if (child.exitCode === null) child.kill();
    }

    options.log(`state transitions, ${MAX_BATCH_FILES} jobs per call, all ${jobs} jobs`);
    store = openStore(queueFile);
    const batchCycle = summarize(runJobCycle(store, MAX_BATCH_FILES));
    const countsDone = timeCalls(COUNT_CALLS, () => store.jobs.counts());
    store.close();
    const doneBytes = await fileBytes(queueFile);

    options.log(`state transitions, 1 job per call, ${singleJobs} of the ${jobs} jobs`);
    store = openStore(singleFile);
    const singleCycle = summarize(runJobCycle(store, 1, singleJobs));
    store.close();

    const statusMs = runs.flatMap((r) => r.statusMs);
    const pendingInStart = runs.map((r) => r.spent['jobs.pendingDistinctPhotos']?.ms ?? 0);
    return {
      benchmark: 'store',
      quick: options.quick,
      startedAt: startedAt.toISOString(),
      totalMs: Date.now() - startedAt.getTime(),
      machine,
      loadAtEnd: loadNow(),
      code,
      jobs,
      insert: {
        ...insert,
        perS: insert.rows / (insert.totalMs / 1000),
        call: callStats(insertCallMs),
      },
      batchCycle,
      singleCycle,
      countsMs: { queued: callStats(countsQueued), done: callStats(countsDone) },
      pendingDistinctMs: callStats(pendingDistinct),
      startup: {
        runs,
        medianFirstUploadMs: median(runs.map((r) => r.firstUploadMs)),
        medianStartResolvedMs: median(runs.map((r) => r.startResolvedMs)),
        medianOpenMs: median(runs.map((r) => r.openMs)),
        medianPendingDistinctMs: median(pendingInStart),
        status: callStats(statusMs),
      },
      dbBytes: { queued: queuedBytes, done: doneBytes },
      targets: { firstUploadMs: TARGET_FIRST_UPLOAD_MS },
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const perS = (jobs: number, ms: number): number => Math.round(jobs / (ms / 1000));

export function storeTable(report: StoreReport): BenchTable {
  const n = report.jobs;
  const b = report.batchCycle;
  const s = report.singleCycle;
  const st = report.startup;
  const met = st.medianFirstUploadMs < TARGET_FIRST_UPLOAD_MS ? 'yes' : 'no';
  const row = (
    measure: string,
    jobs: number,
    perCall: number | null,
    value: number,
    unit: string,
    target = '-',
    targetMet = '-',
  ): Cell[] => [measure, jobs, perCall, value, unit, target, targetMet];
  const rows: Cell[][] = [
    row(
      'insert scanned jobs (insertScanned)',
      n,
      report.insert.chunk,
      Math.round(report.insert.perS),
      'jobs/s',
    ),
    row(
      'queued -> uploading (markUploading)',
      b.jobs,
      b.perCall,
      perS(b.jobs, b.steps.markUploading.totalMs),
      'jobs/s',
    ),
    row(
      'uploading -> submitted (markSubmitted)',
      b.jobs,
      b.perCall,
      perS(b.jobs, b.steps.markSubmitted.totalMs),
      'jobs/s',
    ),
    row(
      'submitted -> done (applyResults)',
      b.jobs,
      b.perCall,
      perS(b.jobs, b.steps.applyResults.totalMs),
      'jobs/s',
    ),
    row('all three transitions, batches', b.jobs, b.perCall, Math.round(b.updatesPerS), 'jobs/s'),
    row(
      'all three transitions, single tasks',
      s.jobs,
      s.perCall,
      Math.round(s.updatesPerS),
      'jobs/s',
    ),
    row(
      'pick the next unit (dueUploads), median',
      b.jobs,
      b.perCall,
      b.steps.dueUploads.medianMs,
      'ms/call',
    ),
    row(
      'open + start -> first upload reaches the service',
      n,
      null,
      Math.round(st.medianFirstUploadMs),
      'ms',
      `< ${TARGET_FIRST_UPLOAD_MS}`,
      met,
    ),
    row('... of which openSession', n, null, st.medianOpenMs, 'ms'),
    row(
      '... of which engine.start() until it resolved',
      n,
      null,
      Math.round(st.medianStartResolvedMs),
      'ms',
    ),
    row(
      '... of which pendingDistinctPhotos (pre-flight)',
      n,
      null,
      Math.round(st.medianPendingDistinctMs),
      'ms',
    ),
    row('engine.status(), running, median', n, null, st.status.medianMs, 'ms'),
    row('engine.status(), running, p95', n, null, st.status.p95Ms, 'ms'),
    row(
      `engine.status() x ${STATUS_PER_SECOND}/s, share of the engine's thread`,
      n,
      null,
      (st.status.medianMs * STATUS_PER_SECOND) / 10,
      '%',
    ),
    row('counts() with every job done, median', n, null, report.countsMs.done.medianMs, 'ms'),
    row('queue file, all queued', n, null, report.dbBytes.queued / 1e6, 'MB'),
    row('queue file, all done (with job history)', n, null, report.dbBytes.done / 1e6, 'MB'),
  ];
  return {
    title: `Store${report.quick ? ' (quick)' : ''}: ${n.toLocaleString('en-US')} jobs in one queue file`,
    columns: ['measure', 'jobs', 'per call', 'value', 'unit', 'target', 'target met'],
    rows,
    notes: [
      `A real queue file (openStore: WAL, synchronous=NORMAL, real migrations) of ${n.toLocaleString('en-US')} ` +
        `accepted photos, each content distinct; the first ${REAL_PHOTOS} are photos on disk, so the ` +
        "engine's first uploads find their files. jobs: jobs the row measured (transitions: jobs " +
        'moved) or in the queue (the rest).',
      `insert: insertScanned in chunks of ${report.insert.chunk} rows, one transaction each, as addPaths ` +
        `flushes the scanner's output (median ${report.insert.call.medianMs.toFixed(1)} ms a chunk). ` +
        'Transitions: dueUploads picks the unit, then markUploading, markSubmitted and applyResults with ' +
        `that unit, as the engine calls them: ${b.perCall} = one batch (batch mode auto/always, the ` +
        `default), 1 = single tasks (batch mode never) on ${s.jobs.toLocaleString('en-US')} of the jobs. ` +
        'Rates = jobs / time inside those calls.',
      `First upload: median of ${st.runs.length} runs, each on a fresh copy of the all-queued file, in a ` +
        'fresh process, against a fresh in-process sandbox (600 submissions and 900 requests/min, 32 ' +
        'at once): openSession + engine.start() with default settings until the sandbox has the ' +
        `headers of the first upload (${st.runs[0]?.firstUpload ?? '-'}). Runs (ms): ` +
        `${st.runs.map((r) => r.firstUploadMs.toFixed(0)).join(', ')}; first job marked uploading at ` +
        `${st.runs.map((r) => (r.firstMarkedMs === null ? '-' : r.firstMarkedMs.toFixed(0))).join(', ')}.`,
      `engine.status(): ${st.status.calls} calls on the running engine right after the first upload ` +
        `(all jobs queued); max ${st.status.maxMs.toFixed(1)} ms. store.jobs.counts() alone: median ` +
        `${report.countsMs.queued.medianMs.toFixed(2)} ms all queued, ${report.countsMs.done.medianMs.toFixed(2)} ms all done. ` +
        `pendingDistinctPhotos() alone: median ${report.pendingDistinctMs.medianMs.toFixed(1)} ms.`,
      `Queue file size after closing (WAL folded in); MB = 10^6 bytes. ${report.machine.cpus} CPUs, ` +
        `node ${report.machine.node}; load average ${report.machine.loadAtStart} at start, ` +
        `${report.loadAtEnd} at end; total ${(report.totalMs / 1000).toFixed(0)} s; code at ` +
        `${report.code.commit.slice(0, 7)}${report.code.dirty ? ' (with local changes)' : ''}.`,
    ],
  };
}

export const storeBenchmark: Benchmark = {
  name: 'store',
  description:
    'SQLite queue at 100,000 jobs: inserts, state updates, start to first upload, status',
  async run(options) {
    const report = await runStore(options);
    // A quick run must not overwrite the full figures bench/README.md quotes.
    const file = await writeResult(options.quick ? 'store-quick' : 'store', report);
    options.log(`wrote ${file}`);
    return storeTable(report);
  },
};
