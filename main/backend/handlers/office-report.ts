// The window's "Office report" (issue 23, item 7): the supervisor's four sections for a day, read
// from the office with the applied Office settings, and its CSV behind main's save dialog, written
// by the CLI's own writer (office-report-sections.ts). It reads the office on a connection of its
// own, so it works whether or not this desk's engine is running; nothing is published or changed.
// An office that is away or refuses is an answer (its problem, as the Test button words it), not
// an error: the window shows it in place of the tables.
import type { OfficeProblemParams, OfficeSettings } from '../../../common/ipc/office-views';
import type {
  OfficeReportProblem,
  OfficeReportView,
} from '../../../common/ipc/office-report-views';
import { AppError } from '../../ipc/app-error';
import {
  namedReportDay,
  officeReportSections,
  perHour,
  rate,
  reportDayName,
  todayReport,
  writeOfficeReportCsv,
  type OfficeReportSections,
} from '../../office/office-report-sections';
import {
  loadOfficeSettings,
  OfficePasswords,
  officeSettingsFile,
  officeUrlOf,
} from '../../office/office-settings';
import { classifyOfficeProblem } from '../../office/office-test-connection';
import {
  officeDayReport,
  OfficeSchemaMismatch,
  type ReportDay,
} from '../../office/store/office-report';
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

function theDay(name: string | undefined, clock: Clock): ReportDay {
  if (name === undefined) return todayReport(clock);
  const day = namedReportDay(name);
  if (day === null) throw new AppError('invalid_request', `There is no day ${name}.`);
  return day;
}

function problemOf(
  error: unknown,
  url: string,
  settings: OfficeSettings,
  day: string,
): OfficeReportProblem {
  const params = (found: number, known: number, detail: string): OfficeProblemParams => ({
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    found,
    known,
    detail,
  });
  if (error instanceof OfficeSchemaMismatch) {
    const { found, known } = error;
    const problem = found > known ? 'schemaNewer' : found === 0 ? 'schemaMissing' : 'schemaOlder';
    return { state: 'problem', day, problem, params: params(found, known, '') };
  }
  const { problem, detail } = classifyOfficeProblem(error, url);
  return { state: 'problem', day, problem, params: params(0, 0, detail) };
}

export function officeReportHandlers(
  state: BackendState,
  clock: Clock = systemClock,
): OfficeReportHandlers {
  const file = officeSettingsFile(state.defaultDataDir);
  const passwords = new OfficePasswords(state.secrets.store);

  const read = async (dayName: string | undefined): Promise<Read> => {
    const day = theDay(dayName, clock);
    const name = reportDayName(day);
    const settings = loadOfficeSettings(file);
    if (settings === null) return { state: 'noOffice', day: name };
    const password = await passwords.get(settings).catch(() => null);
    if (password !== null) state.sawSecret(password);
    const url = officeUrlOf(settings, password);
    try {
      const report = await officeDayReport(url, day, `${settings.desk} report`);
      return { state: 'read', day: name, settings, sections: await officeReportSections(report) };
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
        clerks: sections.clerks.map((c) => ({
          clerk: c.clerk,
          decisions: c.decisions,
          first: c.first.toISOString(),
          last: c.last.toISOString(),
          perHour: perHour(c),
        })),
        readers: sections.readers.map((r) => ({
          ...r,
          skipRate: rate(r.skips, r.photos),
          rereadRate: rate(r.rereads, r.photos),
        })),
        quota: sections.quota,
      };
    },

    async writeOfficeReport({ day, path }) {
      const got = await read(day);
      if (got.state !== 'read') return got;
      const rows = await writeOfficeReportCsv(path, got.sections, got.day);
      state.exported.add(path);
      return { state: 'written', day: got.day, path, rows };
    },
  };
}
