import { describe, expect, it } from 'vitest';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { openOfficeDb } from '../../../main/office/store/office-db';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { olderOffice, SHA_A } from './older-office';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)('office migration 001: the office record', () => {
  it("makes the record in a database that has only the office's own tables, leaving them be", async () => {
    const o = await olderOffice(office(), 0);
    try {
      await o.pool.query(`CREATE TABLE it_notes (note text); INSERT INTO it_notes VALUES ('kept')`);
      expect(await migrateOffice(o.pool, { upTo: 1 })).toEqual({ from: 0, to: 1 });
      const tables = await o.pool.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
      );
      expect(tables.rows.map((r) => r.name)).toEqual([
        'decisions',
        'it_notes',
        'meters',
        'office_schema',
        'photos',
        'readings',
        'review_leases',
        'routes',
      ]);
      expect((await o.pool.query('SELECT note FROM it_notes')).rows).toEqual([{ note: 'kept' }]);
    } finally {
      await o.pool.end();
    }
  });

  it('lets a desk role write readings and decisions but never change a decision', async () => {
    const o = await olderOffice(office(), 1);
    const desk = openOfficeDb(await o.deskUrl('anna'));
    try {
      await desk.query(
        `INSERT INTO readings (idempotency_key, sha256, desk, file_name, status, reading, published_at)
         VALUES ('k2', $1, 'anna@pc1', '0042.jpg', 'finished', '00152', now())`,
        [SHA_A],
      );
      const refused = await desk
        .query(`UPDATE decisions SET reading = '99999'`)
        .catch((e: unknown) => e as { code?: string });
      expect(refused).toMatchObject({ code: '42501' });
      // Readings keep leading zeros: text, never a number.
      const kept = await desk.query<{ reading: string }>(
        `SELECT reading FROM readings ORDER BY id`,
      );
      expect(kept.rows.map((r) => r.reading)).toEqual(['00150', '00152']);
    } finally {
      await desk.end();
      await o.pool.end();
    }
  });
});
