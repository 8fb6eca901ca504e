// The office-wide billing export and the supervisor's report on a large office (issue 30: the
// report ended in a statement timeout at 100,000 meters or with three cycles kept; target: each
// under 2 s on 100,000 meters with three cycles of history). A throwaway local PostgreSQL is
// filled with routes of 400 meters, each meter read in three cycles, with skips, confirmations and
// re-reads (main/office/store/sample-office.ts); then the export (every meter's row derived from
// the office's facts, written as CSV) and the report of the current cycle's first day run three
// times each. The plans of the export's statements on readings and decisions are printed: each
// reads its cycle on an index, never the whole table. Run alone with
// `npx tsx bench/office-billing.ts [--quick]` (quick: 10,000 meters). Needs PostgreSQL installed.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { exportOfficeBilling } from '../main/office/office-export';
import { officeDayReport } from '../main/office/store/office-report';
import { openOfficeStore } from '../main/office/store/office-store';
import { factsPlans, fillSampleOffice } from '../main/office/store/sample-office';
import type { BenchOptions } from './benchmark';
import { loadNow, machineInfo } from './lib/machine';
import { officeBenchmark } from './lib/office-bench';
import { withMigratedCluster } from './lib/office-cluster';
import { runAloneIfMain } from './lib/run-alone';
import type { BenchTable } from './lib/table';

const CYCLES = 3;
const RUNS = 3;
/** The current cycle's first read day (sample-office.ts). */
const DAY = { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-10-02T00:00:00Z') };

interface BillingReport {
  machine: ReturnType<typeof machineInfo>;
  loadAfter: number;
  meters: number;
  cycles: number;
  fillSeconds: number;
  exportSeconds: number[];
  exportRows: number;
  reportSeconds: number[];
  plans: Record<string, string[]>;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

async function runBilling(options: BenchOptions): Promise<BillingReport> {
  const meters = options.quick ? 10_000 : 100_000;
  const machine = machineInfo();
  return withMigratedCluster('meterdesk-office-billing-', async (cluster, dir) => {
    const url = cluster.url();
    const fill = await timed(() => fillSampleOffice(url, { meters, cycles: CYCLES }));
    options.log(
      `filled ${String(meters)} meters, ${String(CYCLES)} cycles in ${fill.seconds.toFixed(1)} s`,
    );
    const office = openOfficeStore(url, { desk: 'bench' });
    const exportSeconds: number[] = [];
    const reportSeconds: number[] = [];
    let exportRows = 0;
    try {
      for (let i = 0; i < RUNS; i++) {
        const e = await timed(() => exportOfficeBilling(office, join(dir, 'office.csv'), null));
        exportRows = e.value.rows;
        exportSeconds.push(e.seconds);
        const r = await timed(() => officeDayReport(url, DAY, 'bench'));
        reportSeconds.push(r.seconds);
        options.log(
          `export ${e.seconds.toFixed(2)} s (${String(exportRows)} rows), report ${r.seconds.toFixed(2)} s`,
        );
      }
    } finally {
      await office.close();
    }
    return {
      machine,
      loadAfter: loadNow(),
      meters,
      cycles: CYCLES,
      fillSeconds: fill.seconds,
      exportSeconds,
      exportRows,
      reportSeconds,
      plans: await factsPlans(url),
    };
  });
}

const secs = (xs: readonly number[]): string => xs.map((x) => x.toFixed(2)).join(', ');

function billingTable(r: BillingReport): BenchTable {
  return {
    title: 'Office: billing export and report on a large office (bench/office-billing.ts)',
    columns: ['meters', 'cycles', 'export rows', 'export s (3 runs)', 'report s (3 runs)'],
    rows: [[r.meters, r.cycles, r.exportRows, secs(r.exportSeconds), secs(r.reportSeconds)]],
    notes: [
      `Filled in ${r.fillSeconds.toFixed(1)} s (set-based, triggers off).`,
      ...Object.entries(r.plans).map(
        ([what, scans]) => `Plan of the ${what}: ${scans.join('; ')}.`,
      ),
      'Target (issue 30): export and report each under 2 s on 100,000 meters with three cycles.',
      `Load average ${r.machine.loadAtStart.toFixed(2)} before, ${r.loadAfter.toFixed(2)} after.`,
    ],
  };
}

export const officeBillingBenchmark = officeBenchmark(
  'office-billing',
  'the office export and report on 100,000 meters with three cycles of history',
  runBilling,
  billingTable,
);

runAloneIfMain(officeBillingBenchmark, import.meta.url);
