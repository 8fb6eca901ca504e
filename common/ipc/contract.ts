// The one declarative IPC contract, the window's part: per channel, the request schema main
// validates against, the reply type (a phantom: types only) and the deadline of the backend's
// answer. The preload bridge, main's side, the renderer's types and the in-process test bridge are
// all derived from this table (see bridge.ts); backend-contract.ts holds the main process's part
// with the backend (calls both ways, the backend's pushes) in the same form.
import { z } from 'zod';
import { API_KEY_PROBLEMS, checkApiKey } from '../api-key';
import type { JobRecord } from '../job-record';
import { LANGUAGE_CHOICES } from '../settings';
import type { ChannelName } from './channels';
import { DEADLINES } from './deadlines';
import {
  MAX_KEY_CHARS,
  MAX_PATHS_PER_ADD,
  MAX_SAMPLE_PHOTOS,
  MAX_URL_CHARS,
  MAX_WATCH_FOLDERS,
} from './limits';
import {
  absolutePath,
  batchMode,
  business,
  empty,
  exportRequest,
  jobId,
  jobIds,
  jobQuery,
  maxConcurrency,
  madeReview,
  reviewState,
} from './schemas';
import type {
  AddOutcome,
  FolderChoice,
  AddSummary,
  ConnectionCheck,
  EngineStatus,
  ExportOutcome,
  JobDetail,
  JobPage,
  KeyStatus,
  RemoveOutcome,
  RootSummary,
  SandboxStarted,
  SettingsView,
  Snapshot,
  WatchFolderView,
} from './views';
import type { UpdateView } from './update-view';
import type { HistoryImportView } from './history-views';
import {
  plausibilityProfileRequest,
  type InspectionView,
  type PlausibilityLimitsView,
} from './limits-views';
import { photoCheckThresholds, type PhotoChecksView } from './photo-check-schemas';
import { decideMeterRequest, type DecisionAnswer } from './decision-schemas';
import { localDay } from '../billing/meter-decision';
import {
  billingExportRequest,
  billingPreviewRequest,
  fieldListRequest,
  filePattern,
  mappingJson,
  meterId,
  meterQuery,
  skipRequest,
  templateJson,
  typedReading,
} from './billing-schemas';
import type {
  BillingOverview,
  BillingPreview,
  BillingWritten,
  FileWritten,
  MeterChoice,
  MeterDetail,
  MeterPage,
  Saved,
  SheetChoice,
  SheetLoadView,
} from './billing-views';
import {
  loadOrderFileRequest,
  returnFileRequest,
  type OrderFileLoadView,
  type OrderProfileFile,
  type ReturnFileView,
} from './order-file-views';
import {
  officePassword,
  officeSettings,
  type OfficeCaChoice,
  type OfficeCheck,
  type OfficeView,
} from './office-views';
import {
  officeReportRequest,
  type OfficeReportFile,
  type OfficeReportView,
} from './office-report-views';
import * as review from './office-review-views';
import {
  officeBillingExportRequest,
  officeExportOverviewRequest,
  type OfficeBillingFile,
  type OfficeExportOverview,
  type OfficeReturnFile,
} from './office-export-views';

declare const replyType: unique symbol;

/**
 * A call: what may be sent (checked at run time), what comes back (checked by tsc), and how long
 * the caller waits for it before answering `timeout` itself.
 */
export interface ChannelSpec<S extends z.ZodType = z.ZodType, R = unknown> {
  readonly request: S;
  readonly deadlineMs: number;
  /** Never set: carries the reply type for the derived types. */
  readonly [replyType]?: R;
}

/** Declares a call; without a deadline it gets the default one (DEADLINES.call). */
export function channel<S extends z.ZodType>(
  request: S,
  deadlineMs: number = DEADLINES.call,
): { returns<R>(): ChannelSpec<S, R> } {
  return { returns: () => ({ request, deadlineMs }) };
}

/**
 * A secret is accepted in, never sent out; bounded so a paste accident cannot be huge, and of the
 * one form an API key has (common/api-key.ts).
 */
const apiKey = z
  .string()
  .max(MAX_KEY_CHARS)
  .superRefine((value, ctx) => {
    const checked = checkApiKey(value);
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: API_KEY_PROBLEMS[checked.problem] });
  });
const baseUrl = z.string().min(1).max(MAX_URL_CHARS);

