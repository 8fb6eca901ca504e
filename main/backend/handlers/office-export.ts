// The window's office-wide exports (docs/office.md "The office-wide billing export and route
// progress"): the Export dialog's "Whole office" overview (counts, flagged meters, first rows), the
// file `meter-desk export billing.csv --office URL --template T` writes, and the office's return
// file (`export OUT --return-file --office URL`), behind main's save dialog. As the CLI does, this
// desk publishes its route sheets first, so what it loaded this minute is in (only when they or
// their dialect changed since it last did, not at each open of the dialog); the files themselves
// are main/office/'s, the one writer each the CLI uses too. They go through the office desk's
// connection while the engine runs, else through one of their own (an engine stopped, or a desk
// that could not start). An office that is away or refuses is an answer in the Office settings'
// codes, and no file is written.
import { officeTimeZone } from '../../../common/billing/export-read-at';
import { parseExportTemplateJson } from '../../../common/billing/export-template';
import type {
  OfficeBillingFile,
  OfficeExportOverview,
  OfficeReturnFile,
  OfficeUnanswered,
} from '../../../common/ipc/office-export-views';
import { UnencodableError } from '../../billing/billing-export';
import { CsvExportError } from '../../export/csv';
import { AppError } from '../../ipc/app-error';
import { templateInvalid } from '../../../common/reply-messages';
import { publishDeskIfChanged } from '../../office/billing-publish';
import { exportOfficeBilling } from '../../office/office-export';
import { officeExportOverview } from '../../office/office-export-overview';
import { writeOfficeReturnFile } from '../../office/office-return-file';
import { openOfficeStore, type OfficeStore } from '../../office/store/office-store';
import { systemClock, type Clock } from '../../time/clock';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';
import { officeProblemOf } from '../../office/office-test-connection';

type OfficeExportHandlers = Pick<
  BackendHandlers,
  'writeOfficeBilling' | 'officeExportOverview' | 'writeOfficeReturnFile'
>;

/**
 * `work` on the office after this desk published its route sheets; no office, or the office's
 * problem, as an answer. A file that cannot be written is the file's error, not the office's.
 */
async function throughOffice<T>(
  state: BackendState,
  clock: Clock,
  work: (office: OfficeStore) => Promise<T>,
): Promise<T | OfficeUnanswered> {
  const settings = state.office.settings();
  if (settings === null) return { state: 'noOffice' };
  const url = await state.office.urlFor(settings);
  const running = await state.office.running();
  const own = running ? null : openOfficeStore(url, { desk: settings.desk, max: 1 });
  const office = running?.office ?? own;
  if (office === null) return { state: 'noOffice' };
  try {
    await office.checkSchema();
    await publishDeskIfChanged(state.store, office, url, settings.desk, new Date(clock.now()));
    return await work(office);
  } catch (error) {
    if (error instanceof UnencodableError || error instanceof CsvExportError)
      throw new AppError('file_error', error.said);
    return { state: 'problem', ...officeProblemOf(error, url, settings) };
  } finally {
    await own?.close().catch(() => undefined);
  }
}

export function officeExportHandlers(
  state: BackendState,
  clock: Clock = systemClock,
): OfficeExportHandlers {
  return {
    officeExportOverview: ({ scope }) =>
      state.use((): Promise<OfficeExportOverview> =>
        throughOffice(state, clock, (office) => officeExportOverview(office, scope)),
      ),

    writeOfficeBilling: ({ path, templateJson, scope }) =>
      state.use((): Promise<OfficeBillingFile> => {
        const template = parseExportTemplateJson(templateJson);
        if (!template.ok) throw new AppError('invalid_request', templateInvalid(template.errors));
        return throughOffice(state, clock, async (office) => {
          const written = await exportOfficeBilling(office, path, template.value, scope);
          state.exported.add(written.path);
          return {
            state: 'written' as const,
            path: written.path,
            meters: written.rows,
            desks: written.desks,
            replaced: written.replaced,
          };
        });
      }),

    writeOfficeReturnFile: ({ path }) =>
      state.use((): Promise<OfficeReturnFile> =>
        throughOffice(state, clock, async (office) => {
          const written = await writeOfficeReturnFile(office, path, {
            now: new Date(clock.now()),
            zone: officeTimeZone(),
          });
          const { desks, loadedBy, ...file } = written;
          if (file.ok) {
            state.exported.add(file.path);
            state.exported.add(file.exceptionsPath);
          }
          return {
            state: 'done' as const,
            file,
            loadedBy: loadedBy ?? null,
            desks: desks ?? [],
          };
        }),
      ),
  };
}
