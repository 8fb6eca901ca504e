// Issue 30, item 4, on a real server: clerk B, kept off a meter by clerk A's review lease, asks A
// to hand it over; A's desk hears the ask as a live note (its own listener, as the window's desk
// has); only A can hand over, and then the lease is B's: B's decision goes, A's is refused.
import { afterEach, describe, expect, it } from 'vitest';
import { OfficeLive, type OfficeLiveEvent } from '../../main/office/store/office-live';
import { createManualClock } from '../helpers/manual-clock';
import { migratedOffice, minutes, routeOfMeters, T0 } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const LEASE = 20 * 60_000;
const ANNA = { desk: 'anna@pc1', clerk: 'anna', leaseMs: LEASE };
const BEN = { desk: 'ben@pc2', clerk: 'ben', leaseMs: LEASE };

describe.skipIf(officeSkip !== null)('asking a lease holder to hand a meter over', () => {
  it('reaches the holder as a live note; the holder hands over and the lease is the asker’s', async () => {
    const o = await migratedOffice(office(), 2);
    cleanups.push(() => o.close());
    const [anna, ben] = o.desks;
    if (!anna || !ben) throw new Error('two desks');
    await anna.loadRoute(routeOfMeters('R', 2));
    const m0 = await anna.review.meterByNumber('M0');
    if (!m0) throw new Error('M0');

    const live = new OfficeLive({
      url: await o.deskUrl('anna'),
      clock: createManualClock(T0.getTime()),
      desk: ANNA.desk,
    });
    cleanups.push(() => live.close());
    await live.start();
    const heard: OfficeLiveEvent[] = [];
    const asked = new Promise<OfficeLiveEvent>((resolve) => {
      live.on((e) => {
        heard.push(e);
        if (e.kind === 'handover') resolve(e);
      });
    });

    // Free: nobody to ask, no note.
    expect(await ben.review.askHandover(m0.id, BEN)).toBeNull();
    expect((await anna.review.takeLease(m0.id, ANNA)).ok).toBe(true);
    // The holder asking itself: nobody to ask either.
    expect(await anna.review.askHandover(m0.id, ANNA)).toBeNull();

    const holder = await ben.review.askHandover(m0.id, BEN);
    expect(holder).toMatchObject({ desk: ANNA.desk, clerk: 'anna' });
    expect(holder?.leftMs).toBeGreaterThan(LEASE - 60_000);
    expect(await asked).toEqual({
      kind: 'handover',
      ask: { meterId: m0.id, meterNumber: 'M0', holder: ANNA.desk, desk: BEN.desk, clerk: 'ben' },
    });
    expect(heard.filter((e) => e.kind === 'handover')).toHaveLength(1);

    // Only the holder hands over: Ben cannot take it by naming Anna's lease as his own.
    const grab = await ben.review.handOverLease(m0.id, BEN.desk, BEN);
    expect(grab).toMatchObject({ ok: false, holder: { desk: ANNA.desk } });
    expect((await ben.review.takeLease(m0.id, BEN)).ok).toBe(false);

    const handed = await anna.review.handOverLease(m0.id, ANNA.desk, BEN);
    expect(handed).toMatchObject({ ok: true });
    expect((await ben.review.meterReview('M0'))?.holder).toMatchObject({ desk: BEN.desk });
    // Handed over once: Anna no longer holds it, a second hand-over is refused with Ben.
    expect(await anna.review.handOverLease(m0.id, ANNA.desk, ANNA)).toMatchObject({
      ok: false,
      holder: { desk: BEN.desk },
    });

    // The lease protects its new holder: Anna's decision is refused, Ben's goes.
    const version = (await anna.review.meterReview('M0'))?.meter.version ?? 0;
    const decide = (who: typeof ANNA, key: string) =>
      (who === ANNA ? anna : ben).decideMeter({
        meterId: m0.id,
        version,
        key,
        kind: 'skip',
        desk: who.desk,
        clerk: who.clerk,
        sha256: null,
        fileName: null,
        meterNumber: 'M0',
        reading: null,
        skipCode: 'no_access',
        note: null,
        decidedAt: minutes(1),
      });
    expect(await decide(ANNA, 'a1')).toMatchObject({ ok: false, heldBy: { desk: BEN.desk } });
    expect(await decide(BEN, 'b1')).toMatchObject({ ok: true });
  });
});
