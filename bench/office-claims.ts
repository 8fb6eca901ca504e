// Office claims: 16 desks, then 24 (issue 30), claim the same photos at once in the office index
// (PostgreSQL, a throwaway local cluster), each desk on its own connection and its own login role
// in the desk group (so office migration 008's own-rows check is in every claim), in its own
// order: how many photos
// were given to two desks (the target is 0) and how long a claim takes (p50/p95/max; the issue's
// target: p95 under 10 ms on a local server). Run alone with `npx tsx bench/office-claims.ts
// [--quick]`. Needs PostgreSQL installed (Debian: apt install postgresql); without it the table
// says so and measures nothing.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startLocalCluster, type LocalCluster } from '../main/office/local-cluster';
import { openOfficeDb } from '../main/office/store/office-db';
import { openOfficeStore, type OfficeStore } from '../main/office/store/office-store';
import type { Benchmark, BenchOptions } from './benchmark';
import { loadNow } from './lib/machine';
import {
  officeBenchmark,
  officeBenchStart,
  officeNotes,
  type OfficeReportHead,
} from './lib/office-bench';
import { runAloneIfMain } from './lib/run-alone';
import { percentile } from './lib/stats';
import type { BenchTable } from './lib/table';

/** Issue 23's 16 desks, and issue 30's 24 started together. */
const DESK_COUNTS = [16, 24] as const;
const LEASE_MS = 15 * 60_000;
const DESK_GROUP = 'meterdesk_desk';

export interface OfficeClaimsRun {
  readonly desks: number;
  readonly photos: number;
  readonly claims: number;
  readonly won: number;
  readonly doubleClaims: number;
  readonly unclaimed: number;
  readonly wallMs: number;
  readonly claimsPerS: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  /** p95 of the claims a desk won (an insert or a taken lease) and of those it lost (a read). */
  readonly wonP95Ms: number;
  readonly lostP95Ms: number;
  /**
   * p95 of a trivial statement's round trip, the same desks at the same concurrency: what waiting
   * for a core costs before any claim's own work (the floor under the claims' p95).
   */
  readonly floorP95Ms: number;
}

export interface OfficeClaimsReport extends OfficeReportHead<'office-claims'> {
  readonly loadAfter: number;
  readonly skipped: string | null;
  readonly runs: readonly OfficeClaimsRun[];
}

function sha(i: number): string {
  return createHash('sha256').update(`bench photo ${i}`).digest('hex');
}

