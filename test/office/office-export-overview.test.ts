// Issue 30, item 8, through the contract into the real backend on a real throwaway PostgreSQL: the
// Export dialog's "Whole office". Ben's desk and another read route R1 (anOfficeDay); Anna's desk
// has a route sheet of its own and an order file. Her overview counts what `routes --office` counts
// (in all and by route), names the office's flagged meters, and previews the first lines of the
// very file the export then writes in that scope; "finished" writes only the finished and skipped
// meters. The office's return file equals the one `export --return-file --office` writes. No
// office: said, nothing written. The overview reads the counts each route kept and only the first
// rows (store/office-overview.ts), so its flagged meters and preview are checked against every row
// sorted here; the desk publishes its sheets' dialect again only when it changed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { previewLines } from '../../common/billing/export-line';
import { inExportScope } from '../../common/billing/export-scope';
import { DEFAULT_EXPORT_TEMPLATE, exportTemplateJson } from '../../common/billing/export-template';
import { PREVIEW_ROWS } from '../../main/billing/billing-export';
import { officeRouteProgress } from '../../main/office/office-export';
import { walkingOrder } from '../../main/office/store/walking-order';
import { FLAGGED_NAMED } from '../../main/office/office-export-overview';
import { openDesktop, value, type Desktop } from '../ipc/helpers/desktop';
import { ANNA_PASSWORD } from './anna-office';
import { annaOnOffice } from './anna-on-cluster';
import { publishedReading, withTwoDesks } from './office-fixture';
import { anOfficeDay, officeCli } from './office-report-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();

const TEMPLATE = { ...DEFAULT_EXPORT_TEMPLATE, delimiter: ';', decimalMark: ',' } as const;
const templateJson = exportTemplateJson(TEMPLATE);

/** Anna's own sheet (R9: W1, W2) and an SAP order file of two meters (O1, O2). */
async function loadAnnasFiles(desk: Desktop): Promise<void> {
  const b = desk.bridge;
  const sheet = join(desk.dir, 'r9.csv');
  writeFileSync(sheet, 'meter_id,route,sequence,gate\r\nW1,R9,1,blue\r\nW2,R9,2,\r\n');
  desk.os.openAnswers.push(sheet);
  const choice = value(await b.chooseRouteSheet());
  if (choice.canceled || !('preview' in choice)) throw new Error('no preview');
  const mappingJson = JSON.stringify(choice.preview.mapping);
  expect(value(await b.loadRouteSheet({ path: sheet, mappingJson }))).toMatchObject({ ok: true });
  const orders = join(desk.dir, 'MR_ORDERS.csv');
  writeFileSync(
    orders,
    'MRIDNUMBER;SERIALNO;STANZVOR;STANZNAC;PREVMRRESULT;READINGRESULT\r\n' +
      '00000000000000000001;O1;05;1;1,0;\r\n00000000000000000002;O2;05;1;2,0;\r\n',
  );
  desk.os.openAnswers.push(orders);
  const order = value(await b.chooseRouteSheet());
  if (order.canceled || !('order' in order)) throw new Error('no order file');
  const loaded = value(await b.loadOrderFile({ path: orders, profile: null }));
  expect(loaded).toMatchObject({ ok: true, meters: 2 });
}

const linesOf = (path: string): string[] =>
  readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((l) => l !== '');

