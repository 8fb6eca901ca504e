import { describe, expect, it } from 'vitest';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { officeMigration006 } from '../../../main/office/store/migrations/006-shared-sheets';
import { openOfficeStore } from '../../../main/office/store/office-store';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { olderOffice } from './older-office';

const office = useOfficeCluster();

const TABLES = ['routes', 'meters'] as const;

describe.skipIf(officeSkip !== null)('office migration 006: shared route sheets', () => {
  it('keeps an older office as it was; its routes are not offered to desks until loaded again', async () => {
    const o = await olderOffice(office(), 1);
    await migrateOffice(o.pool, { upTo: officeMigration006.version - 1 });
    try {
      const read = (): Promise<Record<string, unknown>[][]> =>
        Promise.all(
          TABLES.map(
            async (t) =>
              (await o.pool.query<Record<string, unknown>>(`SELECT * FROM ${t} ORDER BY 1`)).rows,
          ),
        );
      const before = await read();
      expect(await migrateOffice(o.pool, { upTo: 6 })).toEqual({ from: 5, to: 6 });
      const after = await read();
      // The same rows, each with the new columns empty.
      expect(after[0]).toEqual(
        before[0]?.map((r) => ({ ...r, sheet: null, sheet_loaded_at: null })),
      );
      expect(after[1]).toEqual(before[1]?.map((r) => ({ ...r, record: null })));
      const desk = openOfficeStore(await o.deskUrl('lena'), { desk: 'lena@pc3' });
      try {
        // An older desk's route has no sheet to read its meters from: no desk takes it...
        expect(await desk.changedRoutes(new Map())).toEqual([]);
        // ...until a desk of this version gives it, newer than the older desk's load.
        const record = {
          meterId: '0042',
          account: 'K-1',
          address: 'Lindenweg 3',
          route: 'R-12',
          sequence: 1,
          registerDigits: 5,
          registerDecimals: 0,
          previousReading: '00123',
          previousReadingValue: 123,
          previousReadAt: '2026-01-05',
          avgDailyUse: 0.3,
          barcode: null,
          sheetCells: {},
        };
        const sheet = {
          name: 'r.csv',
          mapping: { version: 1 as const, fields: { meterId: 'meter_id' } },
          encoding: 'utf-8',
          delimiter: ';',
          otherHeaders: [],
        };
        const given = await desk.loadRoute({
          routeKey: 'R-12',
          sheetSha256: 'c'.repeat(64),
          sheet,
          loadedAt: new Date('2026-03-03T08:00:00Z'),
          meters: [
            {
              meterNumber: '0042',
              sequence: 1,
              wholeDigits: 5,
              decimals: 0,
              previousReading: '00123',
              previousReadAt: '2026-01-05',
              record,
            },
          ],
          user: 'lena@pc3',
          at: new Date('2026-03-03T08:00:00Z'),
        });
        expect(given).toEqual({ routeId: 1, taken: 'taken' });
        expect(await desk.changedRoutes(new Map())).toEqual([
          { routeKey: 'R-12', sheetSha256: 'c'.repeat(64), sheet, meters: [record] },
        ]);
        // The meter the older desk wrote and this desk did not give keeps its review state.
        const review = await desk.review.meterReview('0042');
        expect(review?.meter).toMatchObject({ reviewState: 'flagged' });
      } finally {
        await desk.close();
      }
    } finally {
      await o.pool.end();
    }
  });
});
