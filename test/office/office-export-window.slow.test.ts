// The window's office-wide billing export (Export dialog → "Whole office") through the contract into
// the real backend, on a real throwaway PostgreSQL: main's save dialog, then the backend, whose
// desk publishes its own route sheet and billing rows first; the file equals the one
// `meter-desk export billing.csv --office URL --template T` writes for the same office. Without
// Office settings, or with an office that refuses or is away, it says so and writes no file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPORT_TEMPLATE,
  exportTemplateJson,
  type ExportTemplate,
} from '../../common/billing/export-template';
import { openDesktop, value, type Desktop } from '../ipc/helpers/desktop';
import { ANNA_PASSWORD } from './anna-office';
import { annaOnCluster, annaOnOffice } from './anna-on-cluster';
import { withTwoDesks } from './office-fixture';
import { anOfficeDay, officeCli } from './office-report-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();

/** Not the default: semicolons, decimal comma, three columns renamed. */
const TEMPLATE = {
  ...DEFAULT_EXPORT_TEMPLATE,
  name: 'Office test',
  columns: [
    { field: 'meter_id', header: 'Zaehler' },
    { field: 'reading', header: 'Stand' },
    { field: 'use_on_bill', header: 'Abrechnen' },
  ],
  delimiter: ';',
  decimalMark: ',',
} satisfies ExportTemplate;
const templateJson = exportTemplateJson(TEMPLATE);

/** This desk's own route sheet, R9 with two meters no other desk has. */
async function loadOwnSheet(desk: Desktop): Promise<void> {
  const sheet = join(desk.dir, 'r9.csv');
  writeFileSync(sheet, 'meter_id,route,sequence\r\nW1,R9,1\r\nW2,R9,2\r\n');
  desk.os.openAnswers.push(sheet);
  const choice = value(await desk.bridge.chooseRouteSheet());
  if (choice.canceled || !('preview' in choice)) throw new Error('no preview');
  const mappingJson = JSON.stringify(choice.preview.mapping);
  const loaded = value(await desk.bridge.loadRouteSheet({ path: sheet, mappingJson }));
  expect(loaded).toMatchObject({ ok: true, meters: 2 });
}

describe.skipIf(officeSkip !== null)('the window’s office-wide billing export', () => {
  it('publishes this desk first and writes the file `export --office` writes', async () => {
    const desk = await openDesktop();
    const b = desk.bridge;
    try {
      // No Office settings: nothing to export, and nothing written.
      const none = join(desk.dir, 'none.csv');
      desk.os.saveAnswers.push(none);
      expect(value(await b.exportOfficeBilling({ templateJson }))).toEqual({
        canceled: false,
        state: 'noOffice',
      });
      expect(existsSync(none)).toBe(false);

      await withTwoDesks(office(), async (anna, ben, o) => {
        await anOfficeDay(anna, ben);
        value(await b.startSandbox({ photos: 1 }));
        const settings = await annaOnOffice(office(), o);
        value(await b.saveOffice({ settings, password: ANNA_PASSWORD }));
        await loadOwnSheet(desk);

        // Canceled: nothing written; chosen: every meter of the office (R1's four, this desk's R9
        // in it), each with the desk whose reading its row bills (R9's meters have none).
        expect(value(await b.exportOfficeBilling({ templateJson }))).toEqual({ canceled: true });
        const saved = join(desk.dir, 'office billing.csv');
        desk.os.saveAnswers.push(saved);
        expect(value(await b.exportOfficeBilling({ templateJson }))).toEqual({
          canceled: false,
          state: 'written',
          path: saved,
          meters: 6,
          desks: [
            { desk: 'desk-0', rows: 2 },
            { desk: 'desk-1', rows: 2 },
          ],
          replaced: 0,
        });
        expect(desk.os.dialogsAsked).toEqual([
          'save billing',
          'open route_sheet',
          'save billing',
          'save billing',
        ]);
        const lines = readFileSync(saved, 'utf8')
          .replace(/^\uFEFF/, '')
          .split('\r\n');
        expect(lines[0]).toBe('Zaehler;Stand;Abrechnen');
        expect(lines.filter((l) => l.startsWith('W'))).toHaveLength(2);

        const templateFile = join(desk.dir, 'template.json');
        writeFileSync(templateFile, templateJson);
        const byCli = join(desk.dir, 'cli billing.csv');
        const run = await officeCli(
          [
            ...['export', byCli, '--office', await o.deskUrl('anna'), '--template', templateFile],
            ...['--db', join(desk.dir, 'no queue.sqlite'), '--desk', 'carl@pc'],
          ],
          {},
        );
        expect(run.code, run.err).toBe(0);
        expect(readFileSync(saved)).toEqual(readFileSync(byCli));
      });
    } finally {
      await desk.close();
    }
  }, 120_000);

  it('says why when the office refuses or is away, and writes no file', async () => {
    const settings = await annaOnCluster(office());
    const desk = await openDesktop();
    try {
      // A password the server refuses; then nothing listening on port 1: the office is away.
      const cases = [
        { settings, password: 'not-annas', problem: 'wrongPassword' },
        { settings: { ...settings, port: 1 }, password: ANNA_PASSWORD, problem: 'unreachable' },
      ] as const;
      for (const [i, c] of cases.entries()) {
        value(await desk.bridge.saveOffice({ settings: c.settings, password: c.password }));
        const file = join(desk.dir, `problem ${String(i)}.csv`);
        desk.os.saveAnswers.push(file);
        const answer = value(await desk.bridge.exportOfficeBilling({ templateJson }));
        expect(answer).toMatchObject({
          canceled: false,
          state: 'problem',
          problem: c.problem,
          params: { port: c.settings.port },
        });
        expect(JSON.stringify(answer)).not.toContain('not-annas');
        expect(existsSync(file)).toBe(false);
      }
    } finally {
      await desk.close();
    }
  }, 120_000);
});
