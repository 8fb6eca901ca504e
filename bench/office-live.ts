// Office live updates (issue 23, item 6): how long from a decision published at one desk to its
// note at another desk's listener (LISTEN/NOTIFY, main/office/store/office-live.ts), p50/p95/max
// over a few hundred decisions, on a throwaway local PostgreSQL. Twice: with the office quiet, and
// while four other desks publish readings as fast as they can. The target: p95 under 2 s.
// Run alone with `npx tsx bench/office-live.ts [--quick]`. Needs PostgreSQL installed (Debian: apt
// install postgresql); without it the table says so and measures nothing.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startLocalCluster, type LocalCluster } from '../main/office/local-cluster';
import { OfficeLive, type OfficeLiveEvent } from '../main/office/store/office-live';
import { openOfficeStore, type OfficeStore } from '../main/office/store/office-store';
import { systemClock } from '../main/time/clock';
import type { Benchmark, BenchOptions } from './benchmark';
import { loadNow } from './lib/machine';
import {
  officeBenchmark,
  officeBenchStart,
  officeNotes,
  type OfficeReportHead,
} from './lib/office-bench';
import { routeOfMeters } from '../test/office/office-fixture';
import { runAloneIfMain } from './lib/run-alone';
import { percentile } from './lib/stats';
import type { BenchTable } from './lib/table';

const BUSY_DESKS = 4;

interface LiveCase {
  readonly office: 'quiet' | 'busy';
  readonly decisions: number;
  /** Notes desk B heard in all (the decisions' and those of the meters they decided, and more). */
  readonly notesHeard: number;
  /** Readings the busy desks published meanwhile. */
  readonly readingsMeanwhile: number;
  readonly lost: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  /** From desk A's commit acknowledged to desk B's note (negative: B heard it first). */
  readonly afterAckP95Ms: number;
}

export interface OfficeLiveReport extends OfficeReportHead<'office-live'> {
  readonly loadAfter: number;
  readonly skipped: string | null;
  readonly cases: readonly LiveCase[];
}

const sha = (i: number): string => createHash('sha256').update(`live photo ${i}`).digest('hex');

