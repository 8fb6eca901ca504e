import { describe, expect, it } from 'vitest';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { officeMigration009 } from '../../../main/office/store/migrations/009-office-billing-facts';
import { openOfficeStore } from '../../../main/office/store/office-store';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { olderOffice } from './older-office';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)('office migration 009: billing from the office facts', () => {
  it('keeps an older office readings as they were; a reading published before its meter is linked by number', async () => {
    const o = await olderOffice(office(), 1);
    await migrateOffice(o.pool, { upTo: 7 });
    try {
      const before = (
        await o.pool.query<Record<string, unknown>>('SELECT * FROM readings ORDER BY id')
      ).rows;
      expect(before.length).toBeGreaterThan(0);
      expect(await migrateOffice(o.pool, { upTo: officeMigration009.version })).toEqual({
        from: 7,
        to: officeMigration009.version,
      });
      // The same rows, none written: the new column empty (no audit row for every reading).
      expect((await o.pool.query('SELECT * FROM readings ORDER BY id')).rows).toEqual(
        before.map((r) => ({ ...r, meter_number: null })),
      );
      const indexes = await o.pool.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE tablename = 'readings' ORDER BY 1`,
      );
      expect(indexes.rows.map((r) => r.indexname)).toEqual(
        expect.arrayContaining(['readings_by_read_at', 'readings_unlinked']),
      );

      // This version's desk on the newest schema (it writes columns of later migrations): a
      // reading of a meter the office does not have yet is kept with its number.
      await migrateOffice(o.pool);
      const desk = openOfficeStore(await o.deskUrl('nina'), { desk: 'nina@pc9' });
      try {
        await desk.publishReading({
          key: 'nina:1',
          sha256: 'c'.repeat(64),
          desk: 'nina@pc9',
          user: 'Nina',
          fileName: 'N-1.jpg',
          status: 'finished',
          reading: '00321',
          resultSource: 'fresh',
          toReview: false,
          taskId: 't-n1',
          aiVersion: null,
          readAt: '2026-03-02T08:00:00.000Z',
          meterNumber: 'N-1',
          publishedAt: new Date('2026-03-02T09:00:00Z'),
        });
        const kept = await o.pool.query(
          `SELECT meter_id, meter_number FROM readings WHERE idempotency_key = 'nina:1'`,
        );
        expect(kept.rows).toEqual([{ meter_id: null, meter_number: 'N-1' }]);
        // Once the office has the meter, its row bills the reading (rows are kept since 010).
        await desk.loadRoute({
          routeKey: 'R-9',
          sheetSha256: null,
          user: 'Nina',
          at: new Date('2026-03-02T10:00:00Z'),
          meters: [
            {
              meterNumber: 'N-1',
              sequence: 1,
              wholeDigits: 5,
              decimals: 0,
              previousReading: '00300',
              previousReadAt: '2026-01-02',
            },
          ],
        });
        const { rows } = await desk.billingRows();
        const n1 = rows.find((r) => r.row.meterId === 'N-1');
        expect(n1?.row.reading).toBe('00321');
        expect(n1?.desk).toBe('nina@pc9');
      } finally {
        await desk.close();
      }
    } finally {
      await o.pool.end();
    }
  });
});