/** Each desk's own order of the same photos (a fixed shuffle per desk, so runs compare). */
function orderFor(desk: number, photos: number): number[] {
  const order = Array.from({ length: photos }, (_, i) => i);
  let seed = desk * 7919 + 1;
  for (let i = order.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  return order;
}

/**
 * Each desk's role on a connection of its own, as many round trips of a trivial statement as it
 * made claims, all desks at once: each round trip's milliseconds.
 */
async function roundTrips(
  cluster: LocalCluster,
  deskCount: number,
  photos: number,
): Promise<number[]> {
  const pools = Array.from({ length: deskCount }, (_, d) =>
    openOfficeDb(cluster.url({ user: `bench_desk_${String(d)}`, password: 'pw' }), { max: 1 }),
  );
  try {
    await Promise.all(pools.map((pool) => pool.query('SELECT 1')));
    const ms: number[] = [];
    await Promise.all(
      pools.map(async (pool) => {
        for (let i = 0; i < photos; i++) {
          const t = performance.now();
          await pool.query({ name: 'bench-floor', text: 'SELECT $1::int AS i', values: [i] });
          ms.push(performance.now() - t);
        }
      }),
    );
    return ms;
  } finally {
    await Promise.all(pools.map((pool) => pool.end()));
  }
}

async function measure(photos: number, deskCount: number): Promise<OfficeClaimsRun> {
  const cluster = await startLocalCluster();
  const desks: OfficeStore[] = [];
  try {
    const owner = openOfficeStore(cluster.url());
    await owner.migrate();
    await owner.close();
    const admin = openOfficeDb(cluster.url(), { max: 1 });
    try {
      for (let d = 0; d < deskCount; d++) {
        await admin.query(
          `CREATE ROLE bench_desk_${String(d)} LOGIN PASSWORD 'pw' IN ROLE ${DESK_GROUP}`,
        );
      }
    } finally {
      await admin.end();
    }
    for (let d = 0; d < deskCount; d++) {
      const url = cluster.url({ user: `bench_desk_${String(d)}`, password: 'pw' });
      desks.push(openOfficeStore(url, { desk: `desk-${d}`, max: 1 }));
    }
    // Connect every desk before the clock starts: a claim is timed, not a login.
    await Promise.all(desks.map((desk) => desk.checkSchema()));
    const winners = new Map<number, number>();
    const latencies: number[] = [];
    const wonMs: number[] = [];
    const lostMs: number[] = [];
    const started = performance.now();
    await Promise.all(
      desks.map(async (desk, d) => {
        for (const i of orderFor(d, photos)) {
          const t = performance.now();
          const claim = await desk.claimPhoto({
            sha256: sha(i),
            desk: `desk-${d}`,
            fileName: `photo-${i}.jpg`,
            leaseMs: LEASE_MS,
          });
          const ms = performance.now() - t;
          latencies.push(ms);
          (claim.kind === 'ours' ? wonMs : lostMs).push(ms);
          if (claim.kind === 'ours') winners.set(i, (winners.get(i) ?? 0) + 1);
        }
      }),
    );
    const wallMs = performance.now() - started;
    const floorMs = await roundTrips(cluster, deskCount, photos);
    const counts = [...winners.values()];
    return {
      desks: deskCount,
      photos,
      claims: latencies.length,
      won: counts.reduce((a, b) => a + b, 0),
      doubleClaims: counts.filter((n) => n > 1).length,
      unclaimed: photos - winners.size,
      wallMs,
      claimsPerS: latencies.length / (wallMs / 1000),
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      maxMs: percentile(latencies, 100),
      wonP95Ms: percentile(wonMs, 95),
      lostP95Ms: percentile(lostMs, 95),
      floorP95Ms: percentile(floorMs, 95),
    };
  } finally {
    await Promise.all(desks.map((d) => d.close()));
    await cluster.stop();
  }
}

export async function runOfficeClaims(options: BenchOptions): Promise<OfficeClaimsReport> {
  const { head, skipped } = officeBenchStart('office-claims', options.quick);
  const photos = options.quick ? 150 : 1500;
  if (skipped) {
    options.log(`skipped: ${skipped}`);
    return { ...head, loadAfter: loadNow(), skipped, runs: [] };
  }
  const runs: OfficeClaimsRun[] = [];
  for (const desks of DESK_COUNTS) {
    options.log(`${desks} desks claim the same ${photos} photos at once`);
    runs.push(await measure(photos, desks));
  }
  return { ...head, loadAfter: loadNow(), skipped: null, runs };
}

export function officeClaimsTable(r: OfficeClaimsReport): BenchTable {
  const ms = (n: number): number | null => (Number.isFinite(n) ? Math.round(n * 100) / 100 : null);
  return {
    title: 'Office claims: 16 and 24 desks claiming the same photos at once (local PostgreSQL)',
    columns: [
      'desks',
      'photos',
      'claims',
      'double claims',
      'unclaimed',
      'claims/s',
      'p50 ms',
      'p95 ms',
      'max ms',
      'won / lost p95 ms',
      'round trip p95 ms',
    ],
    rows: r.runs.map((x) => [
      x.desks,
      x.photos,
      x.claims,
      x.doubleClaims,
      x.unclaimed,
      ms(x.claimsPerS),
      ms(x.p50Ms),
      ms(x.p95Ms),
      ms(x.maxMs),
      `${String(ms(x.wonP95Ms))} / ${String(ms(x.lostP95Ms))}`,
      ms(x.floorP95Ms),
    ]),
    notes: officeNotes(
      r,
      [
        'Each claim is one named (prepared) statement, autocommit, no transaction held open: INSERT ... ON CONFLICT DO NOTHING of the photos the index does not have, else UPDATE ... WHERE the lease is over or the photo was given back (a lost claim writes nothing). Every desk claims every photo in its own order, so each photo is fought over by every desk. Each desk logs in as its own role in the desk group: the claim passes office migration 008\u2019s check that a desk writes only under its own name.',
        'Round trip: the same desks, each on a connection of its own, as many trivial statements (SELECT $1) at once as they made claims: waiting for a core, before any claim\u2019s own work. Won / lost: a claim that wrote (an insert, a lease taken) against one that read who holds the photo.',
      ],
      'Targets (issue 23): 0 double claims; claim p95 under 10 ms on a local server.',
    ),
  };
}

export const officeClaimsBenchmark: Benchmark = officeBenchmark(
  'office-claims',
  '16 and 24 desks claiming the same photos in the office index (PostgreSQL)',
  runOfficeClaims,
  officeClaimsTable,
);

runAloneIfMain(officeClaimsBenchmark, import.meta.url);
