// The contract between the Electron main process and the backend's utility process, in the same
// form as the window's (contract.ts): per call its request schema (checked by the side that
// answers), its reply type and its deadline (checked by the side that asks, which answers
// `timeout` itself when it passes); per note (no answer) its payload schema. Answers are result
// unions: nothing is thrown across the port. Both sides are derived from these tables
// (main/ipc/rpc.ts, main/desktop/backend-client.ts, main/backend/host.ts).
import { z } from 'zod';
import type { AppEvent } from './app-event';
import type {
  CsvWritten,
  DesktopNotice,
  PhotoFile,
  ProgressState,
  SafeStorageInfo,
} from './backend-views';
import { NOTICE_KINDS } from './backend-views';
import type { ChannelName } from './channels';
import { channel, CONTRACT } from './contract';
import { DEADLINES } from './deadlines';
import { MAX_KEY_CHARS } from './limits';
import { absolutePath, empty, exportRequest, jobId } from './schemas';
import { billingExportRequest, fieldListRequest, templateJson } from './billing-schemas';
import type { BillingWritten, FileWritten, SheetChoice } from './billing-views';
import { officeReportRequest, type OfficeReportFile } from './office-report-views';
import {
  officeBillingExportRequest,
  type OfficeBillingFile,
  type OfficeReturnFile,
} from './office-export-views';
import type { HistoryImportView } from './history-views';
import {
  returnFileWriteRequest,
  type OrderProfileFile,
  type ReturnFileView,
} from './order-file-views';

/** A message without an answer: what it carries, checked by the side that receives it. */
export interface NoteSpec<S extends z.ZodType = z.ZodType> {
  readonly payload: S;
}

function note<S extends z.ZodType>(payload: S): NoteSpec<S> {
  return { payload };
}

/**
 * Window channels main answers itself: the dialogs are the person's (no deadline holds them) and
 * the updater runs in main. Main asks the backend only for the work behind the first two.
 */
export const MAIN_ONLY_CHANNELS = [
  'addFolders',
  'chooseDataFolder',
  'chooseOfficeCaFile',
  'exportCsv',
  'getUpdateStatus',
  'openLogFolder',
  'chooseRouteSheet',
  'importHistory',
  'importTemplate',
  'exportTemplate',
  'exportMissing',
  'exportBilling',
  'exportReturnFile',
  'chooseOrderProfile',
  'exportOfficeBilling',
  'exportOfficeReturnFile',
  'exportOfficeReport',
] as const;
export type MainOnlyChannel = (typeof MAIN_ONLY_CHANNELS)[number];
/** Window channels main forwards to the backend as they are. */
export type ForwardedChannel = Exclude<ChannelName, MainOnlyChannel>;

function forwarded(): { readonly [C in ForwardedChannel]: (typeof CONTRACT)[C] } {
  const skip: readonly string[] = MAIN_ONLY_CHANNELS;
  // Every key of CONTRACT but the main-only ones, each with its own spec.
  return Object.fromEntries(Object.entries(CONTRACT).filter(([name]) => !skip.includes(name))) as {
    readonly [C in ForwardedChannel]: (typeof CONTRACT)[C];
  };
}

