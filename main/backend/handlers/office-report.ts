// The window's "Office report" (issue 23, item 7): the supervisor's four sections for a day, read
// from the office with the applied Office settings, and its CSV behind main's save dialog, written
// by the CLI's own writer (office-report-sections.ts). It reads the office on a connection of its
// own, so it works whether or not this desk's engine is running; nothing is published or changed.
// An office that is away or refuses is an answer (its problem, as the Test button words it), not
// an error: the window shows it in place of the tables.
import type { OfficeSettings } from '../../../common/ipc/office-views';
import type {
  OfficeReportProblem,
  OfficeReportView,
} from '../../../common/ipc/office-report-views';
import { CsvExportError } from '../../export/csv';
import { AppError } from '../../ipc/app-error';
import { replyMessage } from '../../../common/reply-messages';
import {
  readOfficeReport,
  reportDayFor,
  reportDayName,
  windowRows,
  writeOfficeReportCsv,
  type OfficeReportSections,
} from '../../office/office-report-sections';
import { officeProblemOf } from '../../office/office-test-connection';
import { systemClock, type Clock } from '../../time/clock';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';

type OfficeReportHandlers = Pick<BackendHandlers, 'officeReport' | 'writeOfficeReport'>;

/** The office's sections for a day, or why not. */
type Read =
  | { readonly state: 'noOffice'; readonly day: string }
  | OfficeReportProblem
  | {
      readonly state: 'read';
      readonly day: string;
      readonly settings: OfficeSettings;
      readonly sections: OfficeReportSections;
    };

function problemOf(
  error: unknown,
  url: string,
  settings: OfficeSettings,
  day: string,
): OfficeReportProblem {
  return { state: 'problem', day, ...officeProblemOf(error, url, settings) };
}

export function officeReportHandlers(
  state: BackendState,
  clock: Clock = systemClock,
): OfficeReportHandlers {
  const read = async (dayName: string | undefined): Promise<Read> => {
    const day = reportDayFor(dayName, clock);
    if (day === null) {
      throw new AppError('invalid_request', replyMessage('noReportDay', { day: dayName ?? '' }));
    }
    const name = reportDayName(day);
    const settings = state.office.settings();
    if (settings === null) return { state: 'noOffice', day: name };
    const url = await state.office.urlFor(settings);
    try {
      const sections = await readOfficeReport(url, day, `${settings.desk} report`);
      return { state: 'read', day: name, settings, sections };
    } catch (error) {
      return problemOf(error, url, settings, name);
    }
  };

  return {
    async officeReport({ day }): Promise<OfficeReportView> {
      const got = await read(day);
      if (got.state !== 'read') return got;
      const { settings, sections } = got;
      return {
        state: 'report',
        day: got.day,
        desk: settings.desk,
        host: settings.host,
        database: settings.database,
        routes: sections.routes,
        ...windowRows(sections),
        quota: sections.quota,
      };
    },

    async writeOfficeReport({ day, path }) {
      const got = await read(day);
      if (got.state !== 'read') return got;
      // A file that cannot be written (locked, no permission) is the clerk's to mend: said as
      // such, as the billing export says it, not as a fault of MeterDesk.
      const rows = await writeOfficeReportCsv(path, got.sections, got.day).catch(
        (error: unknown) => {
          if (error instanceof CsvExportError) throw new AppError('file_error', error.said);
          throw error;
        },
      );
      state.exported.add(path);
      return { state: 'written', day: got.day, path, rows };
    },
  };
}
