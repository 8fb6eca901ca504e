// A far-away service: every answer comes 150 ms after the request, the AI takes about a second,
// the key may have 16 tasks at once and 120 requests per 10 s. How close does the engine come to
// what the concurrency limit allows? (Issue 11: within 1.15x.)
//
// The bound: a client that never provokes a 429 can give a slot to the next photo only once it
// knows the slot is free, at the earliest when the answer to a poll made the instant the task
// finished arrives, 150 ms later. So each task holds its slot for the AI run plus one answer
// delay, and N tasks over C slots take at least N x (AI + answer delay) / C (the fluid bound).
// That bound splits tasks across slots (7.5 rounds for 120 photos on 16 slots, where 8 are needed),
// so the target is judged against the schedule bound, which keeps each task whole; both are
// printed, with the plain N x AI / C (what the service alone would allow).
import type { Benchmark, BenchOptions } from './benchmark';
import { runEngine, type EngineRunResult } from './lib/engine-run';
import { machineInfo, type MachineInfo } from './lib/machine';
import { preparePhotos } from './lib/photos';
import { writeResult } from './lib/results';
import type { ServiceProfile } from './lib/bounds';
import type { BenchTable } from './lib/table';
import { codeVersion } from './throughput';

export const FAR_SERVICE: ServiceProfile = {
  windowMs: 10_000,
  submissionsPerWindow: 300,
  requestsPerWindow: 120,
  concurrency: 16,
  aiLatencyMs: 1_000,
  aiJitterMs: 100,
  addedLatencyMs: 150,
};

export const LATENCY_TARGET = 1.15;
/**
 * 120 photos as the issue asks; 128 fill 8 rounds of 16 exactly, so the fluid bound (which splits
 * the last half round across every slot) and the schedule bound agree there.
 */
const PHOTO_COUNTS = { quick: [120], full: [120, 128] } as const;

export function concurrencyBoundMs(profile: ServiceProfile, photos: number): number {
  return (photos * (profile.aiLatencyMs + profile.addedLatencyMs)) / profile.concurrency;
}

export interface LatencyRow {
  readonly photos: number;
  readonly seed: number;
  readonly wallMs: number;
  readonly boundMs: number;
  readonly ratio: number;
  readonly run: EngineRunResult;
}

export interface LatencyReport {
  readonly benchmark: 'latency';
  readonly quick: boolean;
  readonly startedAt: string;
  readonly machine: MachineInfo;
  readonly code: { readonly commit: string; readonly dirty: boolean | null };
  readonly profile: ServiceProfile;
  readonly target: number;
  readonly rows: readonly LatencyRow[];
}

export async function runLatency(options: BenchOptions): Promise<LatencyReport> {
  const startedAt = new Date();
  const seeds = options.quick ? [1] : [1, 2, 3, 4, 5];
  const rows: LatencyRow[] = [];
  // One at a time: the engine's timing is what is measured, and runs side by side on two cores
  // would measure the machine instead.
  for (const count of options.quick ? PHOTO_COUNTS.quick : PHOTO_COUNTS.full) {
    const photos = await preparePhotos(count);
    for (const seed of seeds) {
      options.log(`run ${String(seed)}: ${String(count)} photos`);
      const run = await runEngine(FAR_SERVICE, photos, 'auto', seed);
      const boundMs = concurrencyBoundMs(FAR_SERVICE, count);
      rows.push({
        photos: count,
        seed,
        wallMs: run.wallMs,
        boundMs,
        ratio: run.wallMs / boundMs,
        run,
      });
      options.log(
        `run ${String(seed)}: ${(run.wallMs / 1000).toFixed(2)} s, ` +
          `x${(run.wallMs / run.scheduleBoundMs).toFixed(2)} schedule, x${(run.wallMs / boundMs).toFixed(2)} fluid, ` +
          `${String(Object.values(run.rejected429).reduce((a, b) => a + b, 0))} x 429`,
      );
    }
  }
  return {
    benchmark: 'latency',
    quick: options.quick,
    startedAt: startedAt.toISOString(),
    machine: machineInfo(),
    code: codeVersion(),
    profile: FAR_SERVICE,
    target: LATENCY_TARGET,
    rows,
  };
}

export function latencyTable(report: LatencyReport): BenchTable {
  const p = report.profile;
  return {
    title: `Far service${report.quick ? ' (quick)' : ''}: +${String(p.addedLatencyMs)} ms per answer`,
    columns: [
      'photos',
      'seed',
      'wall s',
      'fluid bound s',
      'time/fluid',
      'N x AI / C s',
      'schedule bound s',
      'time/schedule',
      'requests',
      'batches',
      '429s',
      'seen after s',
      'target met',
    ],
    rows: report.rows.map((r) => {
      const http429 = Object.values(r.run.rejected429).reduce((a, b) => a + b, 0);
      const plainMs = (r.photos * p.aiLatencyMs) / p.concurrency;
      return [
        r.photos,
        r.seed,
        r.wallMs / 1000,
        r.boundMs / 1000,
        r.ratio,
        plainMs / 1000,
        r.run.scheduleBoundMs / 1000,
        r.run.wallMs / r.run.scheduleBoundMs,
        r.run.requests,
        r.run.batchesCreated,
        http429,
        r.run.discovery ? r.run.discovery.meanMs / 1000 : null,
        r.run.wallMs / r.run.scheduleBoundMs <= report.target && http429 === 0 ? 'yes' : 'no',
      ];
    }),
    notes: [
      `Key: ${String(p.concurrency)} tasks at once, ${String(p.requestsPerWindow)} requests and ` +
        `${String(p.submissionsPerWindow)} submissions per ${String(p.windowMs / 1000)} s; AI ` +
        `${String(p.aiLatencyMs)} +/- ${String(p.aiJitterMs)} ms; every answer held back ` +
        `${String(p.addedLatencyMs)} ms. Batch mode auto.`,
      'bound s (fluid): N x (AI + one answer delay) / concurrency: a client that never provokes a ' +
        '429 learns a slot is free one answer delay after the task finished, at the earliest.',
      'schedule bound s: the same, for the tasks this run made as the service timed them, without ' +
        'splitting a task across slots: each slot takes the next task the moment it is free and ' +
        'holds it for its AI time plus one answer delay (120 tasks on 16 slots are 8 rounds, not ' +
        '7.5). No client under this limit can finish sooner: this is what the concurrency limit ' +
        `allows. Target: time/schedule <= ${report.target.toFixed(2)}, no 429s.`,
      `Runs one at a time; ${String(report.machine.cpus)} CPUs, node ${report.machine.node}; ` +
        `engine at ${report.code.commit.slice(0, 7)}${report.code.dirty ? ' (with local changes)' : ''}.`,
    ],
  };
}

export const latencyBenchmark: Benchmark = {
  name: 'latency',
  description:
    'a far service (150 ms answers, 1 s AI, 16 at once): time against the concurrency bound',
  async run(options) {
    const report = await runLatency(options);
    const file = await writeResult(options.quick ? 'latency-quick' : 'latency', report);
    options.log(`wrote ${file}`);
    return latencyTable(report);
  },
};
