// A clerk's decisions for meters (issue 22, items 3 and 4), made through the action layer on a
// real queue file: a meter exchange billed over both meters, a re-read that goes on the field
// list and is booked when its photo comes back, estimates that warn at the second, typed readings
// with their read date and checks, and undo of each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QueueActions } from '../../main/actions/queue-actions';
import { billingRows, meterReading, routeProgress } from '../../main/billing/meter-readings';
import type { Store } from '../../main/store/store';
import { NEW_METER, openDecisionQueue, type DecisionQueue } from './decision-queue';
import { MISSING_HEADER, writeMissingMeters } from '../../main/billing/missing-export';
import { exportBilling } from '../../main/billing/billing-export';
import { billingRow } from './billing-rows';

let queue: DecisionQueue;
let store: Store;
let dir: string;
let actions: QueueActions;
let sha = 0;

beforeEach(async () => {
  queue = openDecisionQueue('meterdesk-decisions-');
  ({ store, dir, actions } = queue);
  const loaded = await queue.loadSheet([
    'M1;R;10;5;1;00100,0;2026-10-23;1,5',
    'M2;R;20;5;1;00200,0;2026-10-23;2',
    'M3;R;30;5;1;00300,0;2026-10-23;1',
    'M4;R;40;5;1;00400,0;2026-10-23;1',
  ]);
  expect(loaded).toBe(true);
});
afterEach(() => {
  queue.close();
});

/** A photo named after its meter, read by the service as `reading` on `readAt`. */
function photo(relPath: string, reading: string, readAt: string): Promise<number> {
  return queue.readPhoto(relPath, reading, readAt, `sha-${String(++sha)}`.padEnd(64, '0'));
}

/** The CSV's cells (none of these hold a comma or a quote). */
const readMissingFile = (path: string): string[][] =>
  readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => line.split(','));

const rowOf = (meterId: string) => [...billingRows(store)].find((r) => r.meterId === meterId);

describe('a reading without its consumption', () => {
  it('is never billable: a lower reading a person confirmed is exported with use_on_bill no', async () => {
    const id = await photo('M1.jpg', '00012.0', '2026-11-22T09:00:00');
    expect(await actions.review(id, 'accepted', null)).toBe(true);
    expect(meterReading(store, 'M1')?.outcome.state).toBe('confirmed');
    expect(rowOf('M1')).toMatchObject({ consumption: null, useOnBill: false });
    const out = join(dir, 'billing.csv');
    await exportBilling([billingRow({ consumption: null, useOnBill: true })], out);
    const [header, line] = readMissingFile(out);
    expect(line?.[header?.indexOf('use_on_bill') ?? -1]).toBe('no');
  });
});

