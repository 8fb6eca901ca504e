import { describe, expect, it } from 'vitest';
import { migrateOffice } from '../../../main/office/store/migrate-office';
import { openOfficeDb } from '../../../main/office/store/office-db';
import { officeMigration011 } from '../../../main/office/store/migrations/011-office-order-files';
import { sha256Of } from '../../../main/office/store/office-order-files';
import { openOfficeStore } from '../../../main/office/store/office-store';
import { officeSkip, useOfficeCluster } from '../pg-cluster';
import { migrateTakingRows, olderOffice } from './older-office';

const office = useOfficeCluster();
/** Latin-1 bytes with a CRLF and trailing spaces: what must come back unchanged. */
const BYTES = Buffer.from('HDR M\xfcllheim  \r\nRDG 0042 \r\n', 'latin1');

describe.skipIf(officeSkip !== null)('office migration 011: order files kept byte for byte', () => {
  it('keeps an older office as it was; a desk keeps an order file, a newer load replaces it, an older never', async () => {
    const o = await olderOffice(office(), 1);
    await migrateOffice(o.pool, { upTo: 9 });
    const desk = openOfficeStore(await o.deskUrl('nina'), { desk: 'nina@pc9' });
    try {
      const tables = ['routes', 'meters', 'readings', 'decisions'];
      const { before, after } = await migrateTakingRows(
        o.pool,
        { from: 9, to: officeMigration011.version },
        tables,
      );
      expect(after).toEqual(before);
      expect(await desk.orderFile(null)).toBeNull();

      const give = {
        routeKey: 'orders-R9',
        name: 'orders-R9',
        profile: '{"name":"neptune-imp"}',
        bytes: BYTES,
        sha256: sha256Of(BYTES),
        fileTime: '2026-10-05T08:00:00Z',
        loadedAt: new Date('2026-10-06T08:00:00Z'),
        user: 'nina@pc9',
        at: new Date('2026-10-06T08:00:01Z'),
      };
      expect(await desk.keepOrderFile(give)).toBe('taken');
      expect(await desk.keepOrderFile(give)).toBe('same');
      const kept = await desk.orderFile('orders-R9');
      expect(Buffer.from(kept?.bytes ?? []).equals(BYTES)).toBe(true);
      expect(kept).toMatchObject({
        sha256: give.sha256,
        loadedBy: 'nina@pc9',
        fileTime: give.fileTime,
      });

      // An older load from another desk never replaces it; a newer one does.
      const other = Buffer.from('HDR other\r\n', 'latin1');
      const older = { ...give, bytes: other, sha256: sha256Of(other) };
      expect(
        await desk.keepOrderFile({ ...older, loadedAt: new Date('2026-10-05T08:00:00Z') }),
      ).toBe('older');
      expect((await desk.orderFile(null))?.sha256).toBe(give.sha256);
      expect(
        await desk.keepOrderFile({ ...older, loadedAt: new Date('2026-10-07T08:00:00Z') }),
      ).toBe('taken');
      expect((await desk.orderFilesOf(['orders-R9', 'none'])).map((f) => f.sha256)).toEqual([
        older.sha256,
      ]);

      // Bytes that are not what their SHA-256 says are refused going in and never handed out.
      await expect(desk.keepOrderFile({ ...give, sha256: older.sha256 })).rejects.toThrow(
        /SHA-256/,
      );
      await o.pool.query(`UPDATE order_files SET bytes = 'x'::bytea`);
      await expect(desk.orderFile(null)).rejects.toThrow(/SHA-256/);
      // A desk's role may not delete the office's copy.
      const raw = openOfficeDb(await o.deskUrl('nina'));
      try {
        await expect(raw.query('DELETE FROM order_files')).rejects.toThrow(/permission denied/);
      } finally {
        await raw.end();
      }
    } finally {
      await desk.close();
      await o.pool.end();
    }
  });
});
