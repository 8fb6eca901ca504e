// Issue 30, item 5: one path for every decision. The action layer (QueueActions) asks a real
// office first, through the port it declares (OfficeFirstGate, main/office/office-first.ts), with
// the version the clerk saw; no window backend is involved. Accepted: the queue and its outbox
// entry are written under the office's key. Refused (another clerk's lease or change): nothing is
// written at the desk. Undo returns a flagged meter to flagged at the desk and in the office,
// whichever way the decision reached the office.
import { afterEach, describe, expect, it } from 'vitest';
import { meterReading } from '../../main/billing/meter-readings';
import { QueueActions } from '../../main/actions/queue-actions';
import { OfficeFirstGate } from '../../main/office/office-first';
import type { OfficeStore } from '../../main/office/store/office-store';
import { officeOutboxOf } from '../../main/store/office-outbox';
import { DECISIONS_NOW, openDecisionQueue, type DecisionQueue } from '../billing/decision-queue';
import { readPhoto } from '../billing/read-photo';
import { createManualClock } from '../helpers/manual-clock';
import {
  migratedOffice,
  minutes,
  publishedReading,
  routeOfMeters,
  type MigratedOffice,
} from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const LEASE = 20 * 60_000;

/** Anna's queue (meter M1 flagged: a reading far above its use) and her actions on the office. */
async function annaAt(
  officeStore: OfficeStore,
): Promise<{ q: DecisionQueue; actions: QueueActions }> {
  const q = openDecisionQueue('meterdesk-office-first-');
  cleanups.push(() => {
    q.close();
  });
  expect(await q.loadSheet(['M1;R;10;5;1;00100,0;2026-10-23;1,5'])).toBe(true);
  await readPhoto(q.store, {
    rootId: q.rootId,
    relPath: 'M1.jpg',
    reading: '09999.0',
    readAt: '2026-11-22T09:00:00',
    sha256: 'b'.repeat(64),
    now: new Date(DECISIONS_NOW),
  });
  const clock = createManualClock(DECISIONS_NOW);
  const outbox = officeOutboxOf(q.store.db, clock);
  outbox.publishAs({ desk: 'anna@pc1', clerk: 'anna' });
  const gate = new OfficeFirstGate({
    running: () => Promise.resolve({ office: officeStore }),
    me: () => outbox.desk(),
    clock: () => clock,
    // The answer's deadline on a clock that does not move: a loaded test machine is never "away".
    time: clock,
  });
  const actions = new QueueActions({
    store: () => q.store,
    engine: () => null,
    clock,
    office: () => gate,
  });
  return { q, actions };
}

/** An office with route R's meters M0 and M1, M1 flagged by a published reading. */
async function officeWithFlaggedM1(): Promise<{
  o: MigratedOffice;
  anna: OfficeStore;
  ben: OfficeStore;
}> {
  const o = await migratedOffice(office(), 2);
  cleanups.push(() => o.close());
  const [anna, ben] = o.desks;
  if (!anna || !ben) throw new Error('two desks');
  await anna.loadRoute(routeOfMeters('R', 2));
  await anna.publishReading(publishedReading(1));
  return { o, anna, ben };
}