describe('meter decisions', () => {
  it('an exchange bills the consumption over both meters; undo brings the error back', async () => {
    await photo('M1.jpg', '00012.0', '2026-11-22T09:00:00');
    expect(meterReading(store, 'M1')?.outcome.state).toBe('flagged');
    // A lower reading with no decision: never billed as it is.
    expect(rowOf('M1')).toMatchObject({ useOnBill: false, consumption: null });

    const refused = await actions.decideMeter('M1', {
      ...NEW_METER,
      oldFinal: '00090.0',
      newStart: '00002.0',
    });
    expect(refused).toEqual({
      ok: false,
      problem: {
        code: 'old_final_below_previous',
        params: { oldFinal: '00090.0', previous: '00100.0' },
      },
    });
    const made = await actions.decideMeter('M1', {
      ...NEW_METER,
      oldFinal: '00130.0',
      newStart: '00002.0',
    });
    expect(made?.ok).toBe(true);
    // (130 − 100) + (12 − 2) = 40
    expect(rowOf('M1')).toMatchObject({
      reading: '00012.0',
      consumption: 40,
      useOnBill: true,
      readType: 'actual',
    });
    expect(rowOf('M1')?.reasons).toContain(
      'Meter exchanged on 2026-11-20: old meter M1 removed at 00130.0, new meter N1 installed at 00002.0.',
    );

    expect((await actions.undoMeterDecision('M1'))?.ok).toBe(true);
    expect(meterReading(store, 'M1')?.outcome.state).toBe('flagged');
    expect(await actions.undoMeterDecision('M1')).toEqual({
      ok: false,
      problem: { code: 'nothing_to_undo', params: {} },
    });
  });

  it("an exchange's consumption over both meters is checked like any other", async () => {
    await photo('M1.jpg', '00012.0', '2026-11-22T09:00:00');
    await actions.decideMeter('M1', { ...NEW_METER, oldFinal: '00130.0', newStart: '00002.0' });
    // 40 m³ in 30 days against 1.5 m³/day: plausible.
    expect(rowOf('M1')).toMatchObject({ consumption: 40, plausibility: 'ok' });
    // A final reading typed a digit too long: 1,040 m³ in 30 days is far too high.
    await actions.decideMeter('M1', { ...NEW_METER, oldFinal: '01130.0', newStart: '00002.0' });
    const check = meterReading(store, 'M1')?.outcome.check;
    expect(check?.consumption).toBe(1040);
    expect(check?.flagged.map((r) => r.code)).toEqual(
      expect.arrayContaining(['high_low.high', 'daily_jump.exceeded']),
    );
    expect(rowOf('M1')?.plausibility).toBe('error');
  });

  it('a re-read or an estimate takes the old photo out of the review queue; undo puts it back', async () => {
    const id = await photo('M2.jpg', '09999.0', '2026-11-22T09:00:00');
    const toReview = (): boolean | undefined => store.jobs.get(id)?.toReview;
    expect(toReview()).toBe(true);
    expect((await actions.decideMeter('M2', { kind: 'reread', reason: 'implausible' }))?.ok).toBe(
      true,
    );
    expect(toReview()).toBe(false);
    expect((await actions.undoMeterDecision('M2'))?.ok).toBe(true);
    expect(toReview()).toBe(true);
    expect((await actions.decideMeter('M2', { kind: 'estimate' }))?.ok).toBe(true);
    expect(toReview()).toBe(false);
    expect((await actions.undoMeterDecision('M2'))?.ok).toBe(true);
    expect(toReview()).toBe(true);
  });

  it('a re-read goes on the field list in walking order and is booked when its photo comes back', async () => {
    const first = await photo('M2.jpg', '09999.0', '2026-11-22T09:00:00');
    expect((await actions.decideMeter('M2', { kind: 'reread', reason: 'implausible' }))?.ok).toBe(
      true,
    );
    expect(
      await actions.decideMeter('M2', { kind: 'reread', reason: 'implausible' }),
    ).toMatchObject({
      ok: false,
      problem: { code: 'reread_pending' },
    });
    expect(await actions.recordSkip('M4', 'dog', 'Rottweiler')).toBe(true);
    expect(await actions.recordSkip('M3', 'damaged', null)).toBe(true);
    const { missing } = routeProgress(store);
    expect(missing.map((m) => [m.meterId, m.why])).toEqual([
      ['M1', 'no_reading'],
      ['M2', 'reread'],
      ['M4', 'skip'],
    ]);
    expect(missing[1]).toMatchObject({
      photo: 'M2.jpg',
      previousReading: '00200.0',
      previousReadAt: '2026-10-23',
      note: 'Re-read: the reading does not fit.',
    });
    const csv = await writeMissingMeters(join(dir, 'field.csv'), missing);
    const lines = readMissingFile(csv.path);
    expect(lines[0]).toEqual(MISSING_HEADER);
    expect(MISSING_HEADER.slice(5)).toEqual([
      'why',
      'visit',
      'photo',
      'previous_reading',
      'previous_read_at',
    ]);
    expect(lines[2]).toEqual([
      'M2',
      '',
      '',
      'R',
      '20',
      'Re-read: the reading does not fit.',
      'reread',
      'M2.jpg',
      '00200.0',
      '2026-10-23',
    ]);

    // In German (the window's language), header and reasons alike; the clerk's note as typed.
    const german = readMissingFile(
      (await writeMissingMeters(join(dir, 'feld.csv'), missing, 'de')).path,
    );
    expect(german[0]?.slice(0, 2)).toEqual(['Zählernummer', 'Vertragskonto']);
    expect(german.slice(1).map((l) => [l[0], l[5], l[6]])).toEqual([
      ['M1', 'Kein Foto dieses Zählers.', 'kein Stand'],
      ['M2', 'Nachablesen: der Zählerstand passt nicht.', 'Nachablesung'],
      ['M4', 'Nicht abgelesen: Hund (Rottweiler).', 'nicht abgelesen'],
    ]);

    const again = await photo('M2-again.jpg', '00260.0', '2026-11-23T08:00:00');
    const outcome = meterReading(store, 'M2')?.outcome;
    expect(outcome).toMatchObject({ state: 'confirmed', reading: '00260.0', rereadPending: false });
    expect(outcome?.chosen?.jobId).toBe(again);
    expect(outcome?.chosen?.jobId).not.toBe(first);
    expect(rowOf('M2')).toMatchObject({ consumption: 60, useOnBill: true });
    expect(routeProgress(store).missing.map((m) => m.meterId)).toEqual(['M1', 'M4']);
  });

  it('an estimate is average daily use × days, marked estimated; the second in a row warns', async () => {
    expect((await actions.decideMeter('M3', { kind: 'estimate', readAt: '2026-11-22' }))?.ok).toBe(
      true,
    );
    expect(rowOf('M3')).toMatchObject({
      reading: '00330.0',
      consumption: 30,
      readType: 'estimated',
      confirmation: 'estimated',
      readAt: '2026-11-22',
      useOnBill: true,
    });
    expect(meterReading(store, 'M3')?.outcome.notes.map((n) => n.code)).toEqual(['estimated']);

    // Next period: the billing system took the estimate as the previous reading.
    return queue.loadSheet(['M3;R;30;5;1;00330,0;2026-11-22;1'], 'next.csv').then(async () => {
      expect(
        (await actions.decideMeter('M3', { kind: 'estimate', readAt: '2026-12-22' }))?.ok,
      ).toBe(true);
      const notes = meterReading(store, 'M3')?.outcome.notes ?? [];
      expect(notes).toContainEqual({ code: 'estimates_in_a_row', params: { count: 2 } });
      expect(rowOf('M3')?.reasons).toContain('Estimate 2 in a row: read the meter.');
    });
  });

  it('an estimate needs an average and a previous reading before its date', async () => {
    expect(await actions.decideMeter('M3', { kind: 'estimate', readAt: '2026-10-01' })).toEqual({
      ok: false,
      problem: {
        code: 'date_before_previous',
        params: { readAt: '2026-10-01', previousReadAt: '2026-10-23' },
      },
    });
    expect(await actions.decideMeter('nope', { kind: 'estimate' })).toBeNull();
  });

  it("a typed reading takes the route's read day, is checked, changed and undone", async () => {
    await photo('M2.jpg', '00230.0', '2026-11-20T23:30:00');
    expect(await actions.typeReading('M1', '00130')).toBe(true);
    let outcome = meterReading(store, 'M1')?.outcome;
    // The route's read day as the camera wrote it, not the typing time's UTC day.
    expect(outcome).toMatchObject({ readAt: '2026-11-20', consumption: 30, confirmation: 'typed' });
    expect(outcome?.check?.level).toBe('ok');

    expect(await actions.typeReading('M1', '00900', '2026-11-21')).toBe(true);
    outcome = meterReading(store, 'M1')?.outcome;
    expect(outcome).toMatchObject({ reading: '00900', readAt: '2026-11-21', consumption: 800 });
    expect(outcome?.check?.level).not.toBe('ok');

    expect((await actions.undoMeterDecision('M1'))?.ok).toBe(true);
    expect(meterReading(store, 'M1')?.outcome).toMatchObject({ reading: '00130' });
    expect((await actions.undoMeterDecision('M1'))?.ok).toBe(true);
    expect(meterReading(store, 'M1')?.outcome.state).toBe('missing');
  });

  it('a skip is undone like any decision, and a skip over a typed reading brings it back', async () => {
    expect(await actions.typeReading('M4', '00410')).toBe(true);
    expect(await actions.recordSkip('M4', 'no_access', null)).toBe(true);
    expect(meterReading(store, 'M4')?.outcome.state).toBe('skipped');
    expect((await actions.undoMeterDecision('M4'))?.ok).toBe(true);
    expect(meterReading(store, 'M4')?.outcome).toMatchObject({
      state: 'confirmed',
      reading: '00410',
    });
  });
});
