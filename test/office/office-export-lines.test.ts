// Issue 30: the office keeps each meter's export line (office migration 013) and makes lines again
// only for routes derived since, or for another template. Whatever the office kept, the export's
// file is byte for byte the one the desk's CSV code writes from rows derived afresh; a cell the
// template's encoding cannot hold is refused naming its row in the file, as a desk's export does.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dialectTemplate, storedDialect } from '../../common/billing/export-dialect';
import { DEFAULT_EXPORT_TEMPLATE, type ExportTemplate } from '../../common/billing/export-template';
import { exportBilling, UnencodableError } from '../../main/billing/billing-export';
import { exportOfficeBilling } from '../../main/office/office-export';
import { walkingOrder } from '../../main/office/store/walking-order';
import { openOfficeDb, type OfficePool } from '../../main/office/store/office-db';
import { deriveOfficeRows } from '../../main/office/store/office-rows';
import type { OfficeStore } from '../../main/office/store/office-store';
import { migratedOffice, publishedReading, routeOfMeters } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const cluster = useOfficeCluster();
const dir = mkdtempSync(join(tmpdir(), 'office-lines-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let files = 0;

/** The office export's bytes, and the bytes the desk's code writes from rows derived afresh. */
async function bothExports(
  desk: OfficeStore,
  owner: OfficePool,
  template: ExportTemplate | null,
): Promise<{
  office: string;
  fresh: string;
  written: Awaited<ReturnType<typeof exportOfficeBilling>>;
}> {
  const officeFile = join(dir, `office-${String(++files)}.csv`);
  const freshFile = join(dir, `fresh-${String(files)}.csv`);
  const written = await exportOfficeBilling(desk, officeFile, template);
  const rows = (await deriveOfficeRows(owner)).map((r) => r.row).sort(walkingOrder);
  await exportBilling(
    rows,
    freshFile,
    template ?? dialectTemplate(storedDialect(await desk.sheetDialect())),
  );
  return {
    office: readFileSync(officeFile, 'latin1'),
    fresh: readFileSync(freshFile, 'latin1'),
    written,
  };
}

/** Each kept line's route, and the transaction that wrote it (xmin): which lines were made again. */
async function lineWrites(owner: OfficePool): Promise<Map<string, string>> {
  const { rows } = await owner.query<{ route_key: string; xmins: string }>(
    `SELECT r.route_key, string_agg(l.xmin::text, ',' ORDER BY l.meter_id) AS xmins
       FROM office_meter_lines l JOIN routes r ON r.id = l.route_id GROUP BY r.route_key`,
  );
  return new Map(rows.map((r) => [r.route_key, r.xmins]));
}

describe.skipIf(officeSkip !== null)('the office keeps each meter export line', () => {
  it('writes what a fresh derivation writes, making lines only for routes derived since or another template', async () => {
    const o = await migratedOffice(cluster(), 2);
    const owner = openOfficeDb(o.ownerUrl);
    const [anna, ben] = o.desks;
    try {
      if (!anna || !ben) throw new Error('two desks');
      await anna.loadRoute(routeOfMeters('R-1', 4));
      await anna.loadRoute({
        ...routeOfMeters('R-2', 3),
        meters: routeOfMeters('R-2', 3).meters.map((m) => ({
          ...m,
          meterNumber: `N${m.meterNumber}`,
        })),
      });
      const first = await bothExports(anna, owner, null);
      expect(first.office).toBe(first.fresh);
      expect(first.written.rows).toBe(7);
      const before = await lineWrites(owner);
      expect([...before.keys()].sort()).toEqual(['R-1', 'R-2']);

      // A reading on R-1 at one desk: the other desk's export makes R-1's lines again, not R-2's.
      await anna.publishReading(
        publishedReading(1, { readAt: '2026-03-01T08:00:00.000Z', toReview: false }),
      );
      const second = await bothExports(ben, owner, null);
      expect(second.office).toBe(second.fresh);
      expect(second.office).not.toBe(first.office);
      expect(second.written.desks).toEqual([{ desk: 'desk-0', rows: 1 }]);
      const after = await lineWrites(owner);
      expect(after.get('R-2')).toBe(before.get('R-2'));
      expect(after.get('R-1')).not.toBe(before.get('R-1'));

      // Nothing changed: nothing made again.
      const third = await bothExports(ben, owner, null);
      expect(third.office).toBe(second.office);
      expect(await lineWrites(owner)).toEqual(after);

      // Another template: every line made with it, in its own delimiter.
      const semicolon: ExportTemplate = { ...DEFAULT_EXPORT_TEMPLATE, delimiter: ';' };
      const other = await bothExports(ben, owner, semicolon);
      expect(other.office).toBe(other.fresh);
      expect(other.office.split('\r\n')[0]).toContain(';');
      const remade = await lineWrites(owner);
      expect(remade.get('R-2')).not.toBe(after.get('R-2'));
    } finally {
      await owner.end();
      await o.close();
    }
  });

  it('refuses a cell its encoding cannot hold with its row in the file, or counts it replaced', async () => {
    const o = await migratedOffice(cluster(), 1);
    const owner = openOfficeDb(o.ownerUrl);
    const [anna] = o.desks;
    try {
      if (!anna) throw new Error('a desk');
      await anna.loadRoute(routeOfMeters('R-1', 4));
      await anna.publishReading(
        publishedReading(2, { fileName: 'Łódź/M2.jpg', readAt: '2026-03-01T08:00:00.000Z' }),
      );
      const latin: ExportTemplate = { ...DEFAULT_EXPORT_TEMPLATE, encoding: 'windows-1252' };
      // Kept in UTF-8 first: the lines hold the character; the Windows-1252 export still refuses.
      const utf8 = await bothExports(anna, owner, null);
      expect(utf8.office).toBe(utf8.fresh);
      const refused = await exportOfficeBilling(anna, join(dir, 'refused.csv'), latin).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(UnencodableError);
      // M2 is the third meter of the route: the file's fourth row, after the header.
      expect(refused).toMatchObject({ row: 4, character: 'Ł' });

      const replace = await bothExports(anna, owner, { ...latin, unencodable: 'replace' });
      expect(replace.office).toBe(replace.fresh);
      expect(replace.written.replaced).toBe(2);
      // Kept now: the next export counts the kept line's characters again.
      const again = await exportOfficeBilling(anna, join(dir, 'again.csv'), {
        ...latin,
        unencodable: 'replace',
      });
      expect(again.replaced).toBe(2);
    } finally {
      await owner.end();
      await o.close();
    }
  });
});
