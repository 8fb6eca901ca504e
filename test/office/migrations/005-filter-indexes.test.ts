import { describe, expect, it } from 'vitest';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { officeMigration005 } from '../../../main/office/store/migrations/005-filter-indexes';
import { openOfficeStore } from '../../../main/office/store/office-store';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { olderOffice, SHA_A } from './older-office';

const office = useOfficeCluster();

/** The rows of the tables the indexes are on, as they read. */
const TABLES = ['meters', 'readings', 'decisions', 'photos'] as const;

describe.skipIf(officeSkip !== null)('office migration 005: indexes for every filter', () => {
  it('keeps an older office as it was, adds the indexes, and the desks find rows by them', async () => {
    const o = await olderOffice(office(), 1);
    await migrateOffice(o.pool, { upTo: officeMigration005.version - 1 });
    try {
      const before = await Promise.all(
        TABLES.map(
          async (t) =>
            (await o.pool.query<Record<string, unknown>>(`SELECT * FROM ${t} ORDER BY 1`)).rows,
        ),
      );
      expect(await migrateOffice(o.pool, { upTo: 5 })).toEqual({ from: 4, to: 5 });
      const after = await Promise.all(
        TABLES.map(
          async (t) =>
            (await o.pool.query<Record<string, unknown>>(`SELECT * FROM ${t} ORDER BY 1`)).rows,
        ),
      );
      expect(after).toEqual(before);
      const { rows } = await o.pool.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes
          WHERE indexname = ANY($1::text[]) ORDER BY indexname`,
        [
          [
            'meters_by_number',
            'readings_by_day',
            'readings_by_meter',
            'decisions_by_day',
            'decisions_by_photo',
          ],
        ],
      );
      expect(rows.map((r) => r.indexdef.replace(/ public\./g, ' '))).toEqual([
        'CREATE INDEX decisions_by_day ON decisions USING btree (decided_at)',
        'CREATE INDEX decisions_by_photo ON decisions USING btree (sha256)',
        'CREATE INDEX meters_by_number ON meters USING btree (meter_number)',
        'CREATE INDEX readings_by_day ON readings USING btree (published_at)',
        'CREATE INDEX readings_by_meter ON readings USING btree (meter_id)',
      ]);
      // The older desks' rows read as before through the store: the meter by its number, its
      // decision, and the photo's reading.
      const desk = openOfficeStore(await o.deskUrl('lena'), { desk: 'lena@pc3' });
      try {
        const review = await desk.review.meterReview('0042');
        expect(review?.meter).toMatchObject({ reviewState: 'flagged' });
        expect(review?.history).toMatchObject([{ kind: 'correct', reading: '00151' }]);
        expect(
          await desk.claimPhoto({
            sha256: SHA_A,
            desk: 'lena@pc3',
            fileName: 'x.jpg',
            leaseMs: 60_000,
          }),
        ).toMatchObject({
          kind: 'read',
          reading: { reading: '00150' },
        });
      } finally {
        await desk.close();
      }
    } finally {
      await o.pool.end();
    }
  });
});
