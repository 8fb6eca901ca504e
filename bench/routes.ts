// Routes: how long a route sheet takes to load (inspect + parse) and what memory it needs, and what
// matching photo names to meters costs per photo, at 10,000 and 100,000 meters (the index makes a
// photo's cost independent of the sheet's size). Run alone with `npx tsx bench/routes.ts [--quick]`.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { compileFilePattern } from '../common/billing/file-pattern';
import { buildMeterIndex, matchFileName } from '../common/billing/file-name-match';
import { inspectRouteSheetBytes, parseRouteSheetBytes } from '../main/billing/route-sheet';
import type { Benchmark, BenchOptions } from './benchmark';
import { measureQueueLoad, type QueueLoadFigures } from './lib/queue-load';
import { loadNow, machineInfo, type MachineInfo } from './lib/machine';
import { MemorySampler } from './lib/memory-sampler';
import { writeResult } from './lib/results';
import { runAloneIfMain } from './lib/run-alone';
import { meterIdOf, photoNames, routeSheet, type SheetDialect } from './lib/route-sheets';
import { median } from './lib/stats';
import type { BenchTable, Cell } from './lib/table';
import { codeVersion } from './throughput';

export const TARGET_LOAD_MS = 5000;
const MB = 1e6;
const MIB = 2 ** 20;

export interface SheetFigures {
  readonly dialect: SheetDialect;
  readonly meters: number;
  readonly bytes: number;
  readonly inspectMs: readonly number[];
  readonly parseMs: readonly number[];
  readonly medianLoadMs: number;
  /** CPU time (user + system) of each load: what the work costs when other processes share the cores. */
  readonly cpuMs: readonly number[];
  readonly metersPerCpuS: number;
  /** The kernel's peak RSS during one inspect + parse (bytes); null off Linux. */
  readonly peakRss: number | null;
  readonly rssBefore: number;
  /** Heap in use after parsing and a full collection, the meters still held. */
  readonly heapAfter: number;
  readonly heapBefore: number;
}

export interface MatchFigures {
  readonly meters: number;
  readonly photos: number;
  readonly buildIndexMs: number;
  readonly tokenMs: readonly number[];
  readonly patternMs: readonly number[];
  readonly usPerPhotoToken: number;
  readonly usPerPhotoPattern: number;
  readonly matched: number;
  readonly none: number;
}

export interface RoutesReport {
  readonly benchmark: 'routes';
  readonly quick: boolean;
  readonly startedAt: string;
  readonly totalMs: number;
  readonly machine: MachineInfo;
  readonly loadAtEnd: number;
  readonly code: { readonly commit: string; readonly dirty: boolean | null };
  readonly rounds: number;
  readonly sheets: readonly SheetFigures[];
  readonly matching: readonly MatchFigures[];
  readonly queue: QueueLoadFigures;
  readonly target: { readonly loadMs: number };
}

