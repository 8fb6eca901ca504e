// The Office report's "Export CSV…": main asks the person where (no deadline holds a dialog), then
// the backend writes the report's CSV there, the same file `meter-desk office report --csv` writes.
import type { WindowCalls } from '../../common/ipc/bridge';
import { localDayOf } from '../../common/ipc/office-report-views';
import { ok } from '../../common/ipc/result';
import type { BackendCallers } from './backend-client';
import type { DesktopDialogs } from './dialogs';

export function officeReportDialogCalls(
  backend: BackendCallers,
  dialogs: DesktopDialogs,
  now: () => Date = () => new Date(),
): Pick<WindowCalls, 'exportOfficeReport'> {
  return {
    async exportOfficeReport(request) {
      const name = `MeterDesk office report ${request.day ?? localDayOf(now())}.csv`;
      const path = await dialogs.chooseSaveFile(name, 'office_report');
      if (path === null) return ok({ canceled: true });
      const written = await backend.writeOfficeReport({ ...request, path });
      return written.ok ? ok({ canceled: false, ...written.value }) : written;
    },
  };
}