export const CONTRACT = {
  /** Everything a fresh window needs. */
  snapshot: channel(empty).returns<Snapshot>(),
  /** Folders and files by absolute path (dropped items are resolved in the preload). */
  addPaths: channel(
    z.strictObject({ paths: z.array(absolutePath).min(1).max(MAX_PATHS_PER_ADD) }),
    DEADLINES.bulk,
  ).returns<AddSummary>(),
  /** "Add folder...": main shows the open dialog and adds what was chosen. */
  addFolders: channel(empty, DEADLINES.bulk).returns<AddOutcome>(),
  /** Settings' "Browse…" for the data location: main shows the open dialog for one folder. */
  chooseDataFolder: channel(empty).returns<FolderChoice>(),
  queryJobs: channel(jobQuery).returns<JobPage>(),
  jobDetail: channel(z.strictObject({ id: jobId })).returns<JobDetail>(),
  /** The folders and files the user added (routes), with counts by state. */
  listRoots: channel(empty).returns<readonly RootSummary[]>(),
  pause: channel(empty).returns<EngineStatus>(),
  resume: channel(empty).returns<EngineStatus>(),
  /** "Retry now" on the offline, quota or key banners: the engine checks again at once. */
  retryNow: channel(empty).returns<EngineStatus>(),
  /** Failed jobs back into the queue: the given ones, or all. */
  retryFailed: channel(z.strictObject({ ids: jobIds.optional() })).returns<{ retried: number }>(),
  /** Photos the quality check held, sent anyway (a person overrules it). */
  sendHeldAnyway: channel(z.strictObject({ ids: jobIds })).returns<{ sent: number }>(),
  /** The quality check's thresholds, with what it measured on the office's recent photos. */
  photoChecks: channel(empty).returns<PhotoChecksView>(),
  setPhotoCheckThresholds: channel(photoCheckThresholds).returns<PhotoChecksView>(),
  /** The plausibility limits in use, with where the queue's recent readings fell (issue 33). */
  plausibilityLimits: channel(empty).returns<PlausibilityLimitsView>(),
  /** Chooses a profile of limits; every reading is checked again by it. */
  setPlausibilityProfile: channel(
    plausibilityProfileRequest,
    DEADLINES.bulk,
  ).returns<PlausibilityLimitsView>(),
  /** The meters worth a visit, most urgent first (as `export --inspection` writes them). */
  inspectionList: channel(empty).returns<InspectionView>(),
  remove: channel(z.strictObject({ ids: jobIds })).returns<RemoveOutcome>(),
  /** Office mode: made in the office first with the meter's version the clerk saw (or refused). */
  review: channel(
    z.discriminatedUnion('action', [
      z.strictObject({
        id: jobId,
        action: z.literal('accept'),
        officeVersion: review.officeVersion,
      }),
      z.strictObject({
        id: jobId,
        action: z.literal('correct'),
        reading: typedReading,
        officeVersion: review.officeVersion,
      }),
    ]),
  ).returns<review.ReviewAnswer>(),
  /**
   * Takes back the last review of a reading: the row gets the review state it had before (named
   * by the window, which saw it), only while it still carries the review being undone (`undo`,
   * as the review's answer gave it), so a later review is never undone by mistake. Nothing is
   * sent again.
   */
  undoReview: channel(
    z.strictObject({
      id: jobId,
      undo: madeReview,
      restore: reviewState,
      officeVersion: review.officeVersion,
    }),
  ).returns<review.ReviewAnswer>(),
  /** Main shows the save dialog, then writes the CSV of the selected jobs. */
  exportCsv: channel(exportRequest, DEADLINES.bulk).returns<ExportOutcome>(),
  getSettings: channel(empty).returns<SettingsView>(),
  /** Changes what is given; the engine restarts with the new settings. */
  setSettings: channel(
    z.strictObject({
      baseUrl: baseUrl.nullable().optional(),
      business: business.nullable().optional(),
      batchMode: batchMode.optional(),
      maxConcurrency: maxConcurrency.optional(),
      dataDir: absolutePath.nullable().optional(),
      watchFolders: z.array(absolutePath).max(MAX_WATCH_FOLDERS).optional(),
      language: z.enum(LANGUAGE_CHOICES).optional(),
    }),
    DEADLINES.service,
  ).returns<SettingsView>(),
  /** Each watched folder: watching, unavailable (gone for now), photos added. */
  getWatchFolders: channel(empty).returns<readonly WatchFolderView[]>(),
  getKeyStatus: channel(empty).returns<KeyStatus>(),
  /** Stores the key for the configured service. The answer never contains the key. */
  setApiKey: channel(z.strictObject({ key: apiKey }), DEADLINES.service).returns<KeyStatus>(),
  clearApiKey: channel(empty, DEADLINES.service).returns<KeyStatus>(),
  /** "Try the built-in sandbox": starts it in-process and makes sample photos to drag in. */
  startSandbox: channel(
    z.strictObject({ photos: z.int().min(1).max(MAX_SAMPLE_PHOTOS).optional() }),
    DEADLINES.service,
  ).returns<SandboxStarted>(),
  /**
   * Onboarding and settings: calls quota and AI status with this address and key (or the stored
   * key) and, with `save`, keeps both and restarts the engine on them.
   */
  validateConnection: channel(
    z.strictObject({ baseUrl, apiKey: apiKey.optional(), save: z.boolean().optional() }),
    DEADLINES.service,
  ).returns<ConnectionCheck>(),
  /** Shows a job's photo, an added folder or an exported file in the OS file manager. */
  openFileLocation: channel(
    z.union([z.strictObject({ jobId }), z.strictObject({ path: absolutePath })]),
  ).returns<null>(),
  /** The running version and automatic updates: off, checking, downloading, ready on quit. */
  getUpdateStatus: channel(empty).returns<UpdateView>(),
  /** Opens the folder of MeterDesk's log files in the file manager (for IT to collect them). */
  openLogFolder: channel(empty).returns<null>(),

  // Routes and billing (issue 13; docs/billing.md).
  /** Main shows the open dialog for a meter history file; the backend imports it (issue 33). */
  importHistory: channel(empty, DEADLINES.bulk).returns<Saved<HistoryImportView>>(),
  /** Main shows the open dialog for a route sheet; the backend reads its headers and first rows. */
  chooseRouteSheet: channel(empty).returns<SheetChoice>(),
  /** Loads the chosen sheet with the mapping the clerk confirmed: all of it or nothing. */
  loadRouteSheet: channel(
    // folders: the sheet matches only the photos in these (none given: every folder).
    z.strictObject({
      path: absolutePath,
      mappingJson,
      folders: z.array(absolutePath).max(1000).optional(),
    }),
    DEADLINES.bulk,
  ).returns<SheetLoadView>(),
  /** Loads the chosen order file as the route, with the profile named (null: by its content). */
  loadOrderFile: channel(loadOrderFileRequest, DEADLINES.bulk).returns<OrderFileLoadView>(),
  /** Main shows the open dialog for an office's own profile file; the backend checks it. */
  chooseOrderProfile: channel(empty).returns<OrderProfileFile>(),
  /** Sets (null: clears) the file-name pattern; every photo not confirmed is matched again. */
  setFilePattern: channel(z.strictObject({ pattern: filePattern }), DEADLINES.bulk).returns<{
    matched: number;
    unmatched: number;
  }>(),
  billingOverview: channel(empty).returns<BillingOverview>(),
  listMeters: channel(meterQuery).returns<MeterPage>(),
  /** The meter picker: ids, accounts and addresses containing the text, in walking order. */
  findMeters: channel(
    z.strictObject({ query: z.string().max(64), limit: z.int().min(1).max(50).optional() }),
  ).returns<readonly MeterChoice[]>(),
  meterDetail: channel(z.strictObject({ meterId })).returns<MeterDetail>(),
  /** A person says which meter a photo shows (null: none of them). */
  assignMeter: channel(z.strictObject({ jobId, meterId: meterId.nullable() })).returns<JobRecord>(),
  recordSkip: channel(skipRequest).returns<MeterDetail>(),
  /** A reading typed by hand for a meter whose photo failed or is missing. */
  typeReading: channel(
    z.strictObject({
      meterId,
      reading: typedReading,
      readAt: localDay.optional(),
      /** Read by the customer (a customer card): read type "customer" in the export. */
      byCustomer: z.boolean().optional(),
    }),
  ).returns<MeterDetail>(),
  /** A clerk's decision for a meter: typed, skip, exchange, re-read or estimate. */
  decideMeter: channel(decideMeterRequest).returns<DecisionAnswer>(),
  /** Takes the meter's decision back; the one before it is the meter's again. */
  undoMeterDecision: channel(
    z.strictObject({ meterId, officeVersion: review.officeVersion }),
  ).returns<DecisionAnswer>(),
  /** Keeps this export template in the queue for the next export. */
  saveTemplate: channel(z.strictObject({ templateJson })).returns<{ templateJson: string }>(),
  /** Main shows the open dialog; the backend reads and checks the template file. */
  importTemplate: channel(empty).returns<Saved<{ templateJson: string }>>(),
  /** Main shows the save dialog; the backend writes the template file. */
  exportTemplate: channel(z.strictObject({ templateJson })).returns<Saved<FileWritten>>(),
  /** Main shows the save dialog; the backend writes the meters still missing, in walking order. */
  exportMissing: channel(fieldListRequest, DEADLINES.bulk).returns<Saved<FileWritten>>(),
  /** Main shows the save dialog; the backend writes one row per meter with the template. */
  exportBilling: channel(billingExportRequest, DEADLINES.bulk).returns<Saved<BillingWritten>>(),
  /** Main shows the save dialog; the backend writes the return file, as `export --return-file`. */
  exportReturnFile: channel(returnFileRequest, DEADLINES.bulk).returns<Saved<ReturnFileView>>(),
  /** The same for every meter of the office, as `export --office` (this desk publishes first). */
  exportOfficeBilling: channel(officeBillingExportRequest, DEADLINES.bulk).returns<
    Saved<OfficeBillingFile>
  >(),
  /** The whole office's counts, flagged meters and first rows in a scope, read from the office. */
  officeExportOverview: channel(
    officeExportOverviewRequest,
    DEADLINES.service,
  ).returns<OfficeExportOverview>(),
  /** Main shows the save dialog; the backend writes the office's return file (`--office`). */
  exportOfficeReturnFile: channel(returnFileRequest, DEADLINES.bulk).returns<
    Saved<OfficeReturnFile>
  >(),
  /** The export's first rows in a scope, the sheet's dialect and the office's time zone. */
  billingPreview: channel(billingPreviewRequest).returns<BillingPreview>(),

  // Office mode (issue 23; docs/office.md). The password goes in, never out.
  /** The Office settings, the default desk name and whether a password is saved. */
  getOffice: channel(empty).returns<OfficeView>(),
  /** Keeps the settings (null: no office), and the password in the keychain when one is given. */
  saveOffice: channel(
    z.strictObject({ settings: officeSettings.nullable(), password: officePassword.optional() }),
    DEADLINES.service,
  ).returns<OfficeView>(),
  /** Connects with these settings and the given (else the saved) password; says what it found. */
  testOffice: channel(
    z.strictObject({ settings: officeSettings, password: officePassword.optional() }),
    DEADLINES.service,
  ).returns<OfficeCheck>(),
  /** The Office card's "Browse…" for the office's CA file: main shows the open dialog. */
  chooseOfficeCaFile: channel(empty).returns<OfficeCaChoice>(),
  /** The supervisor's report for a day (none: today), read from the office (docs/office.md). */
  officeReport: channel(officeReportRequest, DEADLINES.service).returns<OfficeReportView>(),
  /** Main shows the save dialog; the backend writes the report's CSV, as `office report --csv`. */
  exportOfficeReport: channel(officeReportRequest, DEADLINES.service).returns<
    Saved<OfficeReportFile>
  >(),
  /** The window shows this meter (null: none): its review lease is taken, kept, given up. */
  officeShowMeter: channel(
    review.officeShowRequest,
    review.OFFICE_REVIEW_DEADLINE_MS,
  ).returns<review.OfficeMeterView>(),
  /** Walking review: leases the first of these meters no other clerk has. */
  officeWalkNext: channel(
    review.officeWalkRequest,
    review.OFFICE_REVIEW_DEADLINE_MS,
  ).returns<review.OfficeNext>(),
  /** Asks the clerk whose review lease keeps this desk off the meter to hand it over. */
  officeAskHandover: channel(
    review.officeAskHandoverRequest,
    review.OFFICE_REVIEW_DEADLINE_MS,
  ).returns<review.OfficeHandoverAsked>(),
  /** The clerk at this window hands the meter shown over to the desk that asked: its view now. */
  officeHandOver: channel(
    review.officeHandOverRequest,
    review.OFFICE_REVIEW_DEADLINE_MS,
  ).returns<review.OfficeMeterView>(),
} as const satisfies Record<ChannelName, ChannelSpec>;

export type Contract = typeof CONTRACT;
