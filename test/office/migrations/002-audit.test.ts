import { describe, expect, it } from 'vitest';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { inTransaction, openOfficeDb } from '../../../main/office/store/office-db';
import { officeSkip, OWNER, useOfficeCluster } from '../pg-cluster';
import { olderOffice, SHA_A } from './older-office';

const office = useOfficeCluster();

interface AuditRow {
  table_name: string;
  op: string;
  row_key: string;
  before: { reading?: string; version?: number } | null;
  after: { reading?: string; version?: number } | null;
  desk_user: string | null;
  db_user: string;
}

describe.skipIf(officeSkip !== null)('office migration 002: audit trail and versions', () => {
  it('keeps a schema-1 office as it was, and audits and versions every change after', async () => {
    const o = await olderOffice(office(), 1);
    const desk = openOfficeDb(await o.deskUrl('ben'));
    try {
      const before = await o.pool.query('SELECT * FROM readings ORDER BY id');
      expect(await migrateOffice(o.pool, { upTo: 2 })).toEqual({ from: 1, to: 2 });
      expect((await o.pool.query('SELECT * FROM readings ORDER BY id')).rows).toEqual(before.rows);
      // Rows from before the trail have no history; it starts with the migration.
      expect((await o.pool.query('SELECT count(*)::int AS n FROM audit')).rows).toEqual([{ n: 0 }]);

      await inTransaction(desk, 'Ben Clerk', (c) =>
        c.query(`UPDATE readings SET reading = '00155' WHERE sha256 = $1`, [SHA_A]),
      );
      const version = await desk.query<{ version: number }>('SELECT version FROM readings');
      expect(version.rows).toEqual([{ version: 2 }]);
      const trail = await desk.query<AuditRow>('SELECT * FROM audit ORDER BY id');
      expect(trail.rows).toHaveLength(1);
      expect(trail.rows[0]).toMatchObject({
        table_name: 'readings',
        op: 'UPDATE',
        row_key: '1',
        before: { reading: '00150', version: 1 },
        after: { reading: '00155', version: 2 },
        desk_user: 'Ben Clerk',
        db_user: 'desk_ben',
      });
    } finally {
      await desk.end();
      await o.pool.end();
    }
  });

  it('is owned by the owner role, and a desk role can neither change nor delete its rows', async () => {
    const o = await olderOffice(office(), 1);
    await migrateOffice(o.pool);
    const desk = openOfficeDb(await o.deskUrl('carl'));
    try {
      await inTransaction(desk, 'Carl', (c) =>
        c.query(`UPDATE meters SET review_state = 'decided' WHERE meter_number = '0042'`),
      );
      const owner = await o.pool.query<{ owner: string }>(
        `SELECT tableowner AS owner FROM pg_tables WHERE tablename = 'audit'`,
      );
      expect(owner.rows).toEqual([{ owner: OWNER }]);
      for (const sql of [
        `UPDATE audit SET desk_user = 'someone else'`,
        'DELETE FROM audit',
        'TRUNCATE audit',
        `INSERT INTO audit (table_name, op, row_key, db_user) VALUES ('meters', 'UPDATE', '1', 'x')`,
        'ALTER TABLE meters DISABLE TRIGGER meters_audit',
      ]) {
        const refused = await desk.query(sql).catch((e: unknown) => e as { code?: string });
        expect(refused, sql).toMatchObject({ code: '42501' });
      }
      const trail = await desk.query<AuditRow>('SELECT desk_user, op FROM audit');
      expect(trail.rows).toEqual([{ desk_user: 'Carl', op: 'UPDATE' }]);
    } finally {
      await desk.end();
      await o.pool.end();
    }
  });
});
