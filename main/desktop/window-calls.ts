// Main's side of every window channel, after the dispatcher checked the sender and the request:
// most go to the backend as they are; the two with a dialog show it here first (the person takes
// as long as they like, and only the backend's part has a deadline), and the update status is
// main's own (electron-updater runs here).
import type { WindowCalls } from '../../common/ipc/bridge';
import { MAIN_ONLY_CHANNELS } from '../../common/ipc/backend-contract';
import { CHANNEL_NAMES } from '../../common/ipc/channels';
import { fail, ok, type Result } from '../../common/ipc/result';
import { saidText } from '../../common/reply-english';
import { replyMessage, type ReplyParams } from '../../common/reply-messages';
import type { UpdateView } from '../../common/ipc/update-view';
import type { BackendCallers } from './backend-client';
import { billingDialogCalls } from './billing-dialog-calls';
import type { DesktopDialogs } from './dialogs';
import { officeReportDialogCalls } from './office-report-dialog-calls';

export interface WindowCallsOptions {
  readonly backend: BackendCallers;
  readonly dialogs: DesktopDialogs;
  readonly updateStatus: () => UpdateView;
  /** Where the log files are (main/config/paths.ts, logsDir). */
  readonly logFolder: string;
}

export function exportFileName(now = new Date()): string {
  return `MeterDesk readings ${now.toISOString().slice(0, 10)}.csv`;
}

/** The system would not open the log folder: said as a code the window words in its language. */
function logFolderRefused(params: ReplyParams<'logFolderNotOpened'>): Result<never> {
  const said = replyMessage('logFolderNotOpened', params);
  return fail('file_error', saidText(said), said);
}

export function createWindowCalls(options: WindowCallsOptions): WindowCalls {
  const { backend, dialogs } = options;
  const mainOnly: readonly string[] = MAIN_ONLY_CHANNELS;
  const forwarded = CHANNEL_NAMES.filter((name) => !mainOnly.includes(name)).map((name) => [
    name,
    (request: unknown) =>
      (backend[name as keyof BackendCallers] as (r: unknown) => Promise<unknown>)(request),
  ]);
  return {
    // Each forwarded channel has the same request and reply in both contracts.
    ...(Object.fromEntries(forwarded) as Omit<WindowCalls, (typeof MAIN_ONLY_CHANNELS)[number]>),

    async addFolders() {
      const chosen = await dialogs.chooseFolders();
      if (!chosen || chosen.length === 0) return ok({ canceled: true });
      const added = await backend.addPaths({ paths: chosen });
      return added.ok ? ok({ canceled: false, summary: added.value }) : added;
    },

    async chooseOfficeCaFile() {
      const path = await dialogs.chooseOpenFile('office_ca');
      return ok(path === null ? { canceled: true } : { canceled: false, path });
    },

    async chooseDataFolder() {
      const path = await dialogs.chooseDataFolder();
      return ok(path === null ? { canceled: true } : { canceled: false, path });
    },

    async exportCsv(request) {
      const path = await dialogs.chooseSaveFile(exportFileName());
      if (path === null) return ok({ canceled: true });
      const written = await backend.writeCsv({ ...request, path });
      return written.ok ? ok({ canceled: false, ...written.value }) : written;
    },

    getUpdateStatus: () => Promise.resolve(ok(options.updateStatus())),

    async openLogFolder() {
      const problem = await dialogs.openFolder(options.logFolder);
      return problem === null
        ? ok(null)
        : logFolderRefused({ folder: options.logFolder, detail: problem });
    },
    ...billingDialogCalls(backend, dialogs),
    ...officeReportDialogCalls(backend, dialogs),
  };
}
