// Migration 025 on a populated queue from before it (24): every meter decision stays the meter's
// and reads as made at this desk (no desk named); the queue then keeps which office decisions it
// took, each once, and a decision taken from another desk names that desk.
import { expect, it } from 'vitest';
import { officeDecisionsTakenOf } from '../../../main/store/office-decisions-taken';
import { openStore } from '../../../main/store/store';
import { createManualClock } from '../../helpers/manual-clock';
import { addRouteSheet, AT, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();

it('025 keeps every decision as made here and records the office decisions taken once', () => {
  const q = olderQueue(24);
  addRouteSheet(q.db, 2);
  const meter = q.db.prepare(
    `INSERT INTO meters (meter_id, sheet_id, route, sequence, updated_at)
     VALUES (?, 1, 'R', ?, ?)`,
  );
  meter.run('M1', 1, AT);
  meter.run('M2', 2, AT);
  const decide = q.db.prepare(
    `INSERT INTO meter_decisions (meter_id, kind, params, made_at, undone_at) VALUES (?, ?, ?, ?, ?)`,
  );
  decide.run('M1', 'skip', '{"code":"no_access","note":null}', AT, null);
  decide.run('M2', 'typed', '{"reading":"00100","readAt":null}', AT, AT);
  decide.run('M2', 'skip', '{"code":"dog","note":"big"}', AT, null);
  const before = rowsOf(q.db, 'meter_decisions');

  expect(q.migrateTo(25)).toBe(25);
  expect(rowsOf(q.db, 'meter_decisions')).toEqual(before.map((r) => ({ ...r, desk: null })));
  q.db.close();

  const clock = createManualClock(Date.parse(AT));
  const store = openStore(q.file, { clock });
  try {
    expect(store.meters.get('M1')?.decision).toMatchObject({ decision: { kind: 'skip' } });
    expect(store.meters.get('M1')?.decision).not.toHaveProperty('desk');
    expect(store.meters.get('M2')?.decision?.decision).toEqual({
      kind: 'skip',
      code: 'dog',
      note: 'big',
    });

    const taken = officeDecisionsTakenOf(store.db, clock);
    const apply = (): boolean => {
      store.decisions.add(
        'M1',
        { kind: 'typed', reading: '00120', readAt: '2026-11-20' },
        { desk: 'ben@pc2', madeAt: '2026-11-20T08:00:00.000Z' },
      );
      return true;
    };
    expect(taken.take(7, 'ben@pc2', apply)).toBe('applied');
    expect(taken.take(7, 'ben@pc2', apply)).toBe('seen');
    expect(taken.take(9, 'ben@pc2', () => false)).toBe('not here');
    expect([taken.highest(), taken.takenAfter(0)]).toEqual([9, [7, 9]]);
    expect(store.meters.get('M1')?.decision).toMatchObject({
      desk: 'ben@pc2',
      madeAt: '2026-11-20T08:00:00.000Z',
      decision: { kind: 'typed', reading: '00120' },
    });
    expect(taken.forgetNotHere()).toBe(1);
    expect(taken.takenAfter(0)).toEqual([7]);
  } finally {
    store.close();
  }
});
