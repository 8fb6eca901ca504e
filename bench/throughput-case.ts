// One throughput row run alone, a few times in a row (`npx tsx bench/throughput-case.ts
// --variant high-latency --mode auto --runs 3`; `--variant far` is the far-service row of
// bench/latency.ts, 120 photos, seeds 1..runs): the quick bench runs its six engine cases at once, so
// a row that looks worse there has to be seen on its own before anyone looks for a cause. Prints
// each run's figures and the engine's requests by endpoint (a count, which machine load moves far
// less than time), then the medians. Uses only runThroughputCase, so the file also runs unchanged
// in a worktree of an older commit, to compare builds side by side.
import { parseArgs } from 'node:util';
import type { BatchMode } from '../common/job';
import { FAR_SERVICE } from './latency';
import { runEngine } from './lib/engine-run';
import { preparePhotos } from './lib/photos';
import { runThroughputCase, type ThroughputCase, type Variant } from './throughput';

const VARIANTS: readonly Variant[] = ['local', 'high-latency'];
const MODES: readonly BatchMode[] = ['auto', 'always', 'never'];

function usage(): string {
  return (
    'usage: npx tsx bench/throughput-case.ts [--variant local|high-latency] ' +
    '[--variant far] [--mode auto|always|never] [--photos N] [--runs N]'
  );
}

const ms = (n: number | null): string => (n === null ? '-' : `${Math.round(n)} ms`);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      variant: { type: 'string', default: 'high-latency' },
      mode: { type: 'string', default: 'auto' },
      photos: { type: 'string', default: '200' },
      runs: { type: 'string', default: '1' },
    },
  });
  const mode = MODES.find((m) => m === values.mode);
  const photos = Number(values.photos);
  const runs = Number(values.runs);
  if (!mode || !Number.isInteger(photos) || photos < 1 || !Number.isInteger(runs)) {
    process.stderr.write(`${usage()}\n`);
    return 2;
  }
  if (values.variant === 'far') return far(runs);
  const variant = VARIANTS.find((v) => v === values.variant);
  if (!variant) {
    process.stderr.write(`${usage()}\n`);
    return 2;
  }
  const c: ThroughputCase = { variant, client: 'engine', mode, photos };
  const ratios: number[] = [];
  const perPhoto: number[] = [];
  for (let i = 1; i <= runs; i += 1) {
    const row = await runThroughputCase(c);
    ratios.push(row.timeOverBound);
    perPhoto.push(row.requestsPerPhoto);
    const calls = 'calls' in row.run ? row.run.calls : {};
    process.stdout.write(
      `run ${i}: wall ${(row.wallMs / 1000).toFixed(2)} s, bound ${(row.bound.boundMs / 1000).toFixed(2)} s, ` +
        `time/bound ${row.timeOverBound.toFixed(3)}, req/photo ${row.requestsPerPhoto.toFixed(3)}, ` +
        `429s ${row.http429}, calls ${JSON.stringify(calls)}\n`,
    );
  }
  process.stdout.write(
    `${variant} / ${mode} / ${photos} photos, median of ${runs}: time/bound ` +
      `${median(ratios).toFixed(3)}, req/photo ${median(perPhoto).toFixed(3)}\n`,
  );
  return 0;
}

/** The far-service row (bench/latency.ts quick: 120 photos, batch mode auto), seeds 1..runs. */
async function far(runs: number): Promise<number> {
  const photos = await preparePhotos(120);
  const ratios: number[] = [];
  const requests: number[] = [];
  for (let seed = 1; seed <= runs; seed += 1) {
    const run = await runEngine(FAR_SERVICE, photos, 'auto', seed);
    const ratio = run.wallMs / run.scheduleBoundMs;
    ratios.push(ratio);
    requests.push(run.requests);
    process.stdout.write(
      `seed ${seed}: wall ${(run.wallMs / 1000).toFixed(2)} s, schedule bound ` +
        `${(run.scheduleBoundMs / 1000).toFixed(2)} s, time/schedule ${ratio.toFixed(3)}, ` +
        `requests ${run.requests}, first task after ${ms(run.windows.firstTaskAfterMs)}, ` +
        `seen after ${ms(run.discovery?.meanMs ?? null)}, tail ${ms(run.windows.tailMs)}, ` +
        `calls ${JSON.stringify(run.calls)}\n`,
    );
  }
  process.stdout.write(
    `far service / 120 photos, median of ${runs}: time/schedule ${median(ratios).toFixed(3)}, ` +
      `requests ${median(requests)}\n`,
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
