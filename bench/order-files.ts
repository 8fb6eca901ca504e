// Order files (issue 31): how long 10,000 order records take to load as a route (parse, meters
// into SQLite, the file kept byte for byte), to match 10,000 photos named after their meters
// (matching and MeterDesk's checks), and to write the return file with its exceptions, per
// built-in profile. Target: under 1 s each. Run alone with `npx tsx bench/order-files.ts [--quick]`.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { QueueActions } from '../main/actions/queue-actions';
import { assessMeters } from '../main/billing/assess';
import { matchPhotos } from '../main/billing/matching';
import { writeReturnFile } from '../main/billing/order-files/write-return-file';
import type { TaskResult } from '../main/store/jobs-repo';
import { openStore } from '../main/store/store';
import { systemClock } from '../main/time/clock';
import { FIXTURES } from '../test/billing/order-files/order-fixtures';
import { tempDir } from '../test/helpers/tmp';
import { singleTask } from '../test/store/queue-fixture';
import type { Benchmark, BenchOptions } from './benchmark';
import { median } from './lib/stats';
import { runAloneIfMain } from './lib/run-alone';
import type { BenchTable } from './lib/table';

export const TARGET_MS = 1000;

interface Figures {
  readonly loadMs: number;
  readonly matchMs: number;
  readonly returnMs: number;
  /** CPU time (user + system) of each step: what it costs when other processes share the cores. */
  readonly loadCpuMs: number;
  readonly matchCpuMs: number;
  readonly returnCpuMs: number;
  readonly matched: number;
  readonly filled: number;
}

/** The engine's part, untimed: photos added, dated and read; not yet matched. */
function readPhotos(
  store: ReturnType<typeof openStore>,
  meters: readonly { meter: string; reading: string | null }[],
): void {
  const rootId = store.roots.ensure('/photos', 'folder').id;
  const read = meters.filter((m) => m.reading !== null);
  store.jobs.insertScanned(
    read.map((m, i) => ({
      rootId,
      path: `/photos/${m.meter}_20261020.jpg`,
      relPath: `${m.meter}_20261020.jpg`,
      size: 100,
      mtimeMs: 1,
      accepted: { sha256: String(i + 1).padStart(64, '0'), format: 'jpeg' as const },
      rejected: null,
    })),
  );
  const jobs = [...store.queries.iterate({})];
  const readingOf = new Map(read.map((m) => [`${m.meter}_20261020.jpg`, m.reading ?? '']));
  store.meters.setReadDates(
    jobs.map((j) => ({ id: j.id, readAt: '2026-10-20T09:15:30', source: 'exif', note: null })),
  );
  const ids = jobs.map((j) => j.id);
  store.jobs.markUploading(ids);
  store.jobs.markSubmitted(ids.map((id) => ({ id, submission: singleTask(`task-${String(id)}`) })));
  store.jobs.applyResults(
    jobs.map((j): { jobId: number; result: TaskResult } => ({
      jobId: j.id,
      result: {
        taskId: `task-${String(j.id)}`,
        state: 'done',
        remoteStatus: 'done',
        finalReading: readingOf.get(j.relPath) ?? null,
        meterType: 'pointer',
        resultSource: 'fresh',
        isLatestAiVersion: true,
        aiVersion: 'v1',
        resultSummary: null,
        errorMessage: null,
        failureKind: null,
        serviceFailureKind: null,
        remoteCreatedAt: null,
      },
    })),
  );
}

export async function once(profile: keyof typeof FIXTURES, records: number): Promise<Figures> {
  const fixture = FIXTURES[profile](records);
  const t = tempDir('meterdesk-bench-orders-');
  const store = openStore(join(t.dir, 'queue.sqlite'));
  try {
    const actions = new QueueActions({
      store: () => store,
      engine: () => null,
      clock: systemClock,
    });
    const cpuSince = (from: NodeJS.CpuUsage): number => {
      const used = process.cpuUsage(from);
      return (used.user + used.system) / 1000;
    };
    let start = performance.now();
    let cpu = process.cpuUsage();
    const loaded = await actions.loadOrderFile(fixture.bytes, {
      name: 'orders',
      profile: null,
      fileTime: null,
    });
    const loadMs = performance.now() - start;
    const loadCpuMs = cpuSince(cpu);
    if (!loaded.ok || loaded.profile !== profile) throw new Error(`${profile} did not load`);
    readPhotos(store, fixture.meters);
    start = performance.now();
    cpu = process.cpuUsage();
    const match = matchPhotos(store, { all: false });
    assessMeters(store, match.meters, new Date());
    const matchMs = performance.now() - start;
    const matchCpuMs = cpuSince(cpu);
    start = performance.now();
    cpu = process.cpuUsage();
    const written = await writeReturnFile(store, join(t.dir, 'return.dat'), {
      now: new Date(),
      zone: 'UTC',
    });
    const returnMs = performance.now() - start;
    const returnCpuMs = cpuSince(cpu);
    if (!written.ok) throw new Error(`${profile}: ${written.problem}`);
    return {
      loadMs,
      matchMs,
      returnMs,
      loadCpuMs,
      matchCpuMs,
      returnCpuMs,
      matched: match.matched,
      filled: written.filled,
    };
  } finally {
    store.close();
    t.cleanup();
  }
}

export const orderFilesBenchmark: Benchmark = {
  name: 'order-files',
  description: '10,000 order records: load as a route, match photos, write the return file',
  async run(options: BenchOptions): Promise<BenchTable> {
    const records = options.quick ? 2_000 : 10_000;
    const runs = options.quick ? 1 : 3;
    const loadBefore = loadavg()[0] ?? 0;
    const rows: (string | number)[][] = [];
    for (const profile of Object.keys(FIXTURES) as (keyof typeof FIXTURES)[]) {
      const figures: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        options.log(
          `${profile}: run ${String(i + 1)} of ${String(runs)}, ${String(records)} records`,
        );
        figures.push(await once(profile, records));
      }
      const med = (pick: (f: Figures) => number): number => Math.round(median(figures.map(pick)));
      rows.push([
        profile,
        records,
        figures[0]?.matched ?? 0,
        med((f) => f.loadMs),
        med((f) => f.loadCpuMs),
        med((f) => f.matchMs),
        med((f) => f.matchCpuMs),
        med((f) => f.returnMs),
        med((f) => f.returnCpuMs),
        figures[0]?.filled ?? 0,
      ]);
    }
    return {
      title: `Order files (${String(records)} records, median of ${String(runs)})`,
      columns: [
        'profile',
        'records',
        'photos matched',
        'load ms',
        'load cpu ms',
        'match ms',
        'match cpu ms',
        'return ms',
        'return cpu ms',
        'filled',
      ],
      rows,
      notes: [
        `Target: each step under ${String(TARGET_MS)} ms at 10,000 records (issue 31).`,
        'ms: wall time; cpu ms: user + system time of this process, what the step costs whatever else shares the cores.',
        `Load average (1 min, 2 cores here) ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after.`,
        'load: parse, meters and the kept file into SQLite, matching; match: 10,000 photos to meters and their checks; return: readings, codes and the return file with its exceptions written.',
      ],
    };
  },
};

runAloneIfMain(orderFilesBenchmark, import.meta.url);
