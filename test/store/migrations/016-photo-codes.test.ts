// Migration 016 on a populated queue written by the schema before it: every job and meter means
// what it meant (new columns aside); the photos already checked have their codes still to read,
// the ones not checked yet wait for their check first, and no meter has a barcode yet.
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../main/store/store';
import { AT, addRouteSheet, olderQueues, rowsOf } from './older-queue';

const olderQueue = olderQueues();

describe('migration 016: codes read on photos and meter serials', () => {
  it('keeps every row; checked photos have their codes to read', () => {
    const q = olderQueue(15);
    const root = q.addRoot('/photos');
    const add = q.db.prepare(
      `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, sha256, state, photo_check,
         created_at, updated_at) VALUES (?, ?, ?, 1, 0, ?, ?, ?, ?, ?)`,
    );
    const rows: [string, string | null][] = [
      ['queued', null],
      ['done', 'passed'],
      ['queued', 'held'],
      ['failed', null],
    ];
    rows.forEach(([state, check], i) => {
      add.run(
        root,
        `/p/${String(i)}.jpg`,
        `${String(i)}.jpg`,
        `h${String(i)}`,
        state,
        check,
        AT,
        AT,
      );
    });
    addRouteSheet(q.db, 1);
    q.db
      .prepare(`INSERT INTO meters (meter_id, sheet_id, updated_at) VALUES ('4711-0815', 1, ?)`)
      .run(AT);
    const jobs = rowsOf(q.db, 'jobs');
    const meters = rowsOf(q.db, 'meters');

    expect(q.migrateTo(16)).toBe(16);
    expect(rowsOf(q.db, 'jobs', ['photo_codes'])).toEqual(jobs);
    expect(rowsOf(q.db, 'meters', ['barcode'])).toEqual(meters);
    expect(q.db.prepare('SELECT barcode FROM meters').get()).toEqual({ barcode: null });
    q.db.close();

    const store = openStore(q.file);
    try {
      expect(store.jobs.unreadCodePhotos(10).map((p) => p.path)).toEqual(['/p/1.jpg', '/p/2.jpg']);
      expect(store.jobs.photoCodes(2)).toEqual([]);
      expect(store.jobs.recordCodes(2, [{ format: 'QRCode', text: '4711-0815' }])).toBe(true);
      expect(store.jobs.recordCodes(2, [])).toBe(false);
      expect(store.jobs.photoCodes(2)).toEqual([{ format: 'QRCode', text: '4711-0815' }]);
      expect(store.jobs.unreadCodePhotos(10).map((p) => p.path)).toEqual(['/p/2.jpg']);
    } finally {
      store.close();
    }
  });
});