describe.skipIf(officeSkip !== null)('a decision through the action layer, office first', () => {
  it('is made in the office on the version seen, then written here under the office key', async () => {
    const { o, anna } = await officeWithFlaggedM1();
    const { q, actions } = await annaAt(anna);
    const admin = office().adminOn(o.database);
    const seen = (await anna.review.meterReview('M1'))?.meter.version;

    const made = await actions.decideMeter('M1', { kind: 'typed', reading: '00115.0' }, seen);
    expect(made).toMatchObject({ ok: true });
    const inOffice = await admin.query<{ idempotency_key: string; kind: string; desk: string }>(
      'SELECT idempotency_key, kind, desk FROM decisions',
    );
    expect(inOffice.rows.map((r) => [r.kind, r.desk])).toEqual([['type', 'anna@pc1']]);
    const kept = officeOutboxOf(q.store.db, createManualClock(DECISIONS_NOW))
      .since(0, 100)
      .filter((e) => e.kind === 'decision');
    expect(kept.map((e) => e.key)).toEqual([inOffice.rows[0]?.idempotency_key]);
    const meter = await admin.query('SELECT review_state FROM meters WHERE meter_number = $1', [
      'M1',
    ]);
    expect(meter.rows).toEqual([{ review_state: 'decided' }]);
    expect(q.store.decisions.current('M1')?.decision.kind).toBe('typed');
  });

  it('refused in the office (a lease, then a change the clerk did not see) writes nothing here', async () => {
    const { o, anna, ben } = await officeWithFlaggedM1();
    const { q, actions } = await annaAt(anna);
    const admin = office().adminOn(o.database);
    const m1 = await anna.review.meterReview('M1');
    if (!m1) throw new Error('M1');
    const seen = m1.meter.version;
    const outboxDecisions = () =>
      officeOutboxOf(q.store.db, createManualClock(DECISIONS_NOW))
        .since(0, 100)
        .filter((e) => e.kind === 'decision');

    // Ben reviews M1: every kind of Anna's decision on it is refused with who and until when.
    await ben.review.takeLease(m1.meter.id, { desk: 'ben@pc2', clerk: 'ben', leaseMs: LEASE });
    const typed = await actions.decideMeter('M1', { kind: 'typed', reading: '00115.0' }, seen);
    expect(typed).toMatchObject({ ok: false, changedBy: { desk: 'ben@pc2', clerk: 'ben' } });
    expect(typed && 'changedBy' in typed && typed.changedBy.until).toBeGreaterThan(DECISIONS_NOW);
    expect(await actions.recordSkip('M1', 'no_access', null, seen)).toMatchObject({ ok: false });
    const photo = [...q.store.queries.iterate({})][0]?.id ?? 0;
    expect(await actions.review(photo, 'corrected', '00112.0', seen)).toMatchObject({ ok: false });

    // Ben decides and moves on; Anna's click on the version she saw is refused with his change.
    await ben.decideMeter({
      meterId: m1.meter.id,
      version: seen,
      key: 'ben@pc2:decision:1',
      kind: 'skip',
      desk: 'ben@pc2',
      clerk: 'ben',
      sha256: null,
      fileName: null,
      meterNumber: 'M1',
      reading: null,
      skipCode: 'no_access',
      note: null,
      decidedAt: minutes(5),
    });
    const late = await actions.decideMeter('M1', { kind: 'estimate' }, seen);
    expect(late).toMatchObject({
      ok: false,
      changedBy: { clerk: 'ben', kind: 'skip', until: null },
    });

    expect(q.store.decisions.current('M1')).toBeNull();
    expect(q.store.jobs.get(photo)?.reviewAction).toBeNull();
    expect(outboxDecisions()).toEqual([]);
    const desks = await admin.query('SELECT desk FROM decisions');
    expect(desks.rows).toEqual([{ desk: 'ben@pc2' }]);
  });

  it('an undo returns a flagged meter to flagged, at the desk and in the office', async () => {
    const { o, anna } = await officeWithFlaggedM1();
    const { q, actions } = await annaAt(anna);
    const admin = office().adminOn(o.database);
    const officeState = async (meter: string) =>
      (
        await admin.query<{ review_state: string }>(
          'SELECT review_state FROM meters WHERE meter_number = $1',
          [meter],
        )
      ).rows[0]?.review_state;
    expect(meterReading(q.store, 'M1')?.outcome.state).toBe('flagged');
    expect(await officeState('M1')).toBe('flagged');

    const seen = (await anna.review.meterReview('M1'))?.meter.version;
    expect(await actions.decideMeter('M1', { kind: 'estimate' }, seen)).toMatchObject({ ok: true });
    expect(await officeState('M1')).toBe('decided');
    const after = (await anna.review.meterReview('M1'))?.meter.version;
    expect(await actions.undoMeterDecision('M1', after)).toMatchObject({ ok: true });
    expect(meterReading(q.store, 'M1')?.outcome.state).toBe('flagged');
    expect(await officeState('M1')).toBe('flagged');

    // The same rule for a decision the office hears of from a desk's outbox (publishDecision):
    // two decisions and one undo leave the first standing; the second undo, M0 open again.
    const published = (key: string, kind: 'skip' | 'undo', at: number) =>
      anna.publishDecision({
        key,
        kind,
        desk: 'anna@pc1',
        clerk: 'anna',
        sha256: null,
        fileName: null,
        meterNumber: 'M0',
        reading: null,
        skipCode: kind === 'skip' ? 'no_access' : null,
        note: null,
        decidedAt: minutes(at),
      });
    await published('p1', 'skip', 10);
    await published('p2', 'skip', 11);
    await published('p3', 'undo', 12);
    expect(await officeState('M0')).toBe('decided');
    await published('p4', 'undo', 13);
    expect(await officeState('M0')).toBe('open');
    // Published again (a lost answer): nothing moves.
    await published('p2', 'skip', 11);
    expect(await officeState('M0')).toBe('open');
  });
});
