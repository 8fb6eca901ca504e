// The billing channels that start with a dialog: main asks the person for the file (no deadline
// holds them), then the backend reads or writes it (with its deadline).
import type { WindowCalls } from '../../common/ipc/bridge';
import { ok, type Result } from '../../common/ipc/result';
import type { Saved } from '../../common/ipc/billing-views';
import type { BackendCallers } from './backend-client';
import type { DesktopDialogs } from './dialogs';

type BillingDialogCalls = Pick<
  WindowCalls,
  | 'chooseRouteSheet'
  | 'importHistory'
  | 'importTemplate'
  | 'exportTemplate'
  | 'exportMissing'
  | 'exportBilling'
  | 'chooseOrderProfile'
  | 'exportReturnFile'
  | 'exportOfficeBilling'
  | 'exportOfficeReturnFile'
>;

const day = (now: Date): string => now.toISOString().slice(0, 10);

/** "MR_ORDERS.csv" → "MR_ORDERS return 2026-10-21.csv": beside the order file, its extension kept. */
export function returnFileName(orderFile: string, now: Date): string {
  const dot = orderFile.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [orderFile.slice(0, dot), orderFile.slice(dot)] : [orderFile, ''];
  return `${stem} return ${day(now)}${ext}`;
}

/** Canceled, or the backend's answer marked as not canceled. */
async function afterDialog<T extends object>(
  path: string | null,
  work: (path: string) => Promise<Result<T>>,
): Promise<Result<Saved<T>>> {
  if (path === null) return ok({ canceled: true });
  const done = await work(path);
  return done.ok ? ok({ canceled: false, ...done.value }) : done;
}

export function billingDialogCalls(
  backend: BackendCallers,
  dialogs: DesktopDialogs,
  now: () => Date = () => new Date(),
): BillingDialogCalls {
  return {
    async chooseRouteSheet() {
      const path = await dialogs.chooseOpenFile('route_sheet');
      if (path === null) return ok({ canceled: true });
      return backend.inspectRouteSheet({ path });
    },
    async importHistory() {
      return afterDialog(await dialogs.chooseOpenFile('history'), (path) =>
        backend.importHistoryFile({ path }),
      );
    },
    async importTemplate() {
      return afterDialog(await dialogs.chooseOpenFile('template'), (path) =>
        backend.readTemplateFile({ path }),
      );
    },
    async exportTemplate({ templateJson }) {
      return afterDialog(
        await dialogs.chooseSaveFile('MeterDesk billing template.json', 'template'),
        (path) => backend.writeTemplateFile({ path, templateJson }),
      );
    },
    async exportMissing(request) {
      return afterDialog(
        await dialogs.chooseSaveFile(`MeterDesk missing meters ${day(now())}.csv`, 'missing'),
        (path) => backend.writeMissing({ ...request, path }),
      );
    },
    async exportBilling(request) {
      return afterDialog(
        await dialogs.chooseSaveFile(`MeterDesk billing ${day(now())}.csv`, 'billing'),
        (path) => backend.writeBilling({ ...request, path }),
      );
    },
    async chooseOrderProfile() {
      const path = await dialogs.chooseOpenFile('order_profile');
      if (path === null) return ok({ canceled: true });
      return backend.readOrderProfile({ path });
    },
    async exportReturnFile({ orderFile }) {
      return afterDialog(
        await dialogs.chooseSaveFile(returnFileName(orderFile, now()), 'return_file'),
        (path) => backend.writeReturnFile({ path }),
      );
    },
    async exportOfficeBilling(request) {
      return afterDialog(
        await dialogs.chooseSaveFile(`MeterDesk office billing ${day(now())}.csv`, 'billing'),
        (path) => backend.writeOfficeBilling({ ...request, path }),
      );
    },
    async exportOfficeReturnFile({ orderFile }) {
      return afterDialog(
        await dialogs.chooseSaveFile(returnFileName(orderFile, now()), 'return_file'),
        (path) => backend.writeOfficeReturnFile({ path }),
      );
    },
  };
}
