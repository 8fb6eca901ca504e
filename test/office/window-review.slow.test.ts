// Review between clerks in the window (issue 23, items 4-6), through the contract into two real
// backends on one real throwaway PostgreSQL: Anna's window opens a meter and holds its review
// lease, which Ben's window shows with the time left and his walking review passes over; on the
// server's clock the lease runs out and the meter is free; the same meter decided at both desks: the second
// is refused with who changed it and what, and nothing is written at that desk; the first reaches
// Ben's window as an officeChange push and is in his meter's history.
import { describe, expect, it } from 'vitest';
import type { DecisionRequest } from '../../common/billing/decision-rules';
import { REVIEW_LEASE_MS } from '../../main/backend/office-review';
import { createManualClock } from '../helpers/manual-clock';
import { value, until, type Desktop } from '../ipc/helpers/desktop';
import { ANNA_PASSWORD } from './anna-office';
import { serverTimePasses } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { annaAndBen, BEN_PASSWORD, deskOf, METERS } from './window-desks';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)('review between clerks in the window', () => {
  it('shows who reviews a meter, walks past it, refuses a second edit and hears the first', async () => {
    const cluster = office();
    const start = Date.now();
    const { anna, ben } = await annaAndBen(cluster, new Date(start));

    const annaClock = createManualClock(start);
    const benClock = createManualClock(start);
    const a = await deskOf(anna, ANNA_PASSWORD, annaClock);
    const b = await deskOf(ben, BEN_PASSWORD, benClock);
    let annaOpen = true;
    try {
      const [m1 = '', m2 = '', m3 = '', m4 = ''] = METERS;
      const show = (desk: Desktop, meterId: string) => desk.bridge.officeShowMeter({ meterId });
      const decide = async (desk: Desktop, decision: DecisionRequest, officeVersion: number) =>
        value(await desk.bridge.decideMeter({ meterId: m3, decision, officeVersion }));
      // Anna opens the first meter: hers for 20 minutes; Ben's window says so.
      const held = value(await a.bridge.officeShowMeter({ meterId: m1 }));
      expect(held).toMatchObject({ state: 'shown', reviewer: { desk: 'anna@pc-7', mine: true } });
      const seen = value(await show(b, m1));
      if (seen.state !== 'shown' || !seen.reviewer) throw new Error('Ben sees no reviewer');
      expect(seen.reviewer).toMatchObject({ desk: 'anna@pc-7', clerk: 'anna', mine: false });
      // The time left is the server's, counted down on Ben's clock.
      const left = seen.reviewer.leaseUntil - benClock.now();
      expect(left).toBeLessThanOrEqual(REVIEW_LEASE_MS);
      expect(left).toBeGreaterThan(REVIEW_LEASE_MS - 60_000);

      // Ben's walk passes over Anna's meter; his next is the second, now his.
      expect(value(await b.bridge.officeWalkNext({ meterIds: METERS }))).toEqual({
        inOffice: true,
        meterId: m2,
      });

      // Anna's desk stops renewing (her clock stands still); on the server's clock her lease runs
      // out (Ben's clock moving on changes nothing) and the meter, still on his screen, is his.
      await benClock.advance(REVIEW_LEASE_MS + 60_000);
      expect(value(await show(b, m1))).toMatchObject({ reviewer: { desk: 'anna@pc-7' } });
      await serverTimePasses(cluster.adminOn(anna.database), REVIEW_LEASE_MS + 60_000, 'anna@pc-7');
      expect(value(await show(b, m1))).toMatchObject({
        state: 'shown',
        reviewer: { desk: 'ben@pc-2', mine: true },
      });
      expect(value(await show(a, m2))).toMatchObject({
        reviewer: { desk: 'ben@pc-2', mine: false },
      });

      // Both saw the third meter at the same version; Anna decides first.
      const annaSaw = value(await show(a, m3));
      const benSaw = value(await show(b, m3));
      if (annaSaw.state !== 'shown' || benSaw.state !== 'shown') throw new Error('not shown');
      expect(benSaw.version).toBe(annaSaw.version);
      const pushesBefore = b.events.length;
      const typed = { kind: 'typed', reading: '00150' } as const;
      expect((await decide(a, typed, annaSaw.version)).done).toBe(true);
      const skip = { kind: 'skip', code: 'no_access' } as const;
      expect(await decide(b, skip, benSaw.version)).toMatchObject({
        done: false,
        changedBy: { clerk: 'anna', desk: 'anna@pc-7', kind: 'type', reading: '00150' },
      });
      // Nothing of Ben's written at his desk (nothing in his outbox for the office): his queue
      // follows the office, Anna's decision named by her desk (issue 30, items 4 and 8).
      const bensM3 = async () => value(await b.bridge.meterDetail({ meterId: m3 })).decision;
      await until(async () => (await bensM3())?.desk === 'anna@pc-7', "Anna's decision at Ben's");
      expect(await bensM3()).toMatchObject({ decision: { kind: 'typed', reading: '00150' } });

      // Anna's decision reaches Ben's window as a push, and his history of the meter shows it.
      await until(
        () =>
          b.events
            .slice(pushesBefore)
            .some((e) => e.officeChange?.meterNumbers.includes(m3) === true),
        'the officeChange push at Ben’s window',
      );
      const history = value(await show(b, m3));
      expect(history).toMatchObject({
        state: 'shown',
        decidedElsewhere: { kind: 'type', desk: 'anna@pc-7', reading: '00150' },
        history: [{ kind: 'type', clerk: 'anna', desk: 'anna@pc-7', reading: '00150' }],
      });

      // Ben's window, showing the meter, took its lease once Anna's decision ended hers: while he
      // holds it, her next decision is refused with his name (issue 30, item 4).
      const reread = { kind: 'reread', reason: 'implausible' } as const;
      expect(await decide(a, reread, annaSaw.version)).toMatchObject({
        done: false,
        changedBy: { desk: 'ben@pc-2', kind: null },
      });
      value(await b.bridge.officeShowMeter({ meterId: null }));
      // Ben moved on. Anna again, on the version she saw before her own decision: no other
      // clerk's change is hidden from her, so it is made (her own changes never refuse her).
      expect((await decide(a, reread, annaSaw.version)).done).toBe(true);

      // Anna opens the last meter, then closes her window.
      expect(value(await show(a, m4))).toMatchObject({ reviewer: { mine: true } });
      const annas = `SELECT meter_id FROM review_leases WHERE desk = 'anna@pc-7'`;
      const admin = cluster.adminOn(anna.database);
      expect((await admin.query(annas)).rowCount).toBe(1);

      // Closing Anna's window drains her outbox: it publishes the same decisions with the same
      // keys, a no-op; the office holds each once, and nothing of Ben's.
      await a.close();
      annaOpen = false;
      const rows = await admin.query(
        `SELECT desk, kind FROM decisions WHERE meter_number = $1 ORDER BY id`,
        [m3],
      );
      expect(rows.rows).toEqual([
        { desk: 'anna@pc-7', kind: 'type' },
        { desk: 'anna@pc-7', kind: 'reread' },
      ]);
      const benRows = await admin.query(`SELECT 1 FROM decisions WHERE desk = 'ben@pc-2'`);
      expect(benRows.rowCount).toBe(0);
      // ... and gives back the meter she had open at once, not when its lease runs out.
      expect((await admin.query(annas)).rowCount).toBe(0);
    } finally {
      if (annaOpen) await a.close();
      await b.close();
    }
  }, 90_000);
});
