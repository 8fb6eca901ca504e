// History-aware checks (issue 33): on a generated route of 600 meters with 24 months of history
// (bench/lib/history-route.ts), read once in the peak month (July) and once in the trough month
// (January), how many right readings each check flags against how many misreads, leaks, stopped
// meters and uses on vacant accounts it catches, and how many slowing meters the inspection list
// puts in its top 10 %. Pure computation. Run alone with `npx tsx bench/history.ts [--quick]`.
import { buildRouteModel } from '../common/billing/history-model';
import { checkReading } from '../common/billing/plausibility';
import { DEFAULT_PLAUSIBILITY_CONFIG } from '../common/billing/plausibility-config';
import type { Benchmark, BenchOptions } from './benchmark';
import { historyCheck } from './lib/history-check';
import { generateHistoryRoute, type RouteMeter } from './lib/history-route';
import { writeResult } from './lib/results';
import { runAloneIfMain } from './lib/run-alone';
import type { BenchTable, Cell } from './lib/table';

const SEED = 33;
const METERS = 600;
export const HISTORY_TARGETS = {
  rightFlagged: 3,
  misreads: 98,
  leaks: 90,
  zeroStreaks: 100,
  vacantUse: 100,
  slowingTop: 50,
} as const;

interface Share {
  hit: number;
  of: number;
  percent: number;
}

export interface MonthFigures {
  month: string;
  rightFlagged: Share;
  misreads: Share;
  leaks: Share;
  zeroStreaks: Share;
  vacantUse: Share;
  slowingTop: Share;
}

/** A check of a whole route: per meter whether it flagged the reading; the inspection list's order. */
export interface RouteCheck {
  name: string;
  run: (route: readonly RouteMeter[]) => { flagged: Set<string>; ranked: readonly string[] };
}

/** Today's check: the route sheet's previous reading and average daily use, nothing more. */
export const SHEET_CHECK: RouteCheck = {
  name: 'before: sheet only',
  run(route) {
    const flagged = new Set<string>();
    for (const m of route) {
      const outcome = checkReading(
        {
          reading: m.current.reading,
          readAt: m.current.readAt,
          registerDigits: m.sheet.registerDigits,
          registerDecimals: m.sheet.registerDecimals,
          previous: { reading: m.sheet.previousReading, readAt: m.sheet.previousReadAt },
          avgDailyUse: m.sheet.avgDailyUse,
        },
        DEFAULT_PLAUSIBILITY_CONFIG,
      );
      if (outcome.checkLevel !== 'ok') flagged.add(m.meterId);
    }
    return { flagged, ranked: [] };
  },
};

function share(meters: readonly RouteMeter[], hit: (m: RouteMeter) => boolean): Share {
  const n = meters.filter(hit).length;
  return { hit: n, of: meters.length, percent: (n / Math.max(meters.length, 1)) * 100 };
}

export function measureMonth(
  route: readonly RouteMeter[],
  check: RouteCheck,
  month: string,
): MonthFigures {
  const { flagged, ranked } = check.run(route);
  const f = (m: RouteMeter): boolean => flagged.has(m.meterId);
  const top = new Set(ranked.slice(0, Math.round(route.length / 10)));
  const right = route.filter(
    (m) =>
      m.misread === null &&
      (m.kind === 'normal' || m.kind === 'slowing' || m.kind === 'vacant_zero'),
  );
  return {
    month,
    rightFlagged: share(right, f),
    misreads: share(
      route.filter((m) => m.misread !== null && m.material),
      f,
    ),
    leaks: share(
      route.filter((m) => m.kind === 'leak'),
      f,
    ),
    zeroStreaks: share(
      route.filter((m) => m.kind === 'stopped'),
      f,
    ),
    vacantUse: share(
      route.filter((m) => m.kind === 'vacant_use'),
      f,
    ),
    slowingTop: share(
      route.filter((m) => m.kind === 'slowing'),
      (m) => top.has(m.meterId),
    ),
  };
}

export interface HistoryReport {
  benchmark: 'history';
  meters: number;
  seed: number;
  checks: { name: string; months: MonthFigures[] }[];
  /** CPU ms to build the route model (what an assessment of the queue needs first), by meters. */
  modelMs: { meters: number; ms: number }[];
  /** The history check on other routes (the seeds its constants were tuned on), pooled. */
  otherSeeds: { seeds: number[]; worstRightFlagged: number; figures: Omit<MonthFigures, 'month'> };
}

/** The seeds the history check's constants were tuned on: the bench's own seed is not among them. */
const TUNING_SEEDS = [1, 2, 3, 4, 5, 6];

function pooled(months: readonly MonthFigures[]): Omit<MonthFigures, 'month'> {
  const sum = (get: (m: MonthFigures) => Share): Share => {
    const hit = months.reduce((a, m) => a + get(m).hit, 0);
    const of = months.reduce((a, m) => a + get(m).of, 0);
    return { hit, of, percent: (hit / Math.max(of, 1)) * 100 };
  };
  return {
    rightFlagged: sum((m) => m.rightFlagged),
    misreads: sum((m) => m.misreads),
    leaks: sum((m) => m.leaks),
    zeroStreaks: sum((m) => m.zeroStreaks),
    vacantUse: sum((m) => m.vacantUse),
    slowingTop: sum((m) => m.slowingTop),
  };
}

