// Migration 018 on a populated queue from before it: meters and route sheets keep every value;
// the new columns (a meter's other cells, a sheet's other headers) start empty, and the store
// reads such meters as carrying nothing and such sheets as having no other columns.
import { expect, it } from 'vitest';
import { openStore } from '../../../main/store/store';
import { AT, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();

it('018 adds the sheet cells and other headers, empty, and keeps the rest', () => {
  const q = olderQueue(16);
  q.db
    .prepare(
      `INSERT INTO route_sheets (id, name, loaded_at, meters, mapping, encoding, delimiter)
       VALUES (1, 'r.csv', ?, 2, '{"version":1,"fields":{"meterId":"Zähler"}}', 'windows-1252', ';')`,
    )
    .run(AT);
  const meter = q.db.prepare(
    `INSERT INTO meters (meter_id, sheet_id, account, route, sequence, register_digits,
       register_decimals, previous_reading, previous_read_at, avg_daily_use, updated_at)
     VALUES (?, 1, 'A', 'R', ?, 5, 1, '00100.0', '2026-10-01', 1.5, ?)`,
  );
  meter.run('S1', 1, AT);
  meter.run('S2', 2, AT);
  const meters = rowsOf(q.db, 'meters');
  const sheets = rowsOf(q.db, 'route_sheets');

  expect(q.migrateTo(17)).toBe(17);
  expect(rowsOf(q.db, 'meters', ['sheet_cells'])).toEqual(meters);
  expect(rowsOf(q.db, 'route_sheets', ['other_headers'])).toEqual(sheets);
  expect(rowsOf(q.db, 'meters').map((r) => r.sheet_cells)).toEqual([null, null]);
  expect(rowsOf(q.db, 'route_sheets').map((r) => r.other_headers)).toEqual([null]);
  q.db.close();

  const store = openStore(q.file);
  try {
    expect(store.meters.get('S1')).toMatchObject({ previousReading: '00100.0', sheetCells: {} });
    expect(store.meters.otherHeaders()).toEqual([]);
  } finally {
    store.close();
  }
});
