import { describe, expect, it } from 'vitest';
import type { BillingRow } from '../../../common/billing/billing-row';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { openOfficeDb } from '../../../main/office/store/office-db';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { olderOffice } from './older-office';

const office = useOfficeCluster();

/** Meter 0042's billing row as a desk's export writes it. */
function row(over: Partial<BillingRow>): BillingRow {
  return {
    meterId: '0042',
    account: 'A-1',
    address: null,
    route: 'R-12',
    sequence: 1,
    readAt: null,
    reading: null,
    aiReading: null,
    confirmation: null,
    readType: 'no_read',
    skipCode: null,
    skipNote: null,
    consumption: null,
    previousReading: '00123',
    previousReadAt: null,
    registerDecimals: 0,
    plausibility: null,
    reasons: '',
    useOnBill: false,
    photo: null,
    photoSha256: null,
    taskId: null,
    unmatched: false,
    duplicateOf: null,
    ...over,
  };
}

const at = (minute: number): Date => new Date(Date.UTC(2026, 2, 2, 8, minute));

describe.skipIf(officeSkip !== null)('office migration 003: billing rows', () => {
  it('keeps a schema-2 office as it was; its rows audited and versioned', async () => {
    const o = await olderOffice(office(), 1);
    await migrateOffice(o.pool, { upTo: 2 });
    const before = await o.pool.query('SELECT * FROM meters ORDER BY id');
    expect(await migrateOffice(o.pool, { upTo: 3 })).toEqual({ from: 2, to: 3 });
    expect((await o.pool.query('SELECT * FROM meters ORDER BY id')).rows).toEqual(before.rows);
    await migrateOffice(o.pool);

    // Desks no longer write billing rows (the office derives them, issue 30 item 2): what the
    // migration made still holds, written here as a desk's role would.
    const desk = openOfficeDb(await o.deskUrl('ben3'));
    const meter = await o.pool.query<{ id: string }>(`SELECT id FROM meters LIMIT 1`);
    const meterId = meter.rows[0]?.id;
    expect(meterId).toBeDefined();
    const write = async (who: string, r: BillingRow, minute: number): Promise<void> => {
      const c = await desk.connect();
      try {
        await c.query('BEGIN');
        await c.query(`SELECT set_config('app.user', $1, true)`, [who]);
        await c.query(
          `INSERT INTO billing_rows AS b (meter_id, desk, state, billable, billing_row, decided_at,
             published_at) VALUES ($1, $2, 'flagged', false, $3, $4, $4)
           ON CONFLICT (meter_id, desk) DO UPDATE SET billing_row = EXCLUDED.billing_row`,
          [meterId, who, JSON.stringify(r), at(minute)],
        );
        await c.query('COMMIT');
      } finally {
        c.release();
      }
    };
    try {
      await write('anna@pc1', row({}), 0);
      await write('ben@pc2', row({ reading: '00150' }), 1);
      await write('anna@pc1', row({ reading: '00150', useOnBill: true }), 6);
      const versions = await o.pool.query<{ desk: string; version: number }>(
        'SELECT desk, version FROM billing_rows ORDER BY desk',
      );
      expect(versions.rows).toEqual([
        { desk: 'anna@pc1', version: 2 },
        { desk: 'ben@pc2', version: 1 },
      ]);
      const trail = await o.pool.query<{ op: string; desk_user: string }>(
        `SELECT op, desk_user FROM audit WHERE table_name = 'billing_rows' ORDER BY id`,
      );
      expect(trail.rows).toEqual([
        { op: 'INSERT', desk_user: 'anna@pc1' },
        { op: 'INSERT', desk_user: 'ben@pc2' },
        { op: 'UPDATE', desk_user: 'anna@pc1' },
      ]);
      // A desk may add and change rows, never delete them.
      const refused = await desk
        .query('DELETE FROM billing_rows')
        .catch((e: unknown) => e as { code?: string });
      expect(refused).toMatchObject({ code: '42501' });
    } finally {
      await Promise.all([desk.end(), o.pool.end()]);
    }
  });
});