/** Calls main makes to the backend: the forwarded window channels and the backend's own. */
export const BACKEND_CALLS = {
  ...forwarded(),
  /** The export behind exportCsv, to the file the person chose in main's save dialog. */
  writeCsv: channel(
    z.strictObject({ ...exportRequest.shape, path: absolutePath }),
    DEADLINES.bulk,
  ).returns<CsvWritten>(),
  /** Billing calls behind main's dialogs (chooseRouteSheet, importTemplate, export*). */
  inspectRouteSheet: channel(z.strictObject({ path: absolutePath })).returns<SheetChoice>(),
  /** The history file behind importHistory. */
  importHistoryFile: channel(
    z.strictObject({ path: absolutePath }),
    DEADLINES.bulk,
  ).returns<HistoryImportView>(),
  /** The profile file behind chooseOrderProfile, checked by the profile schema. */
  readOrderProfile: channel(z.strictObject({ path: absolutePath })).returns<OrderProfileFile>(),
  /** The return file behind exportReturnFile, to the file chosen in main's save dialog. */
  writeReturnFile: channel(returnFileWriteRequest, DEADLINES.bulk).returns<ReturnFileView>(),
  readTemplateFile: channel(z.strictObject({ path: absolutePath })).returns<{
    templateJson: string;
  }>(),
  writeTemplateFile: channel(
    z.strictObject({ path: absolutePath, templateJson }),
  ).returns<FileWritten>(),
  writeMissing: channel(
    z.strictObject({ ...fieldListRequest.shape, path: absolutePath }),
    DEADLINES.bulk,
  ).returns<FileWritten>(),
  writeBilling: channel(
    z.strictObject({ ...billingExportRequest.shape, path: absolutePath }),
    DEADLINES.bulk,
  ).returns<BillingWritten>(),
  /** The office-wide billing CSV behind exportOfficeBilling, to the file chosen in main. */
  writeOfficeBilling: channel(
    z.strictObject({ ...officeBillingExportRequest.shape, path: absolutePath }),
    DEADLINES.bulk,
  ).returns<OfficeBillingFile>(),
  /** The office's return file behind exportOfficeReturnFile, to the file chosen in main. */
  writeOfficeReturnFile: channel(
    returnFileWriteRequest,
    DEADLINES.bulk,
  ).returns<OfficeReturnFile>(),
  /** The supervisor report's CSV behind exportOfficeReport, to the file chosen in main. */
  writeOfficeReport: channel(
    z.strictObject({ ...officeReportRequest.shape, path: absolutePath }),
    DEADLINES.service,
  ).returns<OfficeReportFile>(),
  /** The file behind meterdesk-photo://job/<id>; null for a job it cannot show. */
  photoFile: channel(z.strictObject({ jobId })).returns<PhotoFile | null>(),
  /** Stops the engine and closes the queue; main ends the process after the answer. */
  close: channel(empty, DEADLINES.close).returns<null>(),
  /**
   * Answered at once, even while the backend is still opening: main's watchdog asks every few
   * seconds, and a backend whose event loop stops answering it is restarted (backend-watchdog.ts).
   */
  ping: channel(empty, DEADLINES.close).returns<null>(),
} as const;
export type BackendCalls = typeof BACKEND_CALLS;
export type BackendCallName = keyof BackendCalls;

/** Notes main sends to the backend. */
export const BACKEND_NOTES = {
  /** The OS says the network may be back (online again, resume from sleep). */
  networkHint: note(empty),
} as const;
export type BackendNotes = typeof BACKEND_NOTES;

const desktopNotice = z.strictObject({
  kind: z.enum(NOTICE_KINDS),
  title: z.string().max(200),
  body: z.string().max(2000),
}) satisfies z.ZodType<DesktopNotice>;

const progressState = z.strictObject({
  fraction: z.number().min(0).max(1).nullable(),
  badge: z.int().min(0),
}) satisfies z.ZodType<ProgressState>;

/** safeStorage's output as base64: a few bytes more than the key, a third larger. */
const MAX_SEALED_CHARS = 4 * MAX_KEY_CHARS;

/** Calls the backend makes to main: the OS services only main may use. */
export const MAIN_CALLS = {
  /** Opens the file manager with this file or folder selected. */
  showItemInFolder: channel(absolutePath).returns<null>(),
  notify: channel(desktopNotice).returns<null>(),
  setProgress: channel(progressState).returns<null>(),
  safeStorageInfo: channel(empty, DEADLINES.person).returns<SafeStorageInfo>(),
  /** Electron safeStorage: plain text in, base64 of the encrypted bytes out. */
  encryptString: channel(z.string().min(1).max(MAX_KEY_CHARS), DEADLINES.person).returns<string>(),
  decryptString: channel(
    z.string().min(1).max(MAX_SEALED_CHARS),
    DEADLINES.person,
  ).returns<string>(),
} as const;
export type MainCalls = typeof MAIN_CALLS;

/** Longest line the backend's log or failure may carry; longer ones are cut, not refused. */
export const MAX_LOG_CHARS = 10_000;

/**
 * Notes the backend sends to main. `event` is the window's push (AppEvent): main forwards it as
 * it is, ten times a second with up to a thousand rows, so only its envelope is checked here; the
 * backend's own event hub built it.
 */
export const MAIN_NOTES = {
  event: note(
    z.custom<AppEvent>(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        typeof (value as { seq?: unknown }).seq === 'number',
      'not an app event',
    ),
  ),
  /** The backend opened (settings, key store, queue): calls are answered from now on. */
  ready: note(empty),
  /** The backend could not open; it exits after this. */
  failed: note(z.strictObject({ message: z.string().max(MAX_LOG_CHARS) })),
  log: note(z.strictObject({ line: z.string().max(MAX_LOG_CHARS) })),
} as const;
export type MainNotes = typeof MAIN_NOTES;
