// Office mode, a desk killed with SIGKILL while it holds claims and has uploads in flight (issue
// 23): two desk processes read the same folder against one sandbox (one API key) and a throwaway
// local PostgreSQL; when desk A holds claims with tasks unfinished at the service, it is killed.
// Desk B must end with every photo read. Prints the claims A held, how long until B had every one
// of them (the target: within one lease; the lease is shortened through the claim gate's options
// so the bench is quick), photos uploaded and paid more than once (the sandbox's own ledger; at
// most one extra per photo A had in flight) and photos lost (0). Run alone with
// `npx tsx bench/office-kill.ts [--quick]`. Needs PostgreSQL installed; without it the table says so.
import { deskOfClaimant } from '../main/office/claimant';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { openOfficeDb, type OfficePool } from '../main/office/store/office-db';
import { createSandbox, type Sandbox } from '../sandbox';
import { generateSampleFolder } from '../sandbox/samples';
import type { Benchmark, BenchOptions } from './benchmark';
import { loadNow } from './lib/machine';
import { forkDesk, type DeskChildSpec } from './lib/office-desk-child';
import {
  officeBenchmark,
  officeBenchStart,
  officeNotes,
  type OfficeReportHead,
} from './lib/office-bench';
import { withMigratedCluster } from './lib/office-cluster';
import { repeats } from './lib/office-counts';
import { runAloneIfMain } from './lib/run-alone';
import type { BenchTable } from './lib/table';

export interface OfficeKillFigures {
  readonly photos: number;
  readonly leaseMs: number;
  readonly aiMs: number;
  /** Photos A held a live claim on when it was killed. */
  readonly heldAtKill: number;
  /** Of those, photos A had sent (or was sending) whose reading it never received. */
  readonly inFlightAtKill: number;
  /** Photos A had read and published before it died. */
  readonly readByA: number;
  /** Kill → the last of A's held claims taken by desk B. */
  readonly freedMs: number;
  /** Kill → the last of A's leases ran out (the bound the lease sets). */
  readonly leaseEndMs: number;
  readonly uploads: number;
  readonly uploadedTwice: number;
  readonly charged: number;
  /** Payments beyond the first, over all photos. */
  readonly extraPayments: number;
  /** Photos B did not end with a reading. */
  readonly lost: number;
  /** Photos read in the office (state read) at the end. */
  readonly readInOffice: number;
  readonly wallMs: number;
}

export interface OfficeKillReport extends OfficeReportHead<'office-kill'> {
  readonly loadAfter: number;
  readonly skipped: string | null;
  readonly run: OfficeKillFigures | null;
}

interface ClaimRow {
  sha256: string;
  state: string;
  desk: string;
  lease_until: Date | null;
}

/** The office's photo rows, each named by its desk (a claim names the desk's queue too). */
async function photoRows(pool: OfficePool): Promise<ClaimRow[]> {
  const { rows } = await pool.query<ClaimRow>(
    'SELECT sha256, state, desk, lease_until FROM photos',
  );
  return rows.map((r) => ({ ...r, desk: deskOfClaimant(r.desk) }));
}

/** Waits until A holds `want` live claims with at least one task unfinished at the service. */
async function untilMidUpload(pool: OfficePool, sandbox: Sandbox, want: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const held = (await photoRows(pool)).filter(
      (r) => r.desk === 'desk-a' && r.state === 'claimed',
    );
    const unfinished = sandbox.ledger
      .tasks()
      .some((t) => t.status !== 'done' && t.status !== 'failed');
    if (held.length >= want && unfinished) return;
    await sleep(20);
  }
  throw new Error('desk A never held claims with uploads in flight');
}

