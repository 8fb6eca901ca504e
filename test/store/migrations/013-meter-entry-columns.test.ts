// Migration 013 on a queue written by schema 12: the meters' old skip and typed-reading columns
// go; every other column of every meter, and the decisions, are as they were.
import { expect, it } from 'vitest';
import { openStore } from '../../../main/store/store';
import { addRouteSheet, AT, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();

const GONE = ['skip_code', 'skip_note', 'typed_reading', 'typed_at', 'entry_at'];

it('013 drops the old entry columns and keeps the rest', () => {
  const q = olderQueue(12);
  addRouteSheet(q.db, 2);
  const meter = q.db.prepare(
    `INSERT INTO meters (meter_id, sheet_id, account, route, sequence, register_digits,
       register_decimals, previous_reading, previous_read_at, avg_daily_use, updated_at)
     VALUES (?, 1, 'A', 'R', ?, 5, 1, '00100.0', '2026-10-01', 1.5, ?)`,
  );
  meter.run('E1', 1, AT);
  meter.run('E2', 2, AT);
  q.db
    .prepare(
      `INSERT INTO meter_decisions (meter_id, kind, params, made_at)
       VALUES ('E1', 'reread', '{"reason":"implausible","note":null,"afterJobId":0,"photoJobId":null}', ?)`,
    )
    .run(AT);
  const meters = rowsOf(q.db, 'meters', GONE);
  const decisions = rowsOf(q.db, 'meter_decisions');

  expect(q.migrateTo(13)).toBe(13);
  expect(rowsOf(q.db, 'meters')).toEqual(meters);
  expect(rowsOf(q.db, 'meter_decisions')).toEqual(decisions);
  const columns = q.db
    .prepare<[], { name: string }>('PRAGMA table_info(meters)')
    .all()
    .map((c) => c.name);
  for (const gone of GONE) expect(columns).not.toContain(gone);
  q.db.close();

  const store = openStore(q.file);
  try {
    expect(store.meters.get('E1')?.decision?.decision).toMatchObject({
      kind: 'reread',
      reason: 'implausible',
    });
    expect(store.meters.get('E2')).toMatchObject({ avgDailyUse: 1.5, decision: null });
  } finally {
    store.close();
  }
});
