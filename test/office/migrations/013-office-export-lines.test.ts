import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportOfficeBilling } from '../../../main/office/office-export';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { officeMigration013 } from '../../../main/office/store/migrations/013-office-export-lines';
import { openOfficeStore } from '../../../main/office/store/office-store';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { migrateTakingRows, olderOffice } from './older-office';

const office = useOfficeCluster();

describe.skipIf(officeSkip !== null)('office migration 013: export lines kept', () => {
  it('keeps a 012 office and its kept rows as they were, its decisions naming no queue; the first export keeps every line, the next writes the same file', async () => {
    const o = await olderOffice(office(), 1);
    const dir = mkdtempSync(join(tmpdir(), 'office-013-'));
    try {
      // 012, the step before: a desk's read needs the office's profile and history (012).
      await migrateOffice(o.pool, { upTo: 12 });
      const desk = openOfficeStore(await o.deskUrl('anna'), { desk: 'anna@pc1' });
      try {
        // A 012 desk's read: the rows kept (office migration 010). This version's desk reads a
        // reading's codes (014), so the column stands in for that read and goes again: the rows
        // are those a 012 desk kept (no reading there has codes), the schema 012's.
        await o.pool.query('ALTER TABLE readings ADD COLUMN codes jsonb');
        const kept = (await desk.billingRows()).rows;
        await o.pool.query('ALTER TABLE readings DROP COLUMN codes');
        const tables = [
          'readings',
          'decisions',
          'meters',
          'office_meter_rows',
          'office_route_rows',
        ];
        const { before, after } = await migrateTakingRows(
          o.pool,
          { from: 12, to: officeMigration013.version },
          tables,
        );
        // Every row as it was; the decisions name no queue (a desk counts its own name's as its own).
        const decisions = tables.indexOf('decisions');
        expect(after[decisions]?.map((d) => d.queue)).toEqual(before[decisions]?.map(() => null));
        after[decisions]?.forEach((d) => {
          delete d.queue;
        });
        expect(after).toEqual(before);
        expect(before[decisions]?.length).toBeGreaterThan(0);
        const count = async (t: string) =>
          (await o.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0]?.n;
        expect(await count('office_meter_lines')).toBe(0);

        // The exports of this version's desk, on the newest schema.
        await migrateOffice(o.pool);
        const first = await exportOfficeBilling(desk, join(dir, 'first.csv'), null);
        expect(first.rows).toBe(kept.length);
        expect(await count('office_meter_lines')).toBe(kept.length);
        expect(await count('office_route_lines')).toBe(1);
        const again = await exportOfficeBilling(desk, join(dir, 'again.csv'), null);
        expect(again).toMatchObject({ rows: first.rows, desks: first.desks });
        const text = readFileSync(join(dir, 'again.csv'), 'utf8');
        expect(text).toBe(readFileSync(join(dir, 'first.csv'), 'utf8'));
        expect(text).toContain('0042');
      } finally {
        await desk.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await o.pool.end();
    }
  });
});
