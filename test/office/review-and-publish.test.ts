// Review split between clerks (leases with SKIP LOCKED), edits checked by version, and publishing
// with idempotency keys, on a real server with each desk on connections of its own.
import { describe, expect, it } from 'vitest';
import type { OfficeStore } from '../../main/office/store/office-store';
import {
  migratedOffice,
  minutes,
  publishedReading,
  routeOfMeters,
  serverTimePasses,
  withTwoDesks,
} from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();
const LEASE = 20 * 60_000;

/** A route of `n` meters, each with a flagged reading published. */
async function flaggedRoute(desk: OfficeStore, n: number): Promise<void> {
  await desk.loadRoute(routeOfMeters('R-7', n));
  for (let i = 0; i < n; i++) await desk.publishReading(publishedReading(i));
}

describe.skipIf(officeSkip !== null)('review leases and versioned edits', () => {
  it('gives 8 clerks asking at once 8 different flagged meters, and a run-out lease back', async () => {
    const o = await migratedOffice(office(), 8);
    try {
      const [first] = o.desks;
      if (!first) throw new Error('desks');
      await flaggedRoute(first, 10);
      const leases = await Promise.all(
        o.desks.map((desk, i) =>
          desk.leaseNextFlagged({
            desk: `desk-${i}`,
            clerk: `clerk ${i}`,
            leaseMs: LEASE,
          }),
        ),
      );
      const meters = leases.map((l) => l?.meterNumber);
      expect(meters.every((m) => m !== undefined)).toBe(true);
      expect(new Set(meters).size).toBe(8);
      // Two left; then none until a lease runs out.
      const more = { desk: 'desk-0', clerk: 'clerk 0', leaseMs: LEASE };
      const admin = office().adminOn(o.database);
      await serverTimePasses(admin, 60_000);
      const last = [await first.leaseNextFlagged(more), await first.leaseNextFlagged(more)];
      expect(last.every((l) => l !== null)).toBe(true);
      expect(await first.leaseNextFlagged(more)).toBeNull();
      const taken = leases[3];
      if (!taken) throw new Error('lease');
      await serverTimePasses(admin, 7 * 60_000);
      expect((await first.review.meterReview(taken.meterNumber))?.holder).toMatchObject({
        clerk: 'clerk 3',
      });
      // The eight desks crashed: 20 minutes on (the server's) their leases have run out (the last
      // two run a minute longer), and the next flagged meter is the first of theirs in walking
      // order.
      await serverTimePasses(admin, 12 * 60_000 + 1_000);
      const back = await first.leaseNextFlagged(more);
      expect(back?.meterNumber).toBe([...meters].sort()[0]);
    } finally {
      await o.close();
    }
  });

  it("refuses a second clerk's change to the same meter, saying who changed it and what", async () => {
    await withTwoDesks(office(), async (anna, ben) => {
      await flaggedRoute(anna, 1);
      const lease = await anna.leaseNextFlagged({
        desk: 'anna',
        clerk: 'Anna',
        leaseMs: LEASE,
      });
      if (!lease) throw new Error('lease');
      // Both opened the meter at the version publishing left it.
      const seen = 2;
      const decision = {
        meterId: lease.meterId,
        version: seen,
        skipCode: null,
        note: null,
        sha256: null,
        fileName: null,
        meterNumber: null,
      };
      expect(
        await anna.decideMeter({
          ...decision,
          key: 'a1',
          kind: 'correct',
          desk: 'anna',
          clerk: 'Anna',
          reading: '00105',
          decidedAt: minutes(2),
        }),
      ).toEqual({ ok: true, version: 3 });
      expect(
        await ben.decideMeter({
          ...decision,
          key: 'b1',
          kind: 'correct',
          desk: 'ben',
          clerk: 'Ben',
          reading: '00999',
          decidedAt: minutes(3),
        }),
      ).toEqual({
        ok: false,
        changedBy: {
          clerk: 'Anna',
          desk: 'anna',
          kind: 'correct',
          reading: '00105',
          at: minutes(2),
          version: 3,
        },
      });
      // The decision ended Anna's lease.
      expect((await anna.review.meterReview(lease.meterNumber))?.holder).toBeNull();
    });
  });
});