function otherSeeds(check: RouteCheck, seeds: readonly number[]): HistoryReport['otherSeeds'] {
  const months = seeds.flatMap((seed) =>
    MONTHS.map((m) =>
      measureMonth(
        generateHistoryRoute({ meters: METERS, seed, year: m.year, month: m.month }),
        check,
        `${m.label}, seed ${String(seed)}`,
      ),
    ),
  );
  return {
    seeds: [...seeds],
    worstRightFlagged: Math.max(...months.map((m) => m.rightFlagged.percent)),
    figures: pooled(months),
  };
}

const MONTHS = [
  { label: 'July 2026 (peak)', year: 2026, month: 7 },
  { label: 'January 2026 (trough)', year: 2026, month: 1 },
] as const;

/** The median CPU time of three builds of the route model for a generated route of `meters`. */
function modelTime(meters: number): number {
  const route = generateHistoryRoute({ meters, seed: SEED, year: 2026, month: 7 });
  const input = route.map((m) => ({
    meterId: m.meterId,
    readings: m.history,
    meterClass: m.meterClass,
    accountStatus: m.status,
  }));
  // CPU time, not wall time: on a shared machine the wall time is mostly waiting for a core.
  const times = [0, 1, 2].map(() => {
    const start = process.cpuUsage();
    buildRouteModel(input);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  });
  return times.sort((a, b) => a - b)[1] ?? NaN;
}

/**
 * The figures on the bench's own seed; the tuning seeds and the 6,000-meter model only in a full
 * run (they were three quarters of the quick run's time, and CI runs the quick one).
 */
export function runHistory(
  quick = false,
  checks: readonly RouteCheck[] = [SHEET_CHECK, historyCheck()],
): HistoryReport {
  const routes = MONTHS.map((m) => ({
    label: m.label,
    route: generateHistoryRoute({ meters: METERS, seed: SEED, year: m.year, month: m.month }),
  }));
  return {
    benchmark: 'history',
    meters: METERS,
    seed: SEED,
    checks: checks.map((c) => ({
      name: c.name,
      months: routes.map((r) => measureMonth(r.route, c, r.label)),
    })),
    otherSeeds: otherSeeds(historyCheck(), quick ? TUNING_SEEDS.slice(0, 1) : TUNING_SEEDS),
    modelMs: (quick ? [600] : [600, 6000]).map((meters) => ({ meters, ms: modelTime(meters) })),
  };
}

const pct = (s: Share): Cell => `${s.percent.toFixed(1)} % (${String(s.hit)}/${String(s.of)})`;

export function historyTable(report: HistoryReport): BenchTable {
  const columns = report.checks.flatMap((c) => c.months.map((m) => `${c.name}, ${m.month}`));
  const row = (label: string, target: string, get: (m: MonthFigures) => Share): Cell[] => [
    label,
    target,
    ...report.checks.flatMap((c) => c.months.map((m) => pct(get(m)))),
  ];
  const t = HISTORY_TARGETS;
  return {
    title: `History checks: ${String(report.meters)} meters, 24 months of history (seed ${String(report.seed)})`,
    columns: ['measure', 'target', ...columns],
    rows: [
      row('right readings flagged', `≤ ${String(t.rightFlagged)} %`, (m) => m.rightFlagged),
      row('material misreads caught', `≥ ${String(t.misreads)} %`, (m) => m.misreads),
      row('leaks caught', `≥ ${String(t.leaks)} %`, (m) => m.leaks),
      row('zero streaks (stopped meters)', `${String(t.zeroStreaks)} %`, (m) => m.zeroStreaks),
      row('use on vacant accounts', `${String(t.vacantUse)} %`, (m) => m.vacantUse),
      row(
        'slowing meters in top 10 % of inspection',
        `≥ ${String(t.slowingTop)} %`,
        (m) => m.slowingTop,
      ),
    ],
    notes: [
      `The history check on the routes of seeds ${report.otherSeeds.seeds.join(', ')} (its constants were tuned on them), ` +
        `both months pooled: right readings flagged ${pct(report.otherSeeds.figures.rightFlagged)} (worst month ${report.otherSeeds.worstRightFlagged.toFixed(1)} %), ` +
        `misreads ${pct(report.otherSeeds.figures.misreads)}, leaks ${pct(report.otherSeeds.figures.leaks)}, ` +
        `zero streaks ${pct(report.otherSeeds.figures.zeroStreaks)}, vacant use ${pct(report.otherSeeds.figures.vacantUse)}, ` +
        `slowing in the top 10 % ${pct(report.otherSeeds.figures.slowingTop)}.`,
      `Building the route model (what an assessment of the queue needs first): ${report.modelMs.map((m) => `${m.ms.toFixed(0)} ms of CPU for ${String(m.meters)} meters`).join(', ')} (median of 3).`,
      'Top 10 %: the first 60 rows (a tenth of the route) of the inspection list.',
      'Right readings: read as the register shows, on a meter that is normal, slowing, or vacant with no use.',
      'Material misread: wrong by more than 3 units and more than half the true use.',
      'Flagged: any outcome but ok (a warning, an error, or not checked).',
    ],
  };
}

export const historyBenchmark: Benchmark = {
  name: 'history',
  description:
    'history-aware checks: false flags, misreads, leaks, stopped, vacant, inspection list',
  async run(options: BenchOptions) {
    const report = runHistory(options.quick);
    const file = await writeResult(options.quick ? 'history-quick' : 'history', report);
    options.log(`wrote ${file}`);
    return historyTable(report);
  },
};

runAloneIfMain(historyBenchmark, import.meta.url);
