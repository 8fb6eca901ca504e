// The Export dialog's "Whole office" overview on a large office (issue 30: it read every kept row
// of the office on each open and each change of scope, seconds at 100,000 meters). The office of
// bench/office-billing.ts (main/office/store/sample-office.ts: 250 routes of 400 meters, three
// cycles) is filled and every route's row derived and kept, as after an export; then the overview
// (counts in all and by route, the flagged meters it names, the first rows) runs three times for
// each scope the dialog offers, wall and this process's CPU seconds, their medians in the table.
// The desk's own publish before it (its sheets and dialect, from its queue) is not part of it.
// Run alone with `npx tsx bench/office-overview.ts [--quick]` (quick: 10,000 meters), or
// `--only office-overview`. Needs PostgreSQL installed.
import type { BillingScope } from '../common/billing/export-scope';
import { officeExportOverview } from '../main/office/office-export-overview';
import { fillSampleOffice } from '../main/office/store/sample-office';
import { openOfficeStore } from '../main/office/store/office-store';
import type { BenchOptions } from './benchmark';
import { loadNow, machineInfo } from './lib/machine';
import { officeBenchmark } from './lib/office-bench';
import { withMigratedCluster } from './lib/office-cluster';
import { runAloneIfMain } from './lib/run-alone';
import { median } from './lib/stats';
import type { BenchTable } from './lib/table';
import { timed, type Timing } from './lib/timed-step';

const CYCLES = 3;
const RUNS = 3;
const SCOPES: readonly BillingScope[] = ['all', 'finished'];

interface OverviewReport {
  machine: ReturnType<typeof machineInfo>;
  loadAfter: number;
  meters: number;
  derivedSeconds: number;
  /** By scope, each run's timing. */
  runs: Record<string, Timing[]>;
  /** What the overview counted (the same in every run). */
  counted: { meters: number; routes: number; flagged: number; preview: number };
}

async function runOverview(options: BenchOptions): Promise<OverviewReport> {
  const meters = options.quick ? 10_000 : 100_000;
  const machine = machineInfo();
  return withMigratedCluster('meterdesk-office-overview-', async (cluster) => {
    const url = cluster.url();
    await fillSampleOffice(url, { meters, cycles: CYCLES });
    const office = openOfficeStore(url, { desk: 'bench' });
    const runs: Record<string, Timing[]> = {};
    let counted = { meters: 0, routes: 0, flagged: 0, preview: 0 };
    try {
      const derived = await timed(async () => {
        while (!(await office.deriveRows())) {
          // Another batch listed.
        }
      });
      options.log(
        `filled ${String(meters)} meters, rows derived in ${derived.seconds.toFixed(1)} s`,
      );
      for (let i = 0; i < RUNS; i++) {
        for (const scope of SCOPES) {
          const t = await timed(() => officeExportOverview(office, scope));
          (runs[scope] ??= []).push({ seconds: t.seconds, cpu: t.cpu });
          const o = t.value;
          counted = {
            meters: o.totals.meters,
            routes: o.routes.length,
            flagged: o.flaggedMeters.length,
            preview: o.preview.rows.length,
          };
          options.log(
            `overview (${scope}) ${t.seconds.toFixed(3)} s (CPU ${t.cpu.toFixed(3)} s), ` +
              `${String(counted.meters)} meters on ${String(counted.routes)} routes`,
          );
        }
      }
      return {
        machine,
        loadAfter: loadNow(),
        meters,
        derivedSeconds: derived.seconds,
        runs,
        counted,
      };
    } finally {
      await office.close();
    }
  });
}

const of = (xs: number[]): string =>
  `${median(xs).toFixed(3)} (${xs.map((x) => x.toFixed(3)).join(', ')})`;

function overviewTable(r: OverviewReport): BenchTable {
  return {
    title: 'Office: the Export dialog’s whole-office overview (bench/office-overview.ts)',
    columns: ['meters', 'routes', 'scope', 'overview s, median (3 runs)', 'overview CPU s'],
    rows: SCOPES.map((scope) => {
      const ts = r.runs[scope] ?? [];
      return [
        r.meters,
        r.counted.routes,
        scope,
        of(ts.map((t) => t.seconds)),
        of(ts.map((t) => t.cpu)),
      ];
    }),
    notes: [
      `Every route's rows derived and kept first (${r.derivedSeconds.toFixed(1)} s), as after an export.`,
      `Flagged meters named: ${String(r.counted.flagged)}; preview rows: ${String(r.counted.preview)}.`,
      `Load average ${r.machine.loadAtStart.toFixed(2)} before, ${r.loadAfter.toFixed(2)} after.`,
    ],
  };
}

export const officeOverviewBenchmark = officeBenchmark(
  'office-overview',
  'the Export dialog’s whole-office overview on 100,000 meters',
  runOverview,
  overviewTable,
);

runAloneIfMain(officeOverviewBenchmark, import.meta.url);
