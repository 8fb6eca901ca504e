// Memory: peak RSS of the engine uploading 2,000 photos of 5 MB each. Target (issue 7): bounded by
// concurrency, not by file count or size. A small matrix shows which: the same engine over 4x the
// photos, 5x their size, and fewer or more of them in flight at once.
//
// Each run: the sandbox in this process with limits that never hold the engine back (memory, not
// pacing, is measured), the engine alone in a child process (lib/memory-worker.ts) where RSS is
// sampled every 50 ms and the kernel's peak (VmHWM) is read per phase.
import type { Benchmark, BenchOptions } from './benchmark';
import { loadNow, machineInfo, type MachineInfo } from './lib/machine';
import { runMemoryCase, type MemoryCase, type MemoryRow } from './lib/memory-run';
import {
  baselineRss,
  compareRuns,
  deltaRss,
  peakRss,
  targetMet,
  TOLERANCE_BYTES,
  TOLERANCE_RATIO,
  type Comparison,
} from './lib/memory-verdict';
import { writeResult } from './lib/results';
import type { BenchTable, Cell } from './lib/table';
import { codeVersion } from './throughput';

export interface MemoryReport {
  readonly benchmark: 'memory';
  readonly quick: boolean;
  readonly startedAt: string;
  readonly totalMs: number;
  readonly jobs: number;
  readonly machine: MachineInfo;
  readonly loadAtEnd: number;
  readonly code: { readonly commit: string; readonly dirty: boolean | null };
  readonly target: string;
  readonly rows: readonly MemoryRow[];
  readonly comparisons: readonly Comparison[];
  /** null when the cases run hold no photos/size comparison. */
  readonly targetMet: boolean | null;
}

export const TARGET =
  'peak RSS bounded by concurrency, not by file count or size: 4x the photos or 5x their size ' +
  `raise the peak above the idle engine by at most ${TOLERANCE_RATIO}x (or ` +
  `${TOLERANCE_BYTES / 2 ** 20} MiB), where memory that followed the data would grow 4x or 5x`;

const MB = 1_000_000;
/** The engine's defaults (main/engine/config.ts): 32 tasks at once, 6 uploads at once. */
const DEFAULTS = { concurrency: 32, parallelUploads: 6 } as const;

export function memoryCases(quick: boolean): MemoryCase[] {
  if (quick) {
    return [
      { photos: 100, photoBytes: 5 * MB, ...DEFAULTS },
      { photos: 100, photoBytes: 1 * MB, ...DEFAULTS },
    ];
  }
  return [
    { photos: 2000, photoBytes: 5 * MB, ...DEFAULTS },
    { photos: 500, photoBytes: 5 * MB, ...DEFAULTS },
    { photos: 2000, photoBytes: 1 * MB, ...DEFAULTS },
    { photos: 500, photoBytes: 5 * MB, concurrency: 8, parallelUploads: 6 },
    { photos: 500, photoBytes: 5 * MB, concurrency: 32, parallelUploads: 32 },
  ];
}

export function label(c: MemoryCase): string {
  return `${c.photos} x ${c.photoBytes / MB} MB, ${c.concurrency} tasks/${c.parallelUploads} uploads`;
}

/** Runs the cases, `jobs` at a time (each engine in its own process); rows in case order. */
async function runAll(
  cases: readonly MemoryCase[],
  jobs: number,
  log: (line: string) => void,
): Promise<MemoryRow[]> {
  const rows = new Array<MemoryRow>(cases.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let i = next++; i < cases.length; i = next++) {
      const c = cases[i];
      if (!c) continue;
      log(`start ${label(c)}`);
      const row = await runMemoryCase(c, { log });
      rows[i] = row;
      log(
        `done  ${label(c)}: ${row.done}/${c.photos} done in ${(row.upload.durationMs / 1000).toFixed(1)} s, ` +
          `peak RSS ${mib(peakRss(row))} MiB (idle ${mib(baselineRss(row))} MiB)`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, cases.length) }, lane));
  return rows;
}

const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
const inMiB = (bytes: number): number => bytes / 2 ** 20;

export async function runMemory(options: BenchOptions): Promise<MemoryReport> {
  const code = codeVersion();
  const cases = memoryCases(options.quick);
  // One at a time by default: on two cores, parallel runs slow each other's collector down.
  const jobs = options.jobs ?? 1;
  const startedAt = new Date();
  const machine = machineInfo();
  const rows = await runAll(cases, jobs, (line) => {
    options.log(line);
  });
  const comparisons = compareRuns(rows);
  return {
    benchmark: 'memory',
    quick: options.quick,
    startedAt: startedAt.toISOString(),
    totalMs: Date.now() - startedAt.getTime(),
    jobs,
    machine,
    loadAtEnd: loadNow(),
    code,
    target: TARGET,
    rows,
    comparisons,
    targetMet: targetMet(comparisons),
  };
}

