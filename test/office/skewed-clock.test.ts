// A desk whose clock runs 15 minutes fast or slow (issue 30: a desk 16 minutes ahead paid 9 photos
// twice). Claims run on the server's clock, so the skewed desk neither takes another desk's claim
// as run out nor loses its own early: every photo is sent by one desk.
import { describe, expect, it } from 'vitest';
import { ClaimGate, type ClaimVerdict } from '../../main/office/claim-gate';
import { createManualClock } from '../helpers/manual-clock';
import { migratedOffice, sha } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();
const SKEW = 15 * 60_000;
const LEASE = 10 * 60_000;

describe.skipIf(officeSkip !== null)('a desk whose clock is 15 minutes off', () => {
  it('takes no claim of another desk and sends every photo once', async () => {
    const o = await migratedOffice(office(), 3);
    try {
      const [onTime, fast, slow] = o.desks;
      if (!onTime || !fast || !slow) throw new Error('three desks');
      const clocks = {
        'on-time': createManualClock(Date.now()),
        fast: createManualClock(Date.now() + SKEW),
        slow: createManualClock(Date.now() - SKEW),
      };
      const gate = (db: typeof onTime, desk: keyof typeof clocks) =>
        new ClaimGate({ office: db, desk, clock: clocks[desk], leaseMs: LEASE });
      const gates = {
        'on-time': gate(onTime, 'on-time'),
        fast: gate(fast, 'fast'),
        slow: gate(slow, 'slow'),
      };
      const photos = (name: string) => Array.from({ length: 8 }, (_, i) => sha(`${name} ${i}`));

      // The slow desk's claims look 5 minutes over to the fast desk's clock; the fast desk's
      // claims look 25 minutes long to the slow desk's. Neither is taken over.
      for (const [owner, other] of [
        ['slow', 'fast'],
        ['fast', 'slow'],
        ['on-time', 'fast'],
        ['on-time', 'slow'],
      ] as const) {
        for (const photo of photos(`${owner} first`)) {
          expect(await gates[owner].check(photo, 'p.jpg')).toEqual({ kind: 'send', claimed: true });
          const second = await gates[other].check(photo, 'p.jpg');
          expect(second).toMatchObject({ kind: 'wait', desk: owner });
          // Asked again when the owner's lease ends, counted on the asking desk's clock.
          const until = (second as Extract<ClaimVerdict, { kind: 'wait' }>).until.getTime();
          const ahead = until - clocks[other].now();
          expect(ahead).toBeLessThanOrEqual(LEASE);
          expect(ahead).toBeGreaterThan(LEASE - 60_000);
        }
      }

      // All three at once over the same photos: each is sent by exactly one desk.
      const shared = photos('shared');
      const verdicts = await Promise.all(
        Object.entries(gates).flatMap(([desk, g]) =>
          shared.map(async (photo) => ({ desk, photo, verdict: await g.check(photo, 'p.jpg') })),
        ),
      );
      for (const photo of shared) {
        const sent = verdicts.filter((v) => v.photo === photo && v.verdict.kind === 'send');
        expect(sent, photo).toHaveLength(1);
      }
    } finally {
      await o.close();
    }
  });
});
