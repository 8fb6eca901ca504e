// The office-wide billing export and the supervisor's report on a large office (issue 30: the
// report ended in a statement timeout at 100,000 meters or with three cycles kept; target: each
// under 2 s on 100,000 meters with three cycles of history). A throwaway local PostgreSQL is
// filled with routes of 400 meters, each meter read in three cycles, with skips, confirmations and
// re-reads (main/office/store/sample-office.ts). The office keeps each meter's derived row (office
// migration 010) and its export line (013): the first export after the fill derives every row and
// makes every line (as the first export after an office is migrated does), timed on its own; then
// the export (the kept lines read in walking order and written) and the report of the current
// cycle's first day run three times each, wall and CPU seconds, their medians in the table; then,
// three times, a round of work is published on five routes (a photo of each of their 2,000 meters
// read again, every 10th confirmed, the triggers on), derived as the publishing desks' publishers
// derive it after their drains, and the export and report run after it (making those routes'
// lines again). The plans of the statements deriving a route are printed: each reads on an index,
// never the whole table. Run alone with
// `npx tsx bench/office-billing.ts [--quick]` (quick: 10,000 meters). Needs PostgreSQL installed.
import { join } from 'node:path';
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
import { median } from './lib/stats';
import type { BenchTable } from './lib/table';
import { timed, type Timing } from './lib/timed-step';

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
  /** The first export after the fill: every row derived and every line made. */
  firstExport: Timing;
  exports: Timing[];
  exportRows: number;
  reports: Timing[];
  /**
   * After each round of work: readings and decisions published; the derivation the desks'
   * publishers run after publishing (outbox-publisher.ts), then the export and the report.
   */
  worked: {
    readings: number;
    decisions: number;
    derived: Timing;
    export: Timing;
    report: Timing;
  }[];
  plans: Record<string, string[]>;
}

const timing = ({ seconds, cpu }: Timing): Timing => ({ seconds, cpu });
const said = (t: Timing): string => `${t.seconds.toFixed(2)} s (CPU ${t.cpu.toFixed(2)} s)`;

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
    const exports: Timing[] = [];
    const reports: Timing[] = [];
    const worked: BillingReport['worked'] = [];
    let exportRows = 0;
    let firstExport: Timing = { seconds: 0, cpu: 0 };
    try {
      const first = await timed(() => exportOfficeBilling(office, out, null));
      firstExport = timing(first);
      options.log(`first export (every row derived, every line made) ${said(first)}`);
      for (let i = 0; i < RUNS; i++) {
        const e = await timed(() => exportOfficeBilling(office, out, null));
        exportRows = e.value.rows;
        exports.push(timing(e));
        const r = await timed(() => officeDayReport(url, DAY, 'bench'));
        reports.push(timing(r));
        options.log(`export ${said(e)}, ${String(exportRows)} rows; report ${said(r)}`);
      }
      for (let round = 1; round <= RUNS; round++) {
        const work = await publishSampleWork(url, { routes: WORKED_ROUTES, round });
        // What the publishing desks' publishers do after their drains, batch by batch.
        const derived = await timed(async () => {
          while (!(await office.deriveRows())) {
            // Another batch listed.
          }
        });
        const e = await timed(() => exportOfficeBilling(office, out, null));
        const r = await timed(() => officeDayReport(url, DAY, 'bench'));
        worked.push({
          ...work,
          derived: timing(derived),
          export: timing(e),
          report: timing(r),
        });
        options.log(
          `after ${String(work.readings)} readings and ${String(work.decisions)} decisions: ` +
            `derived ${said(derived)}; export ${said(e)}; report ${said(r)}`,
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
      firstExport,
      exports,
      exportRows,
      reports,
      worked,
      plans: await factsPlans(url),
    };
  });
}

/** "median (each run)" of the wall and of the CPU seconds. */
function medians(ts: readonly Timing[]): [string, string] {
  const of = (xs: number[]) =>
    `${median(xs).toFixed(2)} (${xs.map((x) => x.toFixed(2)).join(', ')})`;
  return [of(ts.map((t) => t.seconds)), of(ts.map((t) => t.cpu))];
}

function billingTable(r: BillingReport): BenchTable {
  const work = r.worked[0];
  return {
    title: 'Office: billing export and report on a large office (bench/office-billing.ts)',
    columns: [
      'meters',
      'cycles',
      'export rows',
      'first export s',
      'export s, median (3 runs)',
      'export CPU s',
      'report s, median (3 runs)',
      'report CPU s',
      `derived after work on ${String(WORKED_ROUTES)} routes s`,
      'export s after work',
      'report s after work',
    ],
    rows: [
      [
        r.meters,
        r.cycles,
        r.exportRows,
        r.firstExport.seconds.toFixed(2),
        ...medians(r.exports),
        ...medians(r.reports),
        medians(r.worked.map((w) => w.derived))[0],
        medians(r.worked.map((w) => w.export))[0],
        medians(r.worked.map((w) => w.report))[0],
      ],
    ],
    notes: [
      `Filled in ${r.fillSeconds.toFixed(1)} s (set-based, triggers off).`,
      "First export: every meter's row derived and kept (as after migrating to 010), every " +
        'line made and kept (office migration 013).',
      `A round of work: ${String(work?.readings ?? 0)} readings, ${String(work?.decisions ?? 0)} ` +
        "decisions published with the triggers on; the routes derived as the desks' publishers " +
        'derive them after a drain; then the timed export and report.',
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
