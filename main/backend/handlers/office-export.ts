// The window's office-wide billing export (docs/office.md "The office-wide billing export and route
// progress"): the file `meter-desk export billing.csv --office URL --template T` writes, behind
// main's save dialog, with the template chosen in the Export dialog. As the CLI does, this desk
// publishes its route sheets and billing rows first, so what it read this minute is in; the file
// itself is main/office/office-export.ts's, the one writer both use. It goes through the office
// desk's connection while the engine runs, else through one of its own (an engine stopped, or a
// desk that could not start). An office that is away or refuses is an answer in the Office
// settings' codes, and no file is written.
import { parseExportTemplateJson } from '../../../common/billing/export-template';
import type { OfficeBillingFile } from '../../../common/ipc/office-export-views';
import { UnencodableError } from '../../billing/billing-export';
import { CsvExportError } from '../../export/csv';
import { AppError } from '../../ipc/app-error';
import { templateInvalid } from '../../../common/reply-messages';
import { publishDesk } from '../../office/billing-publish';
import { exportOfficeBilling } from '../../office/office-export';
import { openOfficeStore } from '../../office/store/office-store';
import { systemClock, type Clock } from '../../time/clock';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';
import { officeProblemOf } from '../../office/office-test-connection';

type OfficeExportHandlers = Pick<BackendHandlers, 'writeOfficeBilling'>;

export function officeExportHandlers(
  state: BackendState,
  clock: Clock = systemClock,
): OfficeExportHandlers {
  return {
    writeOfficeBilling: ({ path, templateJson }) =>
      state.use(async (): Promise<OfficeBillingFile> => {
        const template = parseExportTemplateJson(templateJson);
        if (!template.ok) throw new AppError('invalid_request', templateInvalid(template.errors));
        const settings = state.office.settings();
        if (settings === null) return { state: 'noOffice' };
        const url = await state.office.urlFor(settings);
        const running = await state.office.running();
        const own = running ? null : openOfficeStore(url, { desk: settings.desk, max: 1 });
        const office = running?.office ?? own;
        if (office === null) return { state: 'noOffice' };
        try {
          await office.checkSchema();
          await publishDesk(state.store, office, settings.desk, new Date(clock.now()));
          const written = await exportOfficeBilling(office, path, template.value);
          state.exported.add(written.path);
          return {
            state: 'written',
            path: written.path,
            meters: written.rows,
            desks: written.desks,
            replaced: written.replaced,
          };
        } catch (error) {
          if (error instanceof UnencodableError || error instanceof CsvExportError)
            throw new AppError('file_error', error.said);
          return { state: 'problem', ...officeProblemOf(error, url, settings) };
        } finally {
          await own?.close().catch(() => undefined);
        }
      }),
  };
}