describe.skipIf(officeSkip !== null)('the Export dialog’s whole office, on a real server', () => {
  it('counts, warns and previews what the file then holds, and writes the office’s return', async () => {
    const desk = await openDesktop();
    const b = desk.bridge;
    try {
      expect(value(await b.officeExportOverview({ scope: 'finished' }))).toEqual({
        state: 'noOffice',
      });
      desk.os.saveAnswers.push(join(desk.dir, 'none.txt'));
      expect(value(await b.exportOfficeReturnFile({ orderFile: 'MR_ORDERS.csv' }))).toEqual({
        canceled: false,
        state: 'noOffice',
      });
      expect(existsSync(join(desk.dir, 'none.txt'))).toBe(false);

      await withTwoDesks(office(), async (anna, ben, o) => {
        await anOfficeDay(anna, ben);
        const settings = await annaOnOffice(office(), o);
        value(await b.saveOffice({ settings, password: ANNA_PASSWORD }));
        await loadAnnasFiles(desk);
        // Ben reads W1 of Anna's sheet, a reading to review: a flagged meter of the office.
        await ben.publishReading(
          publishedReading(21, {
            ...{ key: 'desk-1:w1', desk: 'desk-1', user: 'Ben', meterNumber: 'W1' },
            fileName: 'W1.jpg',
          }),
        );

        const overview = value(await b.officeExportOverview({ scope: 'finished' }));
        if (overview.state !== 'ready') throw new Error(`office: ${overview.state}`);
        // What `routes --office` counts, route by route (its own read of the office).
        const routes = await officeRouteProgress(ben);
        expect(overview.routes).toEqual(routes);
        expect(overview.routes.map((r) => r.route)).toEqual(['MR_ORDERS.csv', 'R1', 'R9']);
        expect(overview.totals).toMatchObject({
          meters: routes.reduce((n, r) => n + r.meters, 0),
          read: routes.reduce((n, r) => n + r.read, 0),
        });
        const { rows } = await ben.billingRows();
        const flagged = rows.filter((r) => r.state === 'flagged' || r.state === 'not_checked');
        expect(overview.flaggedMeters).toContain('W1');
        expect([...overview.flaggedMeters].sort()).toEqual(
          flagged.map((r) => r.row.meterId).sort(),
        );
        expect(overview.totals.flagged + overview.totals.not_checked).toBe(flagged.length);
        // The first flagged meters in walking order, as the file has them.
        expect(overview.flaggedMeters).toEqual(
          flagged
            .map((r) => r.row)
            .sort(walkingOrder)
            .map((r) => r.meterId)
            .slice(0, FLAGGED_NAMED),
        );
        // The columns of Anna's sheet no field takes, as a desk's own overview offers them.
        expect(overview.preview.sheetColumns).toEqual(['gate']);
        expect(overview.preview.dialect).not.toBeNull();

        // Opened again with nothing loaded since, the desk's dialect is not published again: a
        // dialect the office lost stays lost until the desk loads a sheet again.
        const admin = office().adminOn(o.database);
        const dialectOfR9 = async (): Promise<unknown> =>
          (
            await admin.query<{ d: unknown }>(
              `SELECT sheet_dialect AS d FROM routes WHERE route_key = 'R9'`,
            )
          ).rows[0]?.d ?? null;
        const published = await dialectOfR9();
        expect(published).not.toBeNull();
        await admin.query(`UPDATE routes SET sheet_dialect = NULL WHERE route_key = 'R9'`);
        value(await b.officeExportOverview({ scope: 'all' }));
        expect(await dialectOfR9()).toBeNull();
        await loadAnnasFiles(desk);
        value(await b.officeExportOverview({ scope: 'all' }));
        expect(await dialectOfR9()).toEqual(published);

        // The preview is the file's first lines, for each scope.
        for (const scope of ['finished', 'all'] as const) {
          const seen = value(await b.officeExportOverview({ scope }));
          if (seen.state !== 'ready') throw new Error('office away');
          const file = join(desk.dir, `office ${scope}.csv`);
          desk.os.saveAnswers.push(file);
          const written = value(await b.exportOfficeBilling({ templateJson, scope }));
          expect(written).toMatchObject({ canceled: false, state: 'written', path: file });
          const inScope = rows.filter((r) => inExportScope(r.row, scope)).length;
          expect(!written.canceled && written.state === 'written' && written.meters).toBe(inScope);
          const lines = linesOf(file);
          expect(lines).toHaveLength(inScope + 1);
          const shown = previewLines(seen.preview.rows, TEMPLATE, seen.preview.timeZone);
          expect(shown.length).toBeGreaterThan(1);
          expect(lines.slice(0, shown.length)).toEqual(shown);
          expect(seen.preview.rows).toEqual(
            rows
              .map((r) => r.row)
              .filter((row) => inExportScope(row, scope))
              .sort(walkingOrder)
              .slice(0, PREVIEW_ROWS),
          );
        }
        expect(rows.filter((r) => inExportScope(r.row, 'finished')).length).toBeLessThan(
          rows.length,
        );

        // The office's return file: the CLI's, byte for byte; loaded at Anna's desk.
        const ret = join(desk.dir, 'office return.csv');
        desk.os.saveAnswers.push(ret);
        const returned = value(await b.exportOfficeReturnFile({ orderFile: 'MR_ORDERS.csv' }));
        expect(returned).toMatchObject({
          canceled: false,
          state: 'done',
          file: { ok: true, path: ret, filled: 0, notRead: 2 },
          loadedBy: 'anna@pc-7',
          desks: [],
        });
        const byCli = join(desk.dir, 'cli return.csv');
        const run = await officeCli(
          [
            ...['export', byCli, '--return-file', '--office', await o.deskUrl('anna')],
            ...['--db', join(desk.dir, 'no queue.sqlite'), '--desk', 'carl@pc'],
          ],
          {},
        );
        expect(run.code, run.err).toBe(0);
        expect(readFileSync(ret)).toEqual(readFileSync(byCli));
      });
    } finally {
      await desk.close();
    }
  }, 120_000);
});
