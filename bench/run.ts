// `npm run bench [-- --quick] [-- --only NAME] [-- --jobs N]`: runs every benchmark module in
// BENCHMARKS and prints each one's table (markdown) on stdout; progress goes to stderr.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Benchmark } from './benchmark';
import { compareWithRelease, readReleaseFigures, WORSE_BY } from './lib/release-figures';
import { renderTable } from './lib/table';
import { latencyBenchmark } from './latency';
import { memoryBenchmark } from './memory';
import { historyBenchmark } from './history';
import { plausibilityBenchmark } from './plausibility';
import { officeClaimsBenchmark } from './office-claims';
import { officeBacklogBenchmark } from './office-backlog';
import { officeBillingBenchmark } from './office-billing';
import { officeOverviewBenchmark } from './office-overview';
import { officeKillBenchmark } from './office-kill';
import { officeLiveBenchmark } from './office-live';
import { officeOutageBenchmark } from './office-outage';
import { officeThreeDesksBenchmark } from './office-three-desks';
import { orderFilesBenchmark } from './order-files';
import { photoChecksBenchmark } from './photo-checks';
import { photoSetBenchmark } from './photo-set';
import { routesBenchmark } from './routes';
import { scanBenchmark } from './scan';
import { storeBenchmark } from './store';
import { throughputBenchmark } from './throughput';
import { uiBenchmark } from './ui';

/** Add new benchmark modules here. */
const BENCHMARKS: readonly Benchmark[] = [
  throughputBenchmark,
  latencyBenchmark,
  scanBenchmark,
  storeBenchmark,
  uiBenchmark,
  memoryBenchmark,
  routesBenchmark,
  officeClaimsBenchmark,
  officeThreeDesksBenchmark,
  officeLiveBenchmark,
  officeKillBenchmark,
  officeOutageBenchmark,
  officeBacklogBenchmark,
  officeBillingBenchmark,
  officeOverviewBenchmark,
  plausibilityBenchmark,
  historyBenchmark,
  photoChecksBenchmark,
  photoSetBenchmark,
  orderFilesBenchmark,
];

function usage(): string {
  return [
    'usage: npm run bench -- [--quick] [--only NAME] [--jobs N]',
    '  --quick   small workloads (well under 2 minutes in all)',
    '  --only    run one benchmark; one of: ' + BENCHMARKS.map((b) => b.name).join(', '),
    '  --jobs    runs executed at once, each in its own process (default: per benchmark)',
  ].join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      jobs: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  const jobs = values.jobs === undefined ? undefined : Number(values.jobs);
  if (jobs !== undefined && (!Number.isInteger(jobs) || jobs < 1)) {
    process.stderr.write(`--jobs takes a whole number >= 1\n${usage()}\n`);
    return 2;
  }
  const selected = BENCHMARKS.filter((b) => values.only === undefined || b.name === values.only);
  if (selected.length === 0) {
    process.stderr.write(`no benchmark named ${values.only ?? ''}\n${usage()}\n`);
    return 2;
  }
  const started = Date.now();
  // Quick runs are compared with the last release's quick figures (bench/README.md), so a
  // regression shows in the run that causes it; said, never failed (noisy, shared machines).
  const release = values.quick ? readReleaseFigures() : [];
  const worse: string[] = [];
  for (const bench of selected) {
    process.stderr.write(`== ${bench.name}: ${bench.description}\n`);
    const benchStarted = Date.now();
    const table = await bench.run({
      quick: values.quick,
      jobs,
      log: (line) => process.stderr.write(`   ${line}\n`),
    });
    // Each module's time, so whoever trims the quick run (CI's budget) sees where it goes.
    const took = ((Date.now() - benchStarted) / 1000).toFixed(1);
    process.stderr.write(`== ${bench.name} done in ${took} s\n`);
    process.stdout.write(`${renderTable(table)}\n\n`);
    const compared = compareWithRelease(bench.name, table, release);
    if (compared.length > 0) {
      process.stdout.write(`Against the last release (bench/README.md):\n`);
      process.stdout.write(`${compared.map((l) => `- ${l}`).join('\n')}\n\n`);
    }
    worse.push(...compared.filter((l) => l.startsWith('WORSE')));
  }
  if (values.quick) {
    // The release's figures come from a quiet machine: a loaded one makes every row look worse.
    const load = `load average ${loadavg()[0]?.toFixed(1) ?? '?'} at the end of this run`;
    process.stdout.write(
      worse.length === 0
        ? `No figure more than ${WORSE_BY * 100} % worse than the last release (${load}).\n`
        : `${worse.length} figure(s) more than ${WORSE_BY * 100} % worse than the last release ` +
            `(${load}; the release's figures are from a quiet machine):\n` +
            `${worse.map((l) => `- ${l}`).join('\n')}\n`,
    );
  }
  process.stderr.write(`bench done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
