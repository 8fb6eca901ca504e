import { describe, expect, it } from 'vitest';
import type { BillingRow } from '../../../common/billing/billing-row';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { openOfficeDb } from '../../../main/office/store/office-db';
import { openOfficeStore } from '../../../main/office/store/office-store';
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
  it('keeps a schema-2 office as it was; desks publish rows, audited and versioned', async () => {
    const o = await olderOffice(office(), 1);
    await migrateOffice(o.pool, { upTo: 2 });
    const before = await o.pool.query('SELECT * FROM meters ORDER BY id');
    expect(await migrateOffice(o.pool, { upTo: 3 })).toEqual({ from: 2, to: 3 });
    expect((await o.pool.query('SELECT * FROM meters ORDER BY id')).rows).toEqual(before.rows);
    await migrateOffice(o.pool);

    const anna = openOfficeStore(await o.deskUrl('anna3'), { desk: 'anna@pc1' });
    const ben = openOfficeStore(await o.deskUrl('ben3'), { desk: 'ben@pc2' });
    const desk = openOfficeDb(await o.deskUrl('ben3'));
    try {
      const publish = (who: typeof anna, name: string, r: BillingRow, minute: number) =>
        who.publishBilling({
          desk: name,
          user: name,
          dialect: { delimiter: ';', decimalMark: ',', dateFormat: 'dmy', encoding: 'utf-8-bom' },
          rows: [
            {
              routeKey: 'R-12',
              meterNumber: r.meterId ?? '',
              state: r.useOnBill ? 'confirmed' : r.reading === null ? 'missing' : 'flagged',
              billable: r.useOnBill,
              row: r,
            },
          ],
          at: at(minute),
        });
      // Anna has no photo of 0042; Ben's is read and flagged: Ben's row says more.
      expect(await publish(anna, 'anna@pc1', row({}), 0)).toBe(1);
      expect(await publish(ben, 'ben@pc2', row({ reading: '00150' }), 1)).toBe(1);
      // The same row again changes nothing: no new version, no audit row, its time kept.
      expect(await publish(ben, 'ben@pc2', row({ reading: '00150' }), 5)).toBe(0);
      let best = await anna.billingRows();
      expect(best.rows.map((r) => [r.desk, r.row.reading])).toEqual([['ben@pc2', '00150']]);
      expect(best.dialect).toMatchObject({ delimiter: ';' });
      // Anna confirms it later, billable: hers wins although Ben's is as new.
      const billable = row({ reading: '00150', useOnBill: true, consumption: 27 });
      expect(await publish(anna, 'anna@pc1', billable, 6)).toBe(1);
      best = await ben.billingRows();
      expect(best.rows.map((r) => [r.desk, r.state])).toEqual([['anna@pc1', 'confirmed']]);
      // A meter the office does not know (its route not published) is left out.
      expect(await publish(ben, 'ben@pc2', row({ meterId: '9999' }), 7)).toBe(0);

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
      await Promise.all([anna.close(), ben.close(), desk.end(), o.pool.end()]);
    }
  });
});
