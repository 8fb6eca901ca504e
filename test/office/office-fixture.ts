// An office at the newest schema with N desks, each on its own pool (its own connections), as
// separate PCs would be.
import { createHash } from 'node:crypto';
import type { Queryable } from '../../main/office/store/office-db';
import type { RouteLoad } from '../../main/office/store/office-routes';
import { openOfficeStore, type OfficeStore } from '../../main/office/store/office-store';
import type { PublishedReading } from '../../main/office/store/publish';
import type { OfficeCluster, TestOffice } from './pg-cluster';

export interface MigratedOffice extends TestOffice {
  desks: OfficeStore[];
  close(): Promise<void>;
}

export async function migratedOffice(
  cluster: OfficeCluster,
  desks: number,
): Promise<MigratedOffice> {
  const office = await cluster.newMigratedOffice();
  const stores: OfficeStore[] = [];
  for (let i = 0; i < desks; i++) {
    // The connect timeout a hang guard, not the 5 s a desk waits in use: sixteen desks connecting
    // at once to the run's shared server waited longer than that with the cores busy.
    const url = await office.deskUrl(`d${i}`);
    stores.push(openOfficeStore(url, { desk: `desk-${i}`, max: 2, connectMs: 60_000 }));
  }
  return {
    ...office,
    desks: stores,
    close: async () => {
      await Promise.all(stores.map((s) => s.close()));
    },
  };
}

export function sha(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The server's clock moves on by `ms` for every claim and lease of the office: what a test cannot
 * do to the server's now(), done to the leases instead (each one `ms` older). Leases and claims
 * run on the server's clock alone, so this, not a desk's clock, is how a test lets one run out.
 */
export async function serverTimePasses(
  admin: Queryable,
  ms: number,
  /** Only this desk's claims and leases: as if that desk alone had stopped renewing them. */
  desk?: string,
): Promise<void> {
  const by = `$1::float8 * interval '1 millisecond'`;
  const whose = `($2::text IS NULL OR desk = $2::text)`;
  await admin.query(
    `UPDATE photos SET lease_until = lease_until - ${by}, claimed_at = claimed_at - ${by}
      WHERE lease_until IS NOT NULL AND ${whose}`,
    [ms, desk ?? null],
  );
  await admin.query(
    `UPDATE review_leases SET lease_until = lease_until - ${by}, taken_at = taken_at - ${by}
      WHERE ${whose}`,
    [ms, desk ?? null],
  );
}

export const T0 = new Date('2026-03-02T08:00:00Z');
export const minutes = (n: number): Date => new Date(T0.getTime() + n * 60_000);

/** Runs `work` with two desks (anna and ben) on a fresh office, closed after. */
export async function withTwoDesks(
  cluster: OfficeCluster,
  work: (anna: OfficeStore, ben: OfficeStore, office: MigratedOffice) => Promise<void>,
): Promise<void> {
  const o = await migratedOffice(cluster, 2);
  const [anna, ben] = o.desks;
  try {
    if (!anna || !ben) throw new Error('two desks');
    await work(anna, ben, o);
  } finally {
    await o.close();
  }
}

/** Photo n's reading as desk-0 publishes it (flagged, matched to meter Mn), with changes. */
export function publishedReading(
  n: number,
  over: Partial<PublishedReading> = {},
): PublishedReading {
  return {
    key: `desk-0:reading:${n}`,
    sha256: sha(`photo ${n}`),
    desk: 'desk-0',
    user: 'Anna',
    fileName: `M${n}.jpg`,
    status: 'finished',
    reading: '00100',
    resultSource: 'ai',
    toReview: true,
    taskId: `t${n}`,
    aiVersion: null,
    readAt: null,
    meterNumber: `M${n}`,
    publishedAt: minutes(0),
    ...over,
  };
}

/** Route `routeKey`'s sheet with meters M0..M(n-1), as Anna loads it at `at` (default T0). */
export function routeOfMeters(routeKey: string, n: number, at: Date = T0): RouteLoad {
  return {
    routeKey,
    sheetSha256: null,
    user: 'Anna',
    at,
    meters: Array.from({ length: n }, (_, i) => ({
      meterNumber: `M${i}`,
      sequence: i + 1,
      wholeDigits: 5,
      decimals: 0,
      previousReading: '00090',
      previousReadAt: '2026-01-02',
    })),
  };
}