describe.skipIf(officeSkip !== null)('a review lease', () => {
  it("protects its holder: another clerk's decision is refused with who and how long, every time", async () => {
    await withTwoDesks(office(), async (anna, ben, o) => {
      await flaggedRoute(anna, 1);
      const lease = await anna.leaseNextFlagged({ desk: 'anna', clerk: 'Anna', leaseMs: LEASE });
      if (!lease) throw new Error('lease');
      const seen = 2;
      const decide = (who: OfficeStore, desk: string, key: string, reading: string) =>
        who.decideMeter({
          meterId: lease.meterId,
          version: seen,
          sha256: null,
          fileName: null,
          meterNumber: null,
          skipCode: null,
          note: null,
          key,
          kind: 'correct',
          desk,
          clerk: desk,
          reading,
          decidedAt: minutes(2),
        });
      // Ben saw the meter's current version, but Anna reviews it: refused, a second click too.
      for (const key of ['b1', 'b2']) {
        const refused = await decide(ben, 'ben', key, '00999');
        expect(refused).toMatchObject({ ok: false, heldBy: { desk: 'anna', clerk: 'Anna' } });
        if (refused.ok || !('heldBy' in refused)) throw new Error('refused');
        expect(refused.heldBy.leftMs).toBeGreaterThan(LEASE - 60_000);
        expect(refused.heldBy.leftMs).toBeLessThanOrEqual(LEASE);
      }
      const admin = office().adminOn(o.database);
      const decisions = await admin.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM decisions',
      );
      expect(decisions.rows).toEqual([{ n: 0 }]);
      // The holder decides as she meant to.
      expect(await decide(anna, 'anna', 'a1', '00105')).toEqual({ ok: true, version: seen + 1 });

      // A lease run out on the server's clock protects nobody: Ben's decision on what he saw goes.
      await flaggedRoute(anna, 2);
      const next = await anna.leaseNextFlagged({ desk: 'anna', clerk: 'Anna', leaseMs: LEASE });
      if (!next) throw new Error('lease');
      await serverTimePasses(admin, LEASE + 1_000);
      const version = (await ben.review.meterReview(next.meterNumber))?.meter.version ?? 0;
      expect(
        await ben.decideMeter({
          meterId: next.meterId,
          version,
          sha256: null,
          fileName: null,
          meterNumber: null,
          skipCode: null,
          note: null,
          key: 'b3',
          kind: 'correct',
          desk: 'ben',
          clerk: 'Ben',
          reading: '00222',
          decidedAt: minutes(3),
        }),
      ).toEqual({ ok: true, version: version + 1 });
    });
  });
});

describe.skipIf(officeSkip !== null)('publishing with idempotency keys', () => {
  it('writes a reading and a decision once however often they are published', async () => {
    const o = await migratedOffice(office(), 1);
    const [desk] = o.desks;
    if (!desk) throw new Error('desk');
    const admin = office().adminOn(o.database);
    try {
      const r = publishedReading(1, { meterNumber: null });
      expect(await desk.publishReading(r)).toEqual({ written: true });
      expect(await desk.publishReading(r)).toEqual({ written: false });
      const d = {
        key: 'desk-0:decision:1',
        kind: 'correct' as const,
        desk: 'desk-0',
        clerk: 'Anna',
        sha256: r.sha256,
        fileName: r.fileName,
        meterNumber: null,
        reading: '00101',
        skipCode: null,
        note: null,
        decidedAt: minutes(1),
      };
      await Promise.all([desk.publishDecision(d), desk.publishDecision(d)]).catch(() => undefined);
      expect(await desk.publishDecision(d)).toEqual({ written: false });
      const counts = await admin.query<{ readings: number; decisions: number; audit: number }>(
        `SELECT (SELECT count(*)::int FROM readings) AS readings,
                (SELECT count(*)::int FROM decisions) AS decisions,
                (SELECT count(*)::int FROM audit WHERE desk_user = 'Anna') AS audit`,
      );
      // Audited once each: the reading, the decision, the photo marked read (office migration
      // 007 audits the photo index, claims included) and desk-0's name bound to its role (008).
      expect(counts.rows[0]).toEqual({ readings: 1, decisions: 1, audit: 4 });
    } finally {
      await o.close();
    }
  });
});
