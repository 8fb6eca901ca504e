// Asking a lease holder to hand a meter over (issue 30, item 4), through the contract into two
// real backends on one real throwaway PostgreSQL: Anna's window shows a meter and holds its lease;
// Ben asks her to hand it over; Anna's window hears the ask as a push, she hands it over, and the
// meter is Ben's in both windows; his decision on it goes.
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../helpers/manual-clock';
import { until, value } from '../ipc/helpers/desktop';
import { ANNA_PASSWORD } from './anna-office';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { annaAndBen, BEN_PASSWORD, deskOf, METERS } from './window-desks';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)('a review lease handed over in the window', () => {
  it('reaches the holder as a push; handed over, the meter is the asker’s', async () => {
    const cluster = office();
    const start = Date.now();
    const { anna, ben } = await annaAndBen(cluster, new Date(start));
    const a = await deskOf(anna, ANNA_PASSWORD, createManualClock(start));
    const b = await deskOf(ben, BEN_PASSWORD, createManualClock(start));
    try {
      const [m1 = ''] = METERS;
      expect(value(await a.bridge.officeShowMeter({ meterId: m1 }))).toMatchObject({
        reviewer: { desk: 'anna@pc-7', mine: true },
      });
      // Free of Anna's lease nobody else is asked: Ben asks about a meter nobody holds.
      expect(value(await b.bridge.officeAskHandover({ meterId: METERS[1] ?? '' }))).toEqual({
        holder: null,
      });
      const asked = value(await b.bridge.officeAskHandover({ meterId: m1 }));
      expect(asked.holder).toMatchObject({ desk: 'anna@pc-7', clerk: 'anna', mine: false });

      const ask = await until(
        () =>
          Promise.resolve(
            a.events.flatMap((e) => e.officeHandoverAsks ?? []).find((x) => x.meterNumber === m1),
          ),
        "Ben's ask in Anna's window",
      );
      expect(ask).toEqual({ meterNumber: m1, desk: 'ben@pc-2', clerk: 'ben' });
      // Ben's own window hears no ask of its own.
      expect(b.events.some((e) => e.officeHandoverAsks !== undefined)).toBe(false);

      const after = value(
        await a.bridge.officeHandOver({ meterId: m1, desk: ask.desk, clerk: ask.clerk }),
      );
      expect(after).toMatchObject({ state: 'shown', reviewer: { desk: 'ben@pc-2', mine: false } });
      const bens = value(await b.bridge.officeShowMeter({ meterId: m1 }));
      if (bens.state !== 'shown') throw new Error('Ben sees no meter');
      expect(bens.reviewer).toMatchObject({ desk: 'ben@pc-2', mine: true });

      const made = value(
        await b.bridge.decideMeter({
          meterId: m1,
          decision: { kind: 'skip', code: 'no_access' },
          officeVersion: bens.version,
        }),
      );
      expect(made).toMatchObject({ done: true });
    } finally {
      await a.close();
      await b.close();
    }
  }, 90_000);
});
