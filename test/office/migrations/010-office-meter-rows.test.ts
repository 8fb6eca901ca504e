import { describe, expect, it } from 'vitest';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { officeMigration010 } from '../../../main/office/store/migrations/010-office-meter-rows';
import { deriveOfficeRows } from '../../../main/office/store/office-rows';
import { openOfficeStore } from '../../../main/office/store/office-store';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { olderOffice, SHA_A } from './older-office';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)('office migration 010: derived meter rows kept', () => {
  it('lists every route of a populated 009 office, whose first read derives rows equal to a fresh derivation', async () => {
    const o = await olderOffice(office(), 1);
    try {
      await migrateOffice(o.pool, { upTo: 9 });
      // A 009 desk's reading of a second photo, for a meter the office does not have.
      await o.pool.query(
        `INSERT INTO photos (sha256, state, desk, file_name, claimed_at)
         VALUES ($1, 'read', 'anna@pc1', '0044.jpg', now())`,
        ['c'.repeat(64)],
      );
      await o.pool.query(
        `INSERT INTO readings (idempotency_key, sha256, meter_id, meter_number, desk, file_name,
           status, reading, result_source, published_at)
         VALUES ('anna@pc1:reading:2', $1, NULL, '0043', 'anna@pc1', '0044.jpg', 'finished',
                 '00077', 'fresh', '2026-03-02T09:00:00Z')`,
        ['c'.repeat(64)],
      );
      const before = {
        readings: (await o.pool.query('SELECT * FROM readings ORDER BY id')).rows,
        decisions: (await o.pool.query('SELECT * FROM decisions ORDER BY id')).rows,
        meters: (await o.pool.query('SELECT * FROM meters ORDER BY id')).rows,
      };
      expect(await migrateOffice(o.pool, { upTo: officeMigration010.version })).toEqual({
        from: 9,
        to: officeMigration010.version,
      });
      // Nothing the desks wrote changes; every route is listed, no row kept yet.
      expect((await o.pool.query('SELECT * FROM readings ORDER BY id')).rows).toEqual(
        before.readings,
      );
      expect((await o.pool.query('SELECT * FROM decisions ORDER BY id')).rows).toEqual(
        before.decisions,
      );
      expect((await o.pool.query('SELECT * FROM meters ORDER BY id')).rows).toEqual(before.meters);
      const listed = await o.pool.query<{ route_key: string }>(
        `SELECT r.route_key FROM office_rows_dirty d JOIN routes r ON r.id = d.route_id`,
      );
      expect(listed.rows).toEqual([{ route_key: 'R-12' }]);
      expect((await o.pool.query('SELECT * FROM office_meter_rows')).rows).toEqual([]);

      // A desk's first read derives them: 0042 with its correction, 0043 with its unlinked reading.
      // A desk works on the newest schema only (it refuses an older one): the rest first.
      await migrateOffice(o.pool);
      const desk = openOfficeStore(await o.deskUrl('anna'), { desk: 'anna@pc1' });
      try {
        const { rows } = await desk.billingRows();
        const fresh = await deriveOfficeRows(o.pool);
        const bySeq = <T extends { row: { sequence: number | null } }>(xs: T[]) =>
          xs.map((x) => ({ ...x })).sort((a, b) => (a.row.sequence ?? 0) - (b.row.sequence ?? 0));
        expect(bySeq(rows)).toEqual(
          bySeq(fresh).map(({ routeKey, desk: d, state, read, row }) => ({
            routeKey,
            desk: d,
            state,
            read,
            row,
          })),
        );
        expect(bySeq(rows).map((r) => [r.row.meterId, r.row.reading, r.row.photoSha256])).toEqual([
          ['0042', '00151', SHA_A],
          ['0043', '00077', 'c'.repeat(64)],
        ]);
        expect(
          (await o.pool.query('SELECT count(*)::int AS n FROM office_rows_dirty')).rows,
        ).toEqual([{ n: 0 }]);
      } finally {
        await desk.close();
      }
    } finally {
      await o.pool.end();
    }
  });
});
