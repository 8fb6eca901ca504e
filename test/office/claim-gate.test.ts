// The claim before upload, as the engine will ask it: send, wait for another desk, or take its
// reading; and while the office is away, send without asking (one failed try per outage).
import { describe, expect, it } from 'vitest';
import { ClaimGate } from '../../main/office/claim-gate';
import { createManualClock } from '../helpers/manual-clock';
import { publishedReading, sha, T0, withTwoDesks } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster({ halts: true });

describe.skipIf(officeSkip !== null)('the claim gate before upload', () => {
  it('sends a photo once in the office: the second desk waits, then takes the reading', async () => {
    await withTwoDesks(office(), async (annaDb, benDb) => {
      const clock = createManualClock(T0.getTime());
      const anna = new ClaimGate({ office: annaDb, desk: 'anna', clock });
      const ben = new ClaimGate({ office: benDb, desk: 'ben', clock });
      const photo = sha('the same photo on two desks');
      expect(await anna.check(photo, 'a.jpg')).toEqual({ kind: 'send', claimed: true });
      expect(await ben.check(photo, 'copy.jpg')).toMatchObject({ kind: 'wait', desk: 'anna' });
      await annaDb.publishReading(
        publishedReading(1, { sha256: photo, desk: 'anna', reading: '00042', taskId: 't1' }),
      );
      expect(await ben.check(photo, 'copy.jpg')).toMatchObject({
        kind: 'read',
        desk: 'anna',
        reading: { reading: '00042', taskId: 't1' },
      });
    });
  });

  it('sends without a claim while the office is away, asking again only after the outage wait', async () => {
    const cluster = office();
    await withTwoDesks(cluster, async (annaDb) => {
      const clock = createManualClock(T0.getTime());
      const anna = new ClaimGate({ office: annaDb, desk: 'anna', clock, outageMs: 30_000 });
      await cluster.cluster.halt();
      try {
        expect(await anna.check(sha('p1'), 'p1.jpg')).toEqual({ kind: 'send', claimed: false });
        expect(anna.officeAway).toBe(true);
      } finally {
        await cluster.cluster.resume();
      }
      // Back already, but the gate does not ask before the outage wait is over.
      expect(await anna.check(sha('p2'), 'p2.jpg')).toEqual({ kind: 'send', claimed: false });
      await clock.advance(30_000);
      expect(anna.officeAway).toBe(false);
      expect(await anna.check(sha('p3'), 'p3.jpg')).toEqual({ kind: 'send', claimed: true });
    });
  });
});
