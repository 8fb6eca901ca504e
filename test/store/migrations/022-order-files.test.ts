// Migration 022 on a populated queue from before it: route sheets and meters mean the same after,
// the order-file table starts empty, and an order file kept there comes back byte for byte with
// its SHA-256 (CR, LF, Latin-1 and NUL bytes included).
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { openStore } from '../../../main/store/store';
import { AT, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();

it('022 adds the order files, empty, keeps the sheets and meters, and keeps a file byte for byte', () => {
  const q = olderQueue(21);
  q.db
    .prepare(
      `INSERT INTO route_sheets (id, name, loaded_at, meters, mapping, encoding, delimiter)
       VALUES (1, 'r.csv', ?, 1, '{"version":1,"fields":{"meterId":"Zähler"}}', 'windows-1252', ';')`,
    )
    .run(AT);
  q.db
    .prepare(
      `INSERT INTO meters (meter_id, sheet_id, account, route, sequence, register_digits,
         register_decimals, previous_reading, previous_read_at, avg_daily_use, updated_at)
       VALUES ('0042', 1, 'A', 'R', 1, 5, 1, '00100.0', '2026-10-01', 1.5, ?)`,
    )
    .run(AT);
  const meters = rowsOf(q.db, 'meters');
  const sheets = rowsOf(q.db, 'route_sheets');

  expect(q.migrateTo(22)).toBe(22);
  expect(rowsOf(q.db, 'meters')).toEqual(meters);
  expect(rowsOf(q.db, 'route_sheets')).toEqual(sheets);
  expect(rowsOf(q.db, 'order_files')).toEqual([]);
  q.db.close();

  const store = openStore(q.file);
  try {
    expect(store.orderFiles.latest()).toBeNull();
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, 0x4d, 0xfc, 0x00, 0x3b, 0x0d, 0x0a, 0x20]);
    store.orderFiles.add({ sheetId: 1, name: 'o.csv', profile: '{}', bytes, fileTime: AT });
    const kept = store.orderFiles.latest();
    expect(kept?.bytes).toEqual(bytes);
    expect(kept?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(store.meters.get('0042')).toMatchObject({ previousReading: '00100.0' });
  } finally {
    store.close();
  }
});
