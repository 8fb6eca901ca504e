import { describe, expect, it } from 'vitest';
import { main } from '../../../main/cli/main';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { officeMigration007 } from '../../../main/office/store/migrations/007-audit-retention';
import { openOfficeDb } from '../../../main/office/store/office-db';
import { openOfficeStore } from '../../../main/office/store/office-store';
import { captureIo } from '../../helpers/cli-io';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { olderOffice } from './older-office';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)(
  'office migration 007: audited claims, audit retention',
  () => {
    it('keeps the audit trail as it was, audits claims, and prunes only what the office lets go', async () => {
      const o = await olderOffice(office(), 1);
      await migrateOffice(o.pool, { upTo: officeMigration007.version - 1 });
      try {
        // A change under migration 2's trigger, and one as old as an office's first cycle.
        await o.pool.query(`UPDATE meters SET sequence = 3 WHERE meter_number = '0043'`);
        await o.pool.query(`UPDATE meters SET sequence = 4 WHERE meter_number = '0043'`);
        await o.pool.query(
          `UPDATE audit SET at = now() - interval '11 years' WHERE id = (SELECT min(id) FROM audit)`,
        );
        const before = (await o.pool.query<{ id: string }>('SELECT * FROM audit ORDER BY id')).rows;
        expect(before).toHaveLength(2);
        expect(await migrateOffice(o.pool, { upTo: 7 })).toEqual({ from: 6, to: 7 });
        expect((await o.pool.query('SELECT * FROM audit ORDER BY id')).rows).toEqual(before);

        // A desk's claim is in the trail now, with its desk.
        const desk = openOfficeStore(await o.deskUrl('lena'), { desk: 'lena@pc3' });
        const deskDb = openOfficeDb(await o.deskUrl('lena'));
        try {
          await desk.claimPhoto({
            sha256: 'c'.repeat(64),
            desk: 'lena@pc3',
            fileName: 'c.jpg',
            leaseMs: 60_000,
          });
          const claims = await o.pool.query<{ op: string; desk: string }>(
            `SELECT op, after ->> 'desk' AS desk FROM audit WHERE table_name = 'photos'`,
          );
          expect(claims.rows).toEqual([{ op: 'INSERT', desk: 'lena@pc3' }]);
          // A desk reads the retention; it can neither change it nor delete the trail.
          const kept = await deskDb.query<{ keep_days: number }>(
            'SELECT keep_days FROM audit_retention',
          );
          expect(kept.rows).toEqual([{ keep_days: 3650 }]);
          await expect(deskDb.query('UPDATE audit_retention SET keep_days = 365')).rejects.toThrow(
            /permission denied/,
          );
          await expect(deskDb.query('DELETE FROM audit')).rejects.toThrow(/permission denied/);
        } finally {
          await desk.close();
          await deskDb.end();
        }

        // The owner's init prunes the 11-year-old row and says so, in the trail too.
        const io = captureIo({});
        expect(await main(['office', 'init', '--office', o.ownerUrl], io)).toBe(0);
        expect(io.stdout()).toMatch(
          /Audit: kept 10 years; 1 row from before \d{4}-\d\d-\d\d pruned\./,
        );
        const trail = await o.pool.query<{ table_name: string; row_key: string; rows: number }>(
          `SELECT table_name, row_key, (before ->> 'rows')::int AS rows FROM audit
          WHERE table_name = 'audit'`,
        );
        expect(trail.rows).toMatchObject([{ table_name: 'audit', rows: 1 }]);
        expect(
          (await o.pool.query('SELECT 1 FROM audit WHERE id = $1', [before[0]?.id])).rowCount,
        ).toBe(0);
        expect(
          (await o.pool.query('SELECT 1 FROM audit WHERE id = $1', [before[1]?.id])).rowCount,
        ).toBe(1);

        // A shorter retention, set by the owner: refused below a year, audited when set.
        const bad = captureIo({});
        expect(
          await main(['office', 'init', '--office', o.ownerUrl, '--audit-keep-years', '0'], bad),
        ).toBe(2);
        expect(bad.stderr()).toContain(
          '--audit-keep-years takes a whole number of years from 1 to 100, not "0".',
        );
        const two = captureIo({});
        expect(
          await main(['office', 'init', '--office', o.ownerUrl, '--audit-keep-years', '2'], two),
        ).toBe(0);
        expect(two.stdout()).toContain('Audit: kept 2 years; 0 rows from before');
        const set = await o.pool.query<{ before: unknown; after: unknown }>(
          `SELECT before, after FROM audit WHERE table_name = 'audit_retention'`,
        );
        expect(set.rows).toEqual([{ before: { keep_days: 3650 }, after: { keep_days: 730 } }]);
      } finally {
        await o.pool.end();
      }
    });
  },
);