function describe(c: Comparison): string {
  const what =
    c.dimension === 'photoBytes'
      ? `${c.from / MB} -> ${c.to / MB} MB a photo`
      : c.dimension === 'photos'
        ? `${c.from} -> ${c.to} photos`
        : c.dimension === 'concurrency'
          ? `${c.from} -> ${c.to} tasks at once`
          : `${c.from} -> ${c.to} parallel uploads`;
  const verdict =
    c.withinTolerance === null ? '' : c.withinTolerance ? ' (within tolerance)' : ' (NOT within)';
  return (
    `${what}: peak above idle ${mib(c.deltaFromBytes)} -> ${mib(c.deltaToBytes)} MiB, ` +
    `x${c.ratio.toFixed(2)}${verdict}`
  );
}

/** RSS over the largest run, tenth by tenth: whether anything piles up as photos go by. */
function trend(rows: readonly MemoryRow[]): string[] {
  const largest = [...rows].sort(
    (a, b) => b.case.photos * b.case.photoBytes - a.case.photos * a.case.photoBytes,
  )[0];
  if (!largest) return [];
  const tenths = largest.upload.rssByTenth.map((v) => (v === null ? '-' : mib(v))).join(', ');
  return [`Peak RSS sampled in each tenth of the ${label(largest.case)} upload (MiB): ${tenths}.`];
}

export function memoryTable(report: MemoryReport): BenchTable {
  const columns = [
    'photos',
    'MB/photo',
    'tasks at once',
    'parallel uploads',
    'files uploading',
    'upload s',
    'idle RSS MiB',
    'peak RSS MiB',
    'peak - idle MiB',
    'peak heap MiB',
    'peak external MiB',
    'peak arrayBuffers MiB',
    'files in flight MiB',
    'retained heap MiB',
    'scan peak RSS MiB',
    'all done',
  ];
  const rows: Cell[][] = report.rows.map((r) => [
    r.case.photos,
    r.case.photoBytes / MB,
    r.case.concurrency,
    r.case.parallelUploads,
    r.maxFilesUploading,
    r.upload.durationMs / 1000,
    inMiB(baselineRss(r)),
    inMiB(peakRss(r)),
    inMiB(deltaRss(r)),
    inMiB(r.upload.peak.heapUsed),
    inMiB(r.upload.peak.external),
    inMiB(r.upload.peak.arrayBuffers),
    inMiB(r.maxFilesUploading * r.case.photoBytes),
    inMiB(r.retained.heapUsed),
    inMiB(Math.max(r.scan.kernelPeakRss ?? 0, r.scan.peak.rss)),
    r.done === r.case.photos && r.wrongReadings === 0 && r.chargedTwice === 0 ? 'yes' : 'no',
  ]);
  const met = report.targetMet === null ? 'not judged' : report.targetMet ? 'met' : 'MISSED';
  const gap = Math.max(...report.rows.map((r) => r.upload.maxGapMs));
  return {
    title: `Memory${report.quick ? ' (quick)' : ''}: peak RSS of the engine process while uploading`,
    columns,
    rows,
    notes: [
      `Target: ${report.target}. **${met}**.`,
      ...report.comparisons.map(describe),
      ...trend(report.rows),
      'peak RSS: the kernel peak (VmHWM, reset when the upload phase begins) of the engine process ' +
        'from engine.start() to waitSettled(); idle RSS: the same process with the engine opened ' +
        `(store, client, scheduler) and nothing queued. Sampled every 50 ms too (longest gap ${gap} ms).`,
      'files uploading: most files in upload requests at once (measured); files in flight MiB: ' +
        'those files times their size, what the peak would add if uploads held whole files. ' +
        'retained heap: heap used after the run settled and a forced GC (what the engine keeps).',
      'Sandbox: 1,000,000 submissions and requests a minute, AI 50 +/- 20 ms, the key concurrency = ' +
        "tasks at once; batch mode auto (5 MB photos go 4 to a batch: the service's 20 MiB cap).",
      `${report.jobs} run(s) at once; total ${(report.totalMs / 1000).toFixed(0)} s; ` +
        `${report.machine.cpus} CPUs, node ${report.machine.node}; load average ` +
        `${report.machine.loadAtStart} at start, ${report.loadAtEnd} at end; engine at ` +
        `${report.code.commit.slice(0, 7)}${report.code.dirty ? ' (with local changes)' : ''}.`,
    ],
  };
}

export const memoryBenchmark: Benchmark = {
  name: 'memory',
  description: 'peak RSS of the engine uploading large photos: bounded by concurrency, not data',
  async run(options) {
    const report = await runMemory(options);
    // A quick run must not overwrite the full figures bench/README.md quotes.
    const file = await writeResult(options.quick ? 'memory-quick' : 'memory', report);
    options.log(`wrote ${file}`);
    return memoryTable(report);
  },
};
