// Review between clerks in the window when calls cross (issue 23; docs/office.md), through the
// contract into Anna's and Ben's backends on one real throwaway PostgreSQL: a decision without the
// version the clerk saw is never made over another clerk's change; this desk's own later change
// does not hide another clerk's change before it; a meter's lease taken after the window moved on
// (the office slow for that one call) is given back, not kept from the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionRequest } from '../../common/billing/decision-rules';
import type { OfficeMeterView } from '../../common/ipc/office-review-views';
import { createManualClock } from '../helpers/manual-clock';
import { until, value, type Desktop } from '../ipc/helpers/desktop';
import { ANNA_PASSWORD } from './anna-office';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { annaAndBen, BEN_PASSWORD, deskOf, METERS } from './window-desks';

const office = useOfficeCluster();
const [M1 = '', M2 = '', M3 = '', M4 = ''] = METERS;
const typed = { kind: 'typed', reading: '00150' } as const;
const skip = { kind: 'skip', code: 'no_access' } as const;

const versionOf = (view: OfficeMeterView): number => {
  if (view.state !== 'shown') throw new Error(`the meter is ${view.state}`);
  return view.version;
};

describe.skipIf(officeSkip !== null)('review between clerks when calls cross', () => {
  let a: Desktop;
  let b: Desktop;
  let database = '';
  const shownVersion = async (desk: Desktop, meterId: string) =>
    versionOf(value(await desk.bridge.officeShowMeter({ meterId })));
  const decide = async (
    desk: Desktop,
    meterId: string,
    decision: DecisionRequest,
    officeVersion?: number,
  ) =>
    value(
      await desk.bridge.decideMeter({
        meterId,
        decision,
        ...(officeVersion !== undefined && { officeVersion }),
      }),
    );

  beforeAll(async () => {
    const start = Date.now();
    const { anna, ben } = await annaAndBen(office(), new Date(start));
    database = anna.database;
    a = await deskOf(anna, ANNA_PASSWORD, createManualClock(start));
    b = await deskOf(ben, BEN_PASSWORD, createManualClock(start));
  }, 60_000);
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('refuses a decision without a version over another clerk’s change', async () => {
    const seen = await shownVersion(a, M1);
    expect(await shownVersion(b, M1)).toBe(seen);
    // Anna's window shows the meter, so she holds its review lease: Ben's decision is refused
    // with who reviews it and until when (issue 30, item 4), however often he clicks.
    for (let i = 0; i < 2; i++) {
      expect(await decide(b, M1, typed, seen)).toMatchObject({
        done: false,
        changedBy: { desk: 'anna@pc-7', kind: null, until: expect.any(Number) as number },
      });
    }
    // Anna moves on: the meter is free, and Ben's decision on what he saw is made.
    value(await a.bridge.officeShowMeter({ meterId: null }));
    expect((await decide(b, M1, typed, seen)).done).toBe(true);
    // Anna's window had not read the meter's office view: no version goes with her decision.
    expect(await decide(a, M1, skip)).toMatchObject({
      done: false,
      changedBy: { clerk: 'ben', desk: 'ben@pc-2', kind: 'type' },
    });
    // Nothing of Anna's written: her queue follows the office, Ben's decision named by his desk.
    const annasM1 = async () => value(await a.bridge.meterDetail({ meterId: M1 })).decision;
    await until(async () => (await annasM1())?.desk === 'ben@pc-2', "Ben's decision at Anna's");
    expect(await annasM1()).toMatchObject({ decision: { kind: 'typed' } });
  });

  it('never retries over another clerk’s change hidden under this desk’s own', async () => {
    const annaSaw = await shownVersion(a, M2);
    value(await a.bridge.officeShowMeter({ meterId: null }));
    expect((await decide(b, M2, typed, await shownVersion(b, M2))).done).toBe(true);
    // Anna's desk changes the meter again on a version after Ben's ...
    expect((await decide(a, M2, skip, annaSaw + 1)).done).toBe(true);
    // ... and a call on the version she saw before Ben's change is refused, though the last
    // change is her own.
    const reread = { kind: 'reread', reason: 'implausible' } as const;
    expect(await decide(a, M2, reread, annaSaw)).toMatchObject({ done: false });
  });

  it('gives back a lease its slow office granted after the window moved on', async () => {
    const admin = office().adminOn(database);
    const locker = await admin.connect();
    try {
      // The office is slow for Anna's lease of the fourth meter: its row is locked meanwhile.
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM meters WHERE meter_number = $1 FOR UPDATE', [M4]);
      expect(value(await a.bridge.officeShowMeter({ meterId: M4 }))).toEqual({ state: 'away' });
      // Anna moves on to the third meter; then the office answers the late call.
      expect(value(await a.bridge.officeShowMeter({ meterId: M3 }))).toMatchObject({
        reviewer: { desk: 'anna@pc-7', mine: true },
      });
      await locker.query('COMMIT');
    } finally {
      locker.release();
    }
    const waiting = `SELECT 1 FROM pg_stat_activity
                      WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`;
    await until(async () => (await admin.query(waiting, [database])).rowCount === 0, 'late lease');
    // The fourth meter is free for Ben, not held by Anna's window, which shows another.
    await until(async () => {
      const view = value(await b.bridge.officeShowMeter({ meterId: M4 }));
      return view.state === 'shown' && view.reviewer?.mine === true;
    }, 'the fourth meter free for Ben');
  }, 60_000);
});