/** Other desks publishing readings back to back until `stop()`; how many they published. */
function busyDesks(desks: readonly OfficeStore[]): { stop(): Promise<number> } {
  let running = true;
  let published = 0;
  const loops = desks.map(async (desk, d) => {
    for (let i = 0; running; i++) {
      await desk.publishReading({
        key: `busy-${d}:reading:${i}`,
        sha256: sha(d * 1_000_000 + i),
        desk: `busy-${d}`,
        user: `clerk ${d}`,
        fileName: `busy-${d}-${i}.jpg`,
        status: 'finished',
        reading: '00150',
        resultSource: 'ai',
        toReview: false,
        taskId: null,
        aiVersion: null,
        readAt: null,
        meterNumber: null,
        publishedAt: new Date(),
      });
      published++;
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return published;
    },
  };
}

async function measureCase(
  cluster: LocalCluster,
  busy: boolean,
  firstMeter: number,
  decisions: number,
): Promise<LiveCase> {
  const url = cluster.url();
  const anna = openOfficeStore(url, { desk: 'desk-a', max: 1 });
  const others = busy
    ? Array.from({ length: BUSY_DESKS }, (_, d) => openOfficeStore(url, { desk: `busy-${d}` }))
    : [];
  const live = new OfficeLive({ url, clock: systemClock, desk: 'desk-b' });
  try {
    await live.start();
    let notesHeard = 0;
    const waiting = new Map<string, (at: number) => void>();
    live.on((e: OfficeLiveEvent) => {
      const at = performance.now();
      if (e.kind !== 'change') return;
      notesHeard++;
      if (e.change.table !== 'decisions' || e.change.meterNumber === null) return;
      waiting.get(e.change.meterNumber)?.(at);
    });
    const load = busyDesks(others);
    const fromCall: number[] = [];
    const fromAck: number[] = [];
    let lost = 0;
    for (let i = firstMeter; i < firstMeter + decisions; i++) {
      const meter = `M${i}`;
      const heard = new Promise<number | null>((resolve) => {
        const timeout = setTimeout(() => {
          resolve(null);
        }, 10_000);
        waiting.set(meter, (at) => {
          clearTimeout(timeout);
          resolve(at);
        });
      });
      const called = performance.now();
      await anna.publishDecision({
        key: `desk-a:decision:${i}`,
        kind: 'type',
        desk: 'desk-a',
        clerk: 'Anna',
        sha256: null,
        fileName: null,
        meterNumber: meter,
        reading: '00200',
        skipCode: null,
        note: null,
        decidedAt: new Date(),
      });
      const acked = performance.now();
      const at = await heard;
      waiting.delete(meter);
      if (at === null) {
        lost++;
        continue;
      }
      fromCall.push(at - called);
      fromAck.push(at - acked);
    }
    const readingsMeanwhile = await load.stop();
    return {
      office: busy ? 'busy' : 'quiet',
      decisions,
      notesHeard,
      readingsMeanwhile,
      lost,
      p50Ms: percentile(fromCall, 50),
      p95Ms: percentile(fromCall, 95),
      maxMs: percentile(fromCall, 100),
      afterAckP95Ms: percentile(fromAck, 95),
    };
  } finally {
    await live.close();
    await Promise.all([anna, ...others].map((s) => s.close()));
  }
}

export async function runOfficeLive(options: BenchOptions): Promise<OfficeLiveReport> {
  const { head, skipped } = officeBenchStart('office-live', options.quick);
  if (skipped) {
    options.log(`skipped: ${skipped}`);
    return { ...head, loadAfter: loadNow(), skipped, cases: [] };
  }
  const decisions = options.quick ? 60 : 400;
  const cluster = await startLocalCluster();
  const cases: LiveCase[] = [];
  try {
    const owner = openOfficeStore(cluster.url());
    await owner.migrate();
    // Each case decides meters of its own: the quiet one M0.., the busy one the next ones.
    await owner.loadRoute(routeOfMeters('R-live', 2 * decisions, new Date()));
    await owner.close();
    for (const [n, busy] of [false, true].entries()) {
      options.log(`${decisions} decisions, office ${busy ? 'busy' : 'quiet'}`);
      cases.push(await measureCase(cluster, busy, n * decisions, decisions));
    }
  } finally {
    await cluster.stop();
  }
  return { ...head, loadAfter: loadNow(), skipped: null, cases };
}

export function officeLiveTable(r: OfficeLiveReport): BenchTable {
  const ms = (n: number): number | null => (Number.isFinite(n) ? Math.round(n * 10) / 10 : null);
  return {
    title: "Office live: a decision at desk A to its note at desk B's listener (local PostgreSQL)",
    columns: [
      'office',
      'decisions',
      'lost',
      'p50 ms',
      'p95 ms',
      'max ms',
      'p95 after ack ms',
      'notes heard',
      'readings meanwhile',
    ],
    rows: r.cases.map((c) => [
      c.office,
      c.decisions,
      c.lost,
      ms(c.p50Ms),
      ms(c.p95Ms),
      ms(c.maxMs),
      ms(c.afterAckP95Ms),
      c.notesHeard,
      c.readingsMeanwhile,
    ]),
    notes: officeNotes(
      r,
      [
        "Measured from desk A's call that publishes the decision (its whole transaction: decision, meter decided, lease ended) to desk B's typed change event; decisions one after another; 'after ack' from A's commit acknowledged. Busy: four other desks publish readings back to back meanwhile, each a note too.",
      ],
      'Target (issue 23): p95 under 2 s; lost: 0 (a note not heard within 10 s).',
    ),
  };
}

export const officeLiveBenchmark: Benchmark = officeBenchmark(
  'office-live',
  'a decision at one desk to its live note at another (LISTEN/NOTIFY, PostgreSQL)',
  runOfficeLive,
  officeLiveTable,
);

runAloneIfMain(officeLiveBenchmark, import.meta.url);
