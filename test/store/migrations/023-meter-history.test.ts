// Migration 023 on a populated queue from before it (22 while 022 is another change's number):
// meters keep every value, the new status and class columns start empty, and the history table
// starts empty, takes readings once per meter, day and read type, and refuses an unknown read type.
import { expect, it } from 'vitest';
import { openStore } from '../../../main/store/store';
import { addRouteSheet, AT, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();

it('023 adds meter history, empty, and the status and class of a meter, unset', () => {
  const q = olderQueue(22);
  addRouteSheet(q.db, 2);
  const meter = q.db.prepare(
    `INSERT INTO meters (meter_id, sheet_id, account, route, sequence, register_digits,
       register_decimals, previous_reading, previous_read_at, avg_daily_use, updated_at)
     VALUES (?, 1, 'A', 'R', ?, 5, 0, '00100', '2026-10-01', 0.4, ?)`,
  );
  meter.run('S1', 1, AT);
  meter.run('S2', 2, AT);
  const meters = rowsOf(q.db, 'meters');

  expect(q.migrateTo(23)).toBe(23);
  const added = ['account_status', 'status_since', 'meter_class'];
  expect(rowsOf(q.db, 'meters', added)).toEqual(meters);
  for (const row of rowsOf(q.db, 'meters'))
    for (const column of added) expect(row[column]).toBe(null);
  expect(rowsOf(q.db, 'meter_history')).toEqual([]);
  expect(() =>
    q.db
      .prepare(
        `INSERT INTO meter_history (meter_id, read_at, read_type, reading, source, added_at)
         VALUES ('S1', '2026-01-01', 'guessed', '1', 'import', ?)`,
      )
      .run(AT),
  ).toThrow(/CHECK/);
  q.db.close();

  const store = openStore(q.file);
  try {
    const first = {
      meterId: 'S1',
      readAt: '2025-10-01',
      reading: '00050',
      readType: 'actual' as const,
    };
    const rows = [
      first,
      { meterId: 'S1', readAt: '2026-01-01', reading: '00070', readType: 'estimated' as const },
    ];
    expect(store.history.add(rows, 'import').map((o) => o.kind)).toEqual(['added', 'added']);
    expect(store.history.add(rows, 'import').map((o) => o.kind)).toEqual(['same', 'same']);
    expect(store.history.add([{ ...first, reading: '00051' }], 'import')).toEqual([
      { kind: 'conflict', stored: '00050' },
    ]);
    expect(store.history.of('S1')).toEqual(rows.map(({ meterId: _, ...r }) => r));
    expect(store.meters.get('S1')).toMatchObject({ previousReading: '00100' });
  } finally {
    store.close();
  }
});