async function measure(dir: string, url: string, quick: boolean): Promise<OfficeKillFigures> {
  const photos = quick ? 24 : 80;
  const leaseMs = quick ? 4_000 : 10_000;
  const aiMs = quick ? 1_500 : 3_000;
  const folder = join(dir, 'route');
  await generateSampleFolder(folder, {
    count: photos,
    seed: 23,
    duplicates: 0,
    subfolders: false,
    width: 320,
  });
  const sandbox = await createSandbox({ ai: { latencyMs: aiMs, jitterMs: aiMs / 5 } });
  const pool = openOfficeDb(url, { max: 1 });
  try {
    const spec = (desk: string): DeskChildSpec => ({
      desk,
      dbFile: join(dir, `${desk}.sqlite`),
      folder,
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      officeUrl: url,
      leaseMs,
      recheckMs: 250,
    });
    const started = performance.now();
    const a = forkDesk(spec('desk-a'));
    await untilMidUpload(pool, sandbox, Math.min(8, photos / 3));
    // B starts now and meets A's claims: it waits for A's readings, as a second clerk would.
    const b = forkDesk(spec('desk-b'));
    await sleep(quick ? 300 : 1_000);
    a.child.kill('SIGKILL');
    const killedAt = performance.now();
    const atKill = await photoRows(pool);
    const now = new Date();
    const held = atKill.filter(
      (r) => r.desk === 'desk-a' && r.state === 'claimed' && r.lease_until && r.lease_until > now,
    );
    const tasks = sandbox.ledger.tasks();
    const inFlight = held.filter(
      (r) =>
        !tasks.some((t) => t.sha256 === r.sha256 && (t.status === 'done' || t.status === 'failed')),
    );
    await a.result;
    // When did B take the last of A's claims? Watched until B is done.
    const waiting = new Set(held.map((r) => r.sha256));
    let freedMs = NaN;
    const bRun = { done: false };
    const bResult = b.result.finally(() => {
      bRun.done = true;
    });
    while (waiting.size > 0 && !bRun.done) {
      for (const r of await photoRows(pool)) {
        if (waiting.has(r.sha256) && r.desk !== 'desk-a') waiting.delete(r.sha256);
      }
      if (waiting.size === 0) freedMs = performance.now() - killedAt;
      else await sleep(20);
    }
    const endB = await bResult;
    const wallMs = performance.now() - started;
    const end = await photoRows(pool);
    const leaseEnds = held.map((r) => (r.lease_until?.getTime() ?? 0) - now.getTime());
    const charges = Object.values(sandbox.ledger.quotaCharges());
    const uploadsPerPhoto = repeats(sandbox.ledger.tasks().map((t) => t.sha256));
    return {
      photos,
      leaseMs,
      aiMs,
      heldAtKill: held.length,
      inFlightAtKill: inFlight.length,
      readByA: atKill.filter((r) => r.desk === 'desk-a' && r.state === 'read').length,
      freedMs,
      leaseEndMs: Math.max(0, ...leaseEnds),
      uploads: sandbox.ledger.tasks().length,
      uploadedTwice: [...uploadsPerPhoto.values()].filter((n) => n > 1).length,
      charged: charges.reduce((x, y) => x + y, 0),
      extraPayments: charges.reduce((x, n) => x + Math.max(0, n - 1), 0),
      lost: endB ? endB.total - endB.done : photos,
      readInOffice: end.filter((r) => r.state === 'read').length,
      wallMs,
    };
  } finally {
    await pool.end();
    await sandbox.close();
  }
}

export async function runOfficeKill(options: BenchOptions): Promise<OfficeKillReport> {
  const { head, skipped } = officeBenchStart('office-kill', options.quick);
  if (skipped) {
    options.log(`skipped: ${skipped}`);
    return { ...head, loadAfter: loadNow(), skipped, run: null };
  }
  return withMigratedCluster('meterdesk-bench-kill-', async (cluster, dir) => {
    options.log('desk A and desk B over the same photos; A killed with SIGKILL mid-upload');
    const run = await measure(dir, cluster.url(), options.quick);
    return { ...head, loadAfter: loadNow(), skipped: null, run };
  });
}

export function officeKillTable(r: OfficeKillReport): BenchTable {
  const x = r.run;
  const s = (ms: number): number | null => (Number.isFinite(ms) ? Math.round(ms / 100) / 10 : null);
  return {
    title:
      'Office: a desk killed with SIGKILL while holding claims and mid-upload (local PostgreSQL)',
    columns: [
      'photos',
      'lease s',
      'A held at kill',
      'A in flight',
      'A read before',
      'all taken by B after s',
      'last lease ended after s',
      'uploads',
      'uploaded twice',
      'charged',
      'paid more than once',
      'lost',
      'wall s',
    ],
    rows: x
      ? [
          [
            x.photos,
            s(x.leaseMs),
            x.heldAtKill,
            x.inFlightAtKill,
            x.readByA,
            s(x.freedMs),
            s(x.leaseEndMs),
            x.uploads,
            x.uploadedTwice,
            x.charged,
            x.extraPayments,
            x.lost,
            s(x.wallMs),
          ],
        ]
      : [],
    notes: officeNotes(
      r,
      [
        `Two desk processes (engine + office desk, bench/lib/office-desk-child.ts) over one folder, one sandbox key (AI ${x ? s(x.aiMs) : '-'} s); the claim lease is shortened to ${x ? s(x.leaseMs) : '-'} s through the claim gate's options (15 min in the product). A is killed with SIGKILL once it holds claims with tasks unfinished at the service; B started just before.`,
        '"in flight": A held the claim and the service had not finished its task (A never got the reading). "paid more than once": payments beyond the first per photo, from the sandbox ledger; a photo B sends again after A\u2019s task finished is answered from the service\u2019s cache (free), so only photos still unfinished at the service can be paid twice.',
      ],
      'Targets (issue 23): A\u2019s claims free within one lease; photos paid at most once more (\u2264 one per photo in flight); 0 lost.',
    ),
  };
}

export const officeKillBenchmark: Benchmark = officeBenchmark(
  'office-kill',
  'a desk killed with SIGKILL mid-upload: its claims free within a lease, nothing lost (PostgreSQL)',
  runOfficeKill,
  officeKillTable,
);

runAloneIfMain(officeKillBenchmark, import.meta.url);