/** A full garbage collection, so heap figures are what is held, not what awaits collection. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc === 'function') (gc as () => void)();
}

function timed<T>(work: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = work();
  return { ms: performance.now() - t0, value };
}

export function measureSheet(meters: number, dialect: SheetDialect, rounds: number): SheetFigures {
  const bytes = routeSheet(meters, dialect);
  const inspectMs: number[] = [];
  const parseMs: number[] = [];
  const loadMs: number[] = [];
  const cpuMs: number[] = [];
  let peakRss: number | null = null;
  let heapAfter = 0;
  let heapBefore = 0;
  let rssBefore = 0;
  for (let round = 0; round < rounds; round++) {
    const sampler = new MemorySampler();
    collectGarbage();
    // Figures of the first round only: later rounds start with the previous result not yet freed.
    if (round === 0) {
      heapBefore = process.memoryUsage().heapUsed;
      rssBefore = process.memoryUsage().rss;
    }
    sampler.begin();
    const cpu0 = process.cpuUsage();
    const inspected = timed(() => inspectRouteSheetBytes(bytes));
    if (!inspected.value.ok) throw new Error('routes bench: the generated sheet did not inspect');
    const mapping = inspected.value.suggestedMapping;
    const parsed = timed(() => parseRouteSheetBytes(bytes, mapping));
    const cpu = process.cpuUsage(cpu0);
    cpuMs.push((cpu.user + cpu.system) / 1000);
    const memory = sampler.end();
    if (round === 0) {
      collectGarbage();
      heapAfter = process.memoryUsage().heapUsed;
    }
    if (!parsed.value.ok || parsed.value.meters.length !== meters) {
      throw new Error(`routes bench: expected ${meters} meters from the ${dialect} sheet`);
    }
    if (round === 0) peakRss = memory.kernelPeakIsPhase ? memory.kernelPeakRss : null;
    inspectMs.push(inspected.ms);
    parseMs.push(parsed.ms);
    loadMs.push(inspected.ms + parsed.ms);
  }
  const medianLoadMs = median(loadMs);
  return {
    dialect,
    meters,
    bytes: bytes.length,
    inspectMs,
    parseMs,
    medianLoadMs,
    cpuMs,
    metersPerCpuS: meters / (median(cpuMs) / 1000),
    peakRss,
    rssBefore,
    heapAfter,
    heapBefore,
  };
}

export function measureMatching(meters: number, photos: number, rounds: number): MatchFigures {
  const ids = Array.from({ length: meters }, (_, i) => meterIdOf(i));
  const build = timed(() => buildMeterIndex(ids));
  const index = build.value;
  const { paths, expectNone } = photoNames(photos, meters);
  const compiled = compileFilePattern('{meter}_{date}.jpg');
  if (!compiled.ok) throw new Error(compiled.error);
  const tokenMs: number[] = [];
  const patternMs: number[] = [];
  let matched = 0;
  let none = 0;
  for (let round = 0; round < rounds; round++) {
    const token = timed(() => paths.map((p) => matchFileName(index, p)));
    tokenMs.push(token.ms);
    matched = token.value.filter((m) => 'meterId' in m).length;
    none = token.value.filter((m) => 'none' in m).length;
    patternMs.push(timed(() => paths.map((p) => matchFileName(index, p, compiled.pattern))).ms);
  }
  if (none !== expectNone || matched !== photos - expectNone) {
    throw new Error(
      `routes bench: matched ${matched}, none ${none}; expected ${photos - expectNone}, ${expectNone}`,
    );
  }
  return {
    meters,
    photos,
    buildIndexMs: build.ms,
    tokenMs,
    patternMs,
    usPerPhotoToken: (median(tokenMs) * 1000) / photos,
    usPerPhotoPattern: (median(patternMs) * 1000) / photos,
    matched,
    none,
  };
}

export async function runRoutes(
  options: Pick<BenchOptions, 'quick' | 'log'>,
): Promise<RoutesReport> {
  const startedAt = new Date();
  const machine = machineInfo();
  const meters = options.quick ? 10_000 : 100_000;
  const photos = options.quick ? 2_000 : 20_000;
  const rounds = options.quick ? 1 : 3;
  const sheets: SheetFigures[] = [];
  for (const dialect of ['utf8-comma', 'cp1252-semicolon'] as const) {
    options.log(`sheet of ${meters} meters, ${dialect}: ${rounds} rounds`);
    sheets.push(measureSheet(meters, dialect, rounds));
  }
  const matching: MatchFigures[] = [];
  for (const size of options.quick ? [meters] : [10_000, meters]) {
    options.log(`matching ${photos} photo names against ${size} meters`);
    matching.push(measureMatching(size, photos, rounds));
  }
  options.log(
    `loading ${meters} meters into a queue file, updating them, progress, billing export`,
  );
  const queue = await measureQueueLoad(meters);
  return {
    benchmark: 'routes',
    queue,
    quick: options.quick,
    startedAt: startedAt.toISOString(),
    totalMs: Date.now() - startedAt.getTime(),
    machine,
    loadAtEnd: loadNow(),
    code: codeVersion(),
    rounds,
    sheets,
    matching,
    target: { loadMs: TARGET_LOAD_MS },
  };
}

const list = (ms: readonly number[]): string => ms.map((m) => (m / 1000).toFixed(2)).join(', ');

export function routesTable(report: RoutesReport): BenchTable {
  const rows: Cell[][] = report.sheets.map((s) => [
    `load sheet (${s.dialect})`,
    s.meters,
    Math.round(s.bytes / MB),
    `inspect ${list(s.inspectMs)}; parse ${list(s.parseMs)}; CPU ${list(s.cpuMs)}`,
    s.medianLoadMs / 1000,
    median(s.cpuMs) / 1000,
    Math.round(s.metersPerCpuS),
    s.peakRss === null ? null : `${Math.round(s.rssBefore / MIB)} → ${Math.round(s.peakRss / MIB)}`,
    Math.round((s.heapAfter - s.heapBefore) / MIB),
    median(s.cpuMs) <= TARGET_LOAD_MS ? 'yes' : 'no',
  ]);
  for (const m of report.matching) {
    rows.push([
      `match ${m.photos} names (token / pattern)`,
      m.meters,
      null,
      `index ${(m.buildIndexMs / 1000).toFixed(2)}; token ${list(m.tokenMs)}; pattern ${list(m.patternMs)}`,
      median(m.tokenMs) / 1000,
      null,
      null,
      null,
      null,
      `${m.usPerPhotoToken.toFixed(1)} / ${m.usPerPhotoPattern.toFixed(1)} µs a photo`,
    ]);
  }
  return {
    title: `Routes${report.quick ? ' (quick)' : ''}: route sheets and photo matching`,
    columns: [
      'work',
      'meters',
      'MB',
      'runs s',
      'median s',
      'median CPU s',
      'meters / CPU s',
      'RSS MiB before → peak',
      'heap held MiB',
      `CPU ≤ ${TARGET_LOAD_MS / 1000} s / per photo`,
    ],
    rows,
    notes: [
      'Sheets: 10 columns as a billing export writes them (ids, accounts, quoted addresses with the delimiter inside, 5+3-digit registers, leading zeros, dates, daily averages); "utf8-comma" is UTF-8 with "," and ".", "cp1252-semicolon" Excel\'s German CSV (Windows-1252, ";", decimal comma, dd.mm.yyyy, German headers). Load = inspectRouteSheetBytes + parseRouteSheetBytes with the suggested mapping, all meters checked. The target is judged on CPU time (user + system, GC threads included): on a machine shared with other work the wall time also measures the others.',
      "RSS: the process before the first load (runtime and generated sheet included) and the kernel's peak RSS during it (VmHWM, reset for the phase); heap held: heap in use after parsing minus before, each after a full collection (what the loaded meters keep).",
      `Matching: ${report.matching[0]?.photos ?? 0} paths (50 % camera names with the id as a token, 20 % a folder per meter, 20 % "{meter}_{yyyymmdd}.jpg", 10 % no meter), matched by token and folder (default) and by the pattern "{meter}_{date}.jpg"; every result checked. The same cost per photo at 10,000 and 100,000 meters shows the lookup does not scan meters.`,
      `Into a queue file (loadRouteSheet: parse, write every meter, match, check): ${String(report.queue.meters)} meters first loaded in ${(report.queue.firstLoadMs / 1000).toFixed(2)} s, the same sheet again as a newer export (every meter updated) in ${(report.queue.updateMs / 1000).toFixed(2)} s; route progress ${(report.queue.progressMs / 1000).toFixed(2)} s; billing export of ${String(report.queue.exportedRows)} rows ${(report.queue.exportMs / 1000).toFixed(2)} s (wall times).`,
      `${report.machine.cpus} CPUs (${report.machine.cpuModel}), node ${report.machine.node}; load average ${report.machine.loadAtStart} at start, ${report.loadAtEnd} at end; ${report.rounds} rounds, median; code at ${report.code.commit.slice(0, 7)}${report.code.dirty ? ' (with local changes)' : ''}.`,
    ],
  };
}

export const routesBenchmark: Benchmark = {
  name: 'routes',
  description: 'route sheets of 100,000 meters (inspect + parse) and matching 20,000 photo names',
  async run(options) {
    const report = await runRoutes(options);
    // A quick run must not overwrite the full figures.
    const file = await writeResult(options.quick ? 'routes-quick' : 'routes', report);
    options.log(`wrote ${file}`);
    return routesTable(report);
  },
};

runAloneIfMain(routesBenchmark, import.meta.url);
