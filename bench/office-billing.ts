// The office-wide billing export and the supervisor's report on a large office (issue 30: the
// report ended in a statement timeout at 100,000 meters or with three cycles kept; target: each
// under 2 s on 100,000 meters with three cycles of history). A throwaway local PostgreSQL is
// filled with routes of 400 meters, each meter read in three cycles, with skips, confirmations and
// re-reads (main/office/store/sample-office.ts). The office keeps each meter's derived row (office
// migration 010): the first export after the fill derives every row (as the first read after an
// office is migrated to 010 does), timed on its own; then the export (the kept rows written as
// CSV) and the report of the current cycle's first day run three times each; then, three times,
// a round of work is published on five routes (a photo of each of their 2,000 meters read again,
// every 10th confirmed, the triggers on) and the export and report run after it, deriving those
// routes again. The plans of the statements deriving a route are printed: each reads on an index,
// never the whole table. Run alone with
// `npx tsx bench/office-billing.ts [--quick]` (quick: 10,000 meters). Needs PostgreSQL installed.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { exportOfficeBilling } from '../main/office/office-export';
import { officeDayReport } from '../main/office/store/office-report';
import { openOfficeStore } from '../main/office/store/office-store';
import {
  factsPlans,
  fillSampleOffice,
  publishSampleWork,
} from '../main/office/store/sample-office';
import type { BenchOptions } from './benchmark';
import { loadNow, machineInfo } from './lib/machine';
import { officeBenchmark } from './lib/office-bench';
import { withMigratedCluster } from './lib/office-cluster';
import { runAloneIfMain } from './lib/run-alone';
import type { BenchTable } from './lib/table';

const CYCLES = 3;
const RUNS = 3;
/** Routes a round of work between two exports touches. */
const WORKED_ROUTES = 5;
/** The current cycle's first read day (sample-office.ts). */
const DAY = { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-10-02T00:00:00Z') };

interface BillingReport {
  machine: ReturnType<typeof machineInfo>;
  loadAfter: number;
  meters: number;
  cycles: number;
  fillSeconds: number;
  /** The first export after the fill: every row derived. */
  firstExportSeconds: number;
  exportSeconds: number[];
  /** This process's CPU seconds in each export (reading the kept rows, writing the CSV). */
  exportCpu: number[];
  exportRows: number;
  reportSeconds: number[];
  /** After each round of work: readings and decisions published, export and report. */
  worked: { readings: number; decisions: number; exportSeconds: number; reportSeconds: number }[];
  plans: Record<string, string[]>;
}

/** Wall seconds, and this process's CPU seconds (on a shared machine, the part it did itself). */
async function timed<T>(
  work: () => Promise<T>,
): Promise<{ value: T; seconds: number; cpu: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return {
    value,
    seconds: (performance.now() - started) / 1000,
    cpu: (used.user + used.system) / 1e6,
  };
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
    const out = join(dir, 'office.csv');
    const exportSeconds: number[] = [];
    const exportCpu: number[] = [];
    const reportSeconds: number[] = [];
    const worked: BillingReport['worked'] = [];
    let exportRows = 0;
    let firstExportSeconds = 0;
    try {
      const first = await timed(() => exportOfficeBilling(office, out, null));
      firstExportSeconds = first.seconds;
      options.log(`first export (every row derived) ${first.seconds.toFixed(2)} s`);
      for (let i = 0; i < RUNS; i++) {
        const e = await timed(() => exportOfficeBilling(office, out, null));
        exportRows = e.value.rows;
        exportSeconds.push(e.seconds);
        exportCpu.push(e.cpu);
        const r = await timed(() => officeDayReport(url, DAY, 'bench'));
        reportSeconds.push(r.seconds);
        options.log(
          `export ${e.seconds.toFixed(2)} s (${String(exportRows)} rows, CPU ${e.cpu.toFixed(2)} s), ` +
            `report ${r.seconds.toFixed(2)} s`,
        );
      }
      for (let round = 1; round <= RUNS; round++) {
        const work = await publishSampleWork(url, { routes: WORKED_ROUTES, round });
        const e = await timed(() => exportOfficeBilling(office, out, null));
        await publishSampleWork(url, { routes: WORKED_ROUTES, round: round + RUNS });
        const r = await timed(() => officeDayReport(url, DAY, 'bench'));
        worked.push({ ...work, exportSeconds: e.seconds, reportSeconds: r.seconds });
        options.log(
          `after ${String(work.readings)} readings and ${String(work.decisions)} decisions: ` +
            `export ${e.seconds.toFixed(2)} s, report ${r.seconds.toFixed(2)} s`,
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
      firstExportSeconds,
      exportSeconds,
      exportCpu,
      worked,
      exportRows,
      reportSeconds,
      plans: await factsPlans(url),
    };
  });
}

const secs = (xs: readonly number[]): string => xs.map((x) => x.toFixed(2)).join(', ');

function billingTable(r: BillingReport): BenchTable {
  const work = r.worked[0];
  return {
    title: 'Office: billing export and report on a large office (bench/office-billing.ts)',
    columns: [
      'meters',
      'cycles',
      'export rows',
      'first export s',
      'export s (3 runs)',
      'export CPU s',
      'report s (3 runs)',
      `export s after work on ${String(WORKED_ROUTES)} routes`,
      'report s after work',
    ],
    rows: [
      [
        r.meters,
        r.cycles,
        r.exportRows,
        r.firstExportSeconds.toFixed(2),
        secs(r.exportSeconds),
        secs(r.exportCpu),
        secs(r.reportSeconds),
        secs(r.worked.map((w) => w.exportSeconds)),
        secs(r.worked.map((w) => w.reportSeconds)),
      ],
    ],
    notes: [
      `Filled in ${r.fillSeconds.toFixed(1)} s (set-based, triggers off).`,
      "First export: every meter's row derived and kept (once, as after migrating to 010).",
      `A round of work: ${String(work?.readings ?? 0)} readings, ${String(work?.decisions ?? 0)} ` +
        'decisions published with the triggers on, before each timed export and report.',
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
