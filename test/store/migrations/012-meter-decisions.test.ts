// Migration 012 on a queue written by schema 11: each meter's skip code and typed reading become
// the first decision of its history, made when it was recorded; a meter with neither has none;
// the meters' rows are untouched (013 drops their old columns). After 013 the store shows every
// meter as before: skipped with its code and note, typed with its reading, the rest untouched.
import { expect, it } from 'vitest';
import { meterReading } from '../../../main/billing/meter-readings';
import { openStore } from '../../../main/store/store';
import { addRouteSheet, AT, olderQueues, rowsOf, type OlderQueue } from './older-queue';

const olderQueue = olderQueues();

/** A sheet with four meters as schema 11 kept them: skipped, typed, both (skip wins), neither. */
function fill(q: OlderQueue): void {
  addRouteSheet(q.db, 4);
  const meter = q.db.prepare(
    `INSERT INTO meters (meter_id, sheet_id, route, sequence, previous_reading, previous_read_at,
       skip_code, skip_note, typed_reading, typed_at, entry_at, updated_at)
     VALUES (@id, 1, 'R', @seq, '00100', '2026-10-01', @skip, @note, @typed, @typedAt, @entryAt, @at)`,
  );
  const none = { skip: null, note: null, typed: null, typedAt: null, entryAt: null, at: AT };
  meter.run({
    ...none,
    id: 'S1',
    seq: 1,
    skip: 'dog',
    note: 'Rottweiler',
    entryAt: '2026-11-20T10:00:00.000Z',
  });
  meter.run({
    ...none,
    id: 'T2',
    seq: 2,
    typed: '00123.5',
    typedAt: '2026-11-20T23:30:00.000Z',
    entryAt: '2026-11-20T23:30:00.000Z',
  });
  meter.run({ ...none, id: 'B3', seq: 3, skip: 'locked', entryAt: '2026-11-21T08:00:00.000Z' });
  meter.run({ ...none, id: 'N4', seq: 4 });
}

it('012 makes each skip and typed reading the first decision of its meter', () => {
  const q = olderQueue(11);
  fill(q);
  const meters = rowsOf(q.db, 'meters');
  expect(q.migrateTo(12)).toBe(12);
  expect(rowsOf(q.db, 'meters')).toEqual(meters);
  expect(
    q.db
      .prepare('SELECT meter_id, kind, params, made_at, undone_at FROM meter_decisions ORDER BY id')
      .all(),
  ).toEqual([
    {
      meter_id: 'S1',
      kind: 'skip',
      params: '{"code":"dog","note":"Rottweiler"}',
      made_at: '2026-11-20T10:00:00.000Z',
      undone_at: null,
    },
    {
      meter_id: 'B3',
      kind: 'skip',
      params: '{"code":"locked","note":null}',
      made_at: '2026-11-21T08:00:00.000Z',
      undone_at: null,
    },
    {
      meter_id: 'T2',
      kind: 'typed',
      params: '{"reading":"00123.5","readAt":null}',
      made_at: '2026-11-20T23:30:00.000Z',
      undone_at: null,
    },
  ]);
  expect(q.migrateTo(13)).toBe(13);
  q.db.close();

  const store = openStore(q.file);
  try {
    expect(store.meters.get('S1')).toMatchObject({ skipCode: 'dog', skipNote: 'Rottweiler' });
    expect(store.meters.get('B3')).toMatchObject({ skipCode: 'locked', typedReading: null });
    expect(store.meters.get('T2')).toMatchObject({
      skipCode: null,
      typedReading: '00123.5',
      typedAt: '2026-11-20T23:30:00.000Z',
    });
    expect(store.meters.get('N4')).toMatchObject({ decision: null, skipCode: null });
    // A typed reading whose date was never asked is dated when it was typed, as before.
    expect(meterReading(store, 'T2')?.outcome).toMatchObject({
      state: 'confirmed',
      reading: '00123.5',
      confirmation: 'typed',
      readAt: '2026-11-20T23:30:00.000Z',
    });
    expect(meterReading(store, 'S1')?.outcome.state).toBe('skipped');
  } finally {
    store.close();
  }
});
