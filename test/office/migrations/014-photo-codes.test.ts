import { describe, expect, it } from 'vitest';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { openOfficeDb } from '../../../main/office/store/office-db';
import { CODE_CANDIDATES, codeDigits } from '../../../main/office/store/office-facts';
import { deriveOfficeRows } from '../../../main/office/store/office-rows';
import { officeMigration014 } from '../../../main/office/store/migrations/014-photo-codes';
import { openOfficeStore } from '../../../main/office/store/office-store';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { migrateTakingRows, olderOffice, SHA_A } from './older-office';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)('office migration 014: codes read on photos', () => {
  it('keeps a 013 office and its rows as they were, its readings with no codes; a desk sets codes on its own readings only', async () => {
    const o = await olderOffice(office(), 1);
    try {
      await migrateOffice(o.pool, { upTo: 13 });
      const tables = ['readings', 'decisions', 'meters', 'photos'];
      const { before, after } = await migrateTakingRows(
        o.pool,
        { from: 13, to: officeMigration014.version },
        tables,
      );
      // Every row as it was, the readings' codes not known; the rows derive as before.
      const readings = tables.indexOf('readings');
      expect(after[readings]?.map((r) => r.codes)).toEqual(before[readings]?.map(() => null));
      after[readings]?.forEach((r) => {
        delete r.codes;
      });
      expect(after).toEqual(before);
      expect(before[readings]?.length).toBeGreaterThan(0);
      const rows = await deriveOfficeRows(o.pool);
      const billed = rows.map((r) => [r.row.meterId, r.state, r.row.reading, r.row.reasons]);
      // As a 013 office derived them: the corrected reading billed, 0043 without a photo.
      expect(billed).toEqual([
        [
          '0042',
          'confirmed',
          '00151',
          expect.stringMatching(/^Not checked \(no previous read date/),
        ],
        ['0043', 'missing', null, 'No photo of this meter.'],
      ]);

      // The codes' look-up finds its meters on the migration's indexes.
      await o.pool.query(
        `UPDATE meters SET record = jsonb_build_object('meterId', meter_number, 'barcode', 'SN-' || meter_number)`,
      );
      const client = await o.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SET LOCAL enable_seqscan = off');
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${CODE_CANDIDATES}`, [
          [codeDigits('SN-0043')],
        ]);
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(text).toContain('meters_by_number_digits');
        expect(text).toContain('meters_by_barcode_digits');
        const found = await client.query(CODE_CANDIDATES, [[codeDigits('SN-0043')]]);
        expect(found.rows).toEqual([{ meter_number: '0043', barcode: 'SN-0043' }]);
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }

      // The reading's desk sets the photo's codes once; another desk's role may not. (The rows of
      // a 001 office were written by the owner: their desk is bound to its role as the owner would.)
      await o.pool.query(
        `INSERT INTO office_desks (desk, db_role) VALUES ('anna@pc1', 'desk_anna')`,
      );
      const anna = openOfficeStore(await o.deskUrl('anna'), { desk: 'anna@pc1' });
      try {
        const codes = [{ format: 'QRCode', text: 'SN-0043' }];
        const entry = { sha256: SHA_A, desk: 'anna@pc1', user: 'anna', codes, meterNumber: null };
        expect(await anna.publishBatch([{ kind: 'codes', codes: entry }])).toEqual([
          { written: true },
        ]);
        expect(await anna.publishBatch([{ kind: 'codes', codes: entry }])).toEqual([
          { written: false },
        ]);
        const kept = await o.pool.query<{ codes: unknown }>(
          'SELECT codes FROM readings WHERE sha256 = $1',
          [SHA_A],
        );
        expect(kept.rows).toEqual([{ codes }]);
        // Now the office's row says what the reading desk's says: the person's correction stands.
        const [coded] = await deriveOfficeRows(o.pool);
        expect(coded?.state).toBe('confirmed');
        expect(coded?.row.reasons).toMatch(
          /^The code on the photo \(SN-0043\) names meter 0043, not 0042: /,
        );
      } finally {
        await anna.close();
      }
      const ben = openOfficeDb(await o.deskUrl('ben'));
      try {
        await ben.query(
          `INSERT INTO readings (idempotency_key, sha256, desk, file_name, status, published_at)
           VALUES ('ben@pc2:reading:1', $1, 'ben@pc2', '0042.jpg', 'finished', now())`,
          [SHA_A],
        );
        await expect(
          ben.query(`UPDATE readings SET codes = '[]' WHERE desk = 'anna@pc1'`),
        ).rejects.toThrow(/may not change readings of desk anna@pc1/);
      } finally {
        await ben.end();
      }
    } finally {
      await o.pool.end();
    }
  });
});
