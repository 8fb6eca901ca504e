// The window's Office report (issue 23, item 7) through the contract into the real backend, on a
// real throwaway PostgreSQL: without Office settings it says so; with them it reads the CLI's four
// sections for a day, and "Export CSV…" (main's save dialog, then the backend) writes the very
// file `meter-desk office report --csv` writes for that day. An office that refuses or is away is
// an answer in the Office settings' codes, and no file is written.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localDayOf } from '../../common/ipc/office-report-views';
import { openDesktop, value } from '../ipc/helpers/desktop';
import { ANNA_PASSWORD } from './anna-office';
import { OFFICE_DAY, OFFICE_DAY_CLERKS, OFFICE_DAY_ROUTE } from './office-day-view';
import { withTwoDesks } from './office-fixture';
import { annaOnOffice } from './anna-on-cluster';
import { anOfficeDay, officeCli } from './office-report-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';

const office = useOfficeCluster();
const DAY = OFFICE_DAY;

describe.skipIf(officeSkip !== null)('the window’s Office report', () => {
  it('reads the four sections of a day and exports the CLI’s own CSV', async () => {
    await withTwoDesks(office(), async (anna, ben, o) => {
      await anOfficeDay(anna, ben);
      const settings = await annaOnOffice(office(), o);
      const url = await o.deskUrl('anna');
      const desk = await openDesktop();
      try {
        const b = desk.bridge;
        // No office yet: said as such, for today on this computer's calendar.
        expect(value(await b.officeReport({}))).toEqual({
          state: 'noOffice',
          day: localDayOf(new Date()),
        });
        value(await b.saveOffice({ settings, password: ANNA_PASSWORD }));

        const report = value(await b.officeReport({ day: DAY }));
        if (report.state !== 'report') throw new Error(`no report: ${JSON.stringify(report)}`);
        expect(report.desk).toBe('anna@pc-7');
        expect(report.routes).toEqual([OFFICE_DAY_ROUTE]);
        expect(report.clerks).toEqual(OFFICE_DAY_CLERKS);
        expect(report.readers.find((r) => r.reader === 'north')).toEqual({
          reader: 'north',
          photos: 3,
          skips: 1,
          rereads: 1,
          skipRate: 1 / 3,
          rereadRate: 1 / 3,
        });
        expect(report.quota).toEqual({ paid: 3, failed: 1 });

        // "Export CSV…": canceled writes nothing; chosen, the file is the CLI's for the same day.
        expect(value(await b.exportOfficeReport({ day: DAY }))).toEqual({ canceled: true });
        const saved = join(desk.dir, 'office report.csv');
        desk.os.saveAnswers.push(saved);
        expect(value(await b.exportOfficeReport({ day: DAY }))).toEqual({
          canceled: false,
          state: 'written',
          day: DAY,
          path: saved,
          rows: 7,
        });
        expect(desk.os.dialogsAsked).toEqual(['save office_report', 'save office_report']);
        const byCli = join(desk.dir, 'cli report.csv');
        // The CLI in this process's time zone, so "the day" is the same day for both.
        const run = await officeCli(
          ['office', 'report', '--office', url, '--day', DAY, '--csv', byCli],
          {},
        );
        expect(run.code, run.err).toBe(0);
        expect(readFileSync(saved)).toEqual(readFileSync(byCli));

        // A file that cannot be written is the clerk's to mend (file_error), not a fault.
        desk.os.saveAnswers.push(join(desk.dir, 'no such folder', 'report.csv'));
        const unwritable = await b.exportOfficeReport({ day: DAY });
        expect(unwritable.ok ? unwritable.value : unwritable.error.code).toBe('file_error');

        // A day that does not exist is refused by the backend, not read as another day.
        const bad = await b.officeReport({ day: '2026-02-30' });
        expect(bad.ok ? bad.value : bad.error.code).toBe('invalid_request');
      } finally {
        await desk.close();
      }
    });
  }, 120_000);

  it('says why when the office refuses or is away, and writes no file', async () => {
    await withTwoDesks(office(), async (_anna, _ben, o) => {
      const settings = await annaOnOffice(office(), o);
      const desk = await openDesktop();
      try {
        const b = desk.bridge;
        value(await b.saveOffice({ settings, password: 'not-annas' }));
        const refused = value(await b.officeReport({ day: DAY }));
        expect(refused).toMatchObject({ state: 'problem', day: DAY, problem: 'wrongPassword' });
        expect(JSON.stringify(refused)).not.toContain('not-annas');

        // Nothing listens on port 1: the office is away.
        value(await b.saveOffice({ settings: { ...settings, port: 1 }, password: ANNA_PASSWORD }));
        const away = value(await b.officeReport({}));
        expect(away).toMatchObject({ state: 'problem', problem: 'unreachable' });
        const file = join(desk.dir, 'away.csv');
        desk.os.saveAnswers.push(file);
        expect(value(await b.exportOfficeReport({ day: DAY }))).toMatchObject({
          canceled: false,
          state: 'problem',
          problem: 'unreachable',
        });
        expect(existsSync(file)).toBe(false);
      } finally {
        await desk.close();
      }
    });
  }, 120_000);
});
