// Plausibility: how many right readings the rules flag (each one a clerk's minute) against how
// many misreads, leaks and empty homes they catch, on a simulated route of a few thousand meters
// (bench/lib/meter-population.ts). Pure computation, no service. Run alone with
// `npx tsx bench/plausibility.ts [--quick]`.
import { checkReading } from '../common/billing/plausibility';
import {
  DEFAULT_PLAUSIBILITY_CONFIG,
  FIXED_BANDS_CONFIG,
  type PlausibilityConfig,
} from '../common/billing/plausibility-config';
import type { Benchmark, BenchOptions } from './benchmark';
import { MISREAD_KINDS, simulateRoute, type SimMeter } from './lib/meter-population';
import { writeResult } from './lib/results';
import { runAloneIfMain } from './lib/run-alone';
import type { BenchTable, Cell } from './lib/table';

const SEED = 22;
export const TARGETS = { misreadCaught: 98, normalFlagged: 3, leakEmptyCaught: 95 } as const;

interface RuleSet {
  name: string;
  config: PlausibilityConfig;
  /** Whether the rules see the earlier periods the sheet carries for some meters. */
  history: boolean;
}

const RULE_SETS: readonly RuleSet[] = [
  // The rules as they were before issue 22: SAP's bands, no history, no misread signature.
  { name: 'before: SAP bands', config: FIXED_BANDS_CONFIG, history: false },
  { name: 'after: default rules', config: DEFAULT_PLAUSIBILITY_CONFIG, history: true },
];

export interface Share {
  flagged: number;
  of: number;
  percent: number;
}

export interface RuleSetFigures {
  name: string;
  normal: Share;
  normalWithHistory: Share;
  rollover: Share;
  leakEmpty: Share;
  misreadMaterial: Share;
  misreadMinor: Share;
  byMisread: Record<string, Share>;
}

function share(meters: readonly SimMeter[], flagged: (m: SimMeter) => boolean): Share {
  const hit = meters.filter(flagged).length;
  return { flagged: hit, of: meters.length, percent: (hit / Math.max(meters.length, 1)) * 100 };
}

export function measure(route: readonly SimMeter[], set: RuleSet): RuleSetFigures {
  const flags = new Map<SimMeter, boolean>();
  for (const m of route) {
    const { history, ...rest } = m.input;
    const input = set.history && history ? { ...rest, history } : rest;
    flags.set(m, checkReading(input, set.config).checkLevel !== 'ok');
  }
  const f = (m: SimMeter): boolean => flags.get(m) === true;
  const right = route.filter((m) => m.kind === 'normal' || m.kind === 'rollover');
  const material = route.filter((m) => m.kind === 'misread' && m.material);
  return {
    name: set.name,
    normal: share(right, f),
    normalWithHistory: share(
      right.filter((m) => m.input.history),
      f,
    ),
    rollover: share(
      route.filter((m) => m.kind === 'rollover'),
      f,
    ),
    leakEmpty: share(
      route.filter((m) => m.kind === 'leak' || m.kind === 'empty'),
      f,
    ),
    misreadMaterial: share(material, f),
    misreadMinor: share(
      route.filter((m) => m.kind === 'misread' && !m.material),
      f,
    ),
    byMisread: Object.fromEntries(
      MISREAD_KINDS.map((k) => [
        k,
        share(
          material.filter((m) => m.misread === k),
          f,
        ),
      ]),
    ),
  };
}

export interface PlausibilityReport {
  benchmark: 'plausibility';
  quick: boolean;
  meters: number;
  seed: number;
  results: RuleSetFigures[];
}

export function runPlausibility(quick: boolean): PlausibilityReport {
  const meters = quick ? 3000 : 20000;
  const route = simulateRoute(meters, SEED);
  return {
    benchmark: 'plausibility',
    quick,
    meters,
    seed: SEED,
    results: RULE_SETS.map((set) => measure(route, set)),
  };
}

const pct = (s: Share): Cell => `${s.percent.toFixed(1)} % (${String(s.flagged)}/${String(s.of)})`;

export function plausibilityTable(report: PlausibilityReport): BenchTable {
  const row = (label: string, target: string, get: (r: RuleSetFigures) => Share): Cell[] => [
    label,
    target,
    ...report.results.map((r) => pct(get(r))),
  ];
  return {
    title: `Plausibility: ${String(report.meters)} simulated meters (seed ${String(report.seed)})`,
    columns: ['flagged', 'target', ...report.results.map((r) => r.name)],
    rows: [
      row('material misreads', `≥ ${String(TARGETS.misreadCaught)} %`, (r) => r.misreadMaterial),
      ...MISREAD_KINDS.map((k) =>
        row(`... ${k}`, '-', (r) => r.byMisread[k] ?? { flagged: 0, of: 0, percent: 0 }),
      ),
      row('right readings, normal use', `≤ ${String(TARGETS.normalFlagged)} %`, (r) => r.normal),
      row('... with earlier periods', '-', (r) => r.normalWithHistory),
      row('... rolled over', '-', (r) => r.rollover),
      row('leaks and empty homes', `≥ ${String(TARGETS.leakEmptyCaught)} %`, (r) => r.leakEmpty),
      row('minor misreads (not material)', '-', (r) => r.misreadMinor),
    ],
    notes: [
      'Material: the reading is wrong by more than 3 units and more than half the consumption.',
      'Flagged: any outcome but ok (a warning, an error, or not checked).',
    ],
  };
}

export const plausibilityBenchmark: Benchmark = {
  name: 'plausibility',
  description: 'false flags against misreads, leaks and empty homes caught, on a simulated route',
  async run(options: BenchOptions) {
    const report = runPlausibility(options.quick);
    const file = await writeResult(options.quick ? 'plausibility-quick' : 'plausibility', report);
    options.log(`wrote ${file}`);
    return plausibilityTable(report);
  },
};

runAloneIfMain(plausibilityBenchmark, import.meta.url);
