// Routes and billing in the window: the overview (sheets, pattern, progress, counts), the meter
// list with its filter, the route sheet's choose → map → load steps, the meter of the selected
// photo, and what a clerk records (a meter for a photo, a skip, a typed reading); the export
// template and the two exports. Each action is one IPC call; pushes re-read the overview and list.
import type { ColumnMapping } from '../../common/billing/column-mapping';
import type { SkipCode } from '../../common/billing/billing-row';
import type { BillingScope } from '../../common/billing/export-scope';
import type { ExportLanguage } from '../../common/billing/export-template';
import type {
  BillingOverview,
  BillingPreview,
  BillingWritten,
  FileWritten,
  MeterChoice,
  MeterDetail,
  MeterFilter,
  MeterPage,
  MeterRow,
  OfficeBillingFile,
  OfficeExportOverview,
  OrderFileLoadView,
  OrderFilePreview,
  SheetLoadView,
  SheetPreview,
  Result,
} from '../../common/ipc';
import { ok } from '../../common/ipc';
import type { RowProblem } from '../../common/billing/row-problem';
import { latestOnly } from '../lib/latest-only';
import type { SliceCreator } from './types';

/** Where the route sheet's load stands: nothing, its column mapping, its problems, its result. */
export type SheetStep =
  | { readonly kind: 'idle' }
  | { readonly kind: 'mapping'; readonly preview: SheetPreview }
  | {
      readonly kind: 'problems';
      readonly name: string;
      /** The file chosen: it may still be read as an order file with the clerk's profile. */
      readonly path: string;
      readonly problems: readonly RowProblem[];
      readonly moreProblems: number;
      /** Set when the mapping can be changed and the load tried again. */
      readonly preview: SheetPreview | null;
    }
  | {
      readonly kind: 'loaded';
      readonly name: string;
      readonly result: SheetLoadView & { ok: true };
    }
  /** A billing system's order file: its profile (recognised or chosen), then its load. */
  | {
      readonly kind: 'order';
      readonly preview: OrderFilePreview;
      /** The chosen profile could not read it: nothing was loaded. */
      readonly failed: (OrderFileLoadView & { ok: false }) | null;
    }
  | { readonly kind: 'orderLoaded'; readonly result: OrderFileLoadView & { ok: true } };

export interface BillingSlice {
  billing: BillingOverview | null;
  meterFilter: MeterFilter;
  meterSearch: string;
  meterPage: MeterPage | null;
  sheetStep: SheetStep;
  /** The meter of the photo in the detail, or the meter opened alone from the list. */
  meterOfDetail: MeterDetail | null;
  /** The detail shows a meter without a photo (opened from the meter list). */
  meterAlone: boolean;
  refreshBilling(): Promise<void>;
  /** Reads now and after pushes that change rows or the app; returns the stop function. */
  watchBilling(): () => void;
  setMeterFilter(filter: MeterFilter, search?: string): Promise<void>;
  chooseRouteSheet(): Promise<void>;
  /** `folders`: the sheet matches only the photos in these (none: every folder). */
  loadRouteSheet(mapping: ColumnMapping, folders?: readonly string[]): Promise<void>;
  closeSheetStep(): void;
  setFilePattern(pattern: string | null): Promise<Result<null>>;
  findMeters(query: string): Promise<Result<readonly MeterChoice[]>>;
  loadMeterOfDetail(meterId: string | null): Promise<void>;
  closeMeterAlone(): void;
  /** The detail shows a photo: its meter (or none) comes with it. */
  showMeterOfJob(meterId: string | null): Promise<void>;
  assignMeter(jobId: number, meterId: string): Promise<Result<null>>;
  recordSkip(meterId: string, code: SkipCode, note: string): Promise<Result<null>>;
  /** `readAt`: the local day it was read (the form offers the route's read day). */
  /** `byCustomer`: the customer read it (a customer card), read type "customer". */
  typeReading(
    meterId: string,
    reading: string,
    readAt?: string,
    byCustomer?: boolean,
  ): Promise<Result<null>>;
  openMeterRow(row: MeterRow): void;
  saveTemplate(json: string): Promise<Result<null>>;
  /** The template read from the file the user picked; null when the dialog was canceled. */
  importTemplate(): Promise<Result<string | null>>;
  exportTemplate(json: string): Promise<Result<FileWritten | null>>;
  /** The field list in `language` (the window's); English without one. */
  exportMissing(language?: ExportLanguage): Promise<Result<FileWritten | null>>;
  exportBilling(json: string, scope: 'finished' | 'all'): Promise<Result<BillingWritten | null>>;
  /** Every meter of the office with this template (this desk publishes first); null: canceled. */
  exportOfficeBilling(json: string, scope: BillingScope): Promise<Result<OfficeBillingFile | null>>;
  /** The whole office's counts, flagged meters and first rows in the scope, from the office. */
  officeExportOverview(scope: BillingScope): Promise<Result<OfficeExportOverview>>;
  /** The export's first rows in the scope, the sheet's dialect and the office's time zone. */
  billingPreview(scope: 'finished' | 'all'): Promise<Result<BillingPreview>>;
}

export const createBillingSlice: SliceCreator<BillingSlice> = (
  set,
  get,
  { bridge, refreshMs, now },
) => {
  // A large route costs the backend seconds per read (bench/billing-views.ts: about 2-3 s at
  // 100,000 meters on a loaded machine): after pushes, the next read waits ten times as long as
  // the last one took, so following a run never takes more than a tenth of the backend's time.
  let lastCostMs = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const refreshLater = (): void => {
    timer ??= setTimeout(
      () => {
        timer = null;
        void get().refreshBilling();
      },
      Math.max(refreshMs, 250, lastCostMs * 10),
    );
  };

  // The meter shown in the detail is loaded from many places (the photo, a row, a skip); only
  // the newest answer is shown.
  const meterReplies = latestOnly();

  const reloadList = async (): Promise<void> => {
    const { meterFilter, meterSearch } = get();
    const reply = await bridge.listMeters({
      filter: meterFilter,
      ...(meterSearch.trim() && { search: meterSearch.trim() }),
    });
    if (reply.ok && get().meterFilter === meterFilter) set({ meterPage: reply.value });
  };

  /** After a change the clerk made: the list, the overview and the detail follow. */
  const afterChange = async (): Promise<void> => {
    await get().refreshBilling();
    const meterId = get().meterOfDetail?.meter.meterId ?? null;
    if (meterId) await get().loadMeterOfDetail(meterId);
    // The photo shown too: a sheet loaded again checks its reading anew (its level, to review).
    const shown = get().selectedId;
    if (shown !== null) await get().loadDetail(shown);
    get().scheduleTableRefresh();
  };

  return {
    billing: null,
    meterFilter: 'all',
    meterSearch: '',
    meterPage: null,
    sheetStep: { kind: 'idle' },
    meterOfDetail: null,
    meterAlone: false,

    async refreshBilling() {
      const started = now();
      const reply = await bridge.billingOverview();
      if (!reply.ok) return;
      set({ billing: reply.value });
      if (reply.value.totals.meters > 0 || reply.value.unmatchedPhotos > 0) await reloadList();
      lastCostMs = now() - started;
    },

    watchBilling() {
      void get().refreshBilling();
      const unsubscribe = bridge.onEvent((event) => {
        if (event.appChanged || event.jobs.length > 0 || event.removedJobIds.length > 0)
          refreshLater();
      });
      return () => {
        unsubscribe();
        if (timer !== null) clearTimeout(timer);
        timer = null;
      };
    },

    async setMeterFilter(filter, search) {
      set({ meterFilter: filter, ...(search !== undefined && { meterSearch: search }) });
      await reloadList();
    },

    async chooseRouteSheet() {
      const reply = await bridge.chooseRouteSheet();
      if (!reply.ok) {
        get().notifyError(reply.error);
        return;
      }
      const choice = reply.value;
      if (choice.canceled) return;
      if ('order' in choice)
        set({ sheetStep: { kind: 'order', preview: choice.order, failed: null } });
      else if ('preview' in choice)
        set({ sheetStep: { kind: 'mapping', preview: choice.preview } });
      else {
        set({
          sheetStep: {
            kind: 'problems',
            name: choice.path.split(/[\\/]/).pop() ?? choice.path,
            path: choice.path,
            problems: choice.problems,
            moreProblems: choice.moreProblems,
            preview: null,
          },
        });
      }
    },

    async loadRouteSheet(mapping, folders) {
      const step = get().sheetStep;
      if (step.kind !== 'mapping' && !(step.kind === 'problems' && step.preview)) return;
      const preview = step.kind === 'mapping' ? step.preview : step.preview;
      if (!preview) return;
      const reply = await bridge.loadRouteSheet({
        path: preview.path,
        mappingJson: JSON.stringify(mapping),
        ...(folders && { folders: [...folders] }),
      });
      if (!reply.ok) {
        // The request failed, not the sheet: a notice like every other failed request, and the
        // mapping stays open to try again.
        get().notifyError(reply.error);
        return;
      }
      const result = reply.value;
      if (!result.ok) {
        set({
          sheetStep: {
            kind: 'problems',
            name: preview.name,
            path: preview.path,
            problems: result.problems,
            moreProblems: result.moreProblems,
            preview,
          },
        });
        return;
      }
      set({ sheetStep: { kind: 'loaded', name: preview.name, result } });
      await afterChange();
    },

    closeSheetStep() {
      set({ sheetStep: { kind: 'idle' } });
    },

    async setFilePattern(pattern) {
      const reply = await bridge.setFilePattern({ pattern });
      if (!reply.ok) return reply;
      await afterChange();
      return ok(null);
    },

    async findMeters(query) {
      const reply = await bridge.findMeters({ query, limit: 12 });
      return reply;
    },

    async loadMeterOfDetail(meterId) {
      const newest = meterReplies.ticket();
      if (meterId === null) {
        set({ meterOfDetail: null });
        return;
      }
      const reply = await bridge.meterDetail({ meterId });
      if (newest()) set({ meterOfDetail: reply.ok ? reply.value : null });
    },

    closeMeterAlone() {
      set({ meterAlone: false });
    },

    async showMeterOfJob(meterId) {
      set({ meterAlone: false });
      await get().loadMeterOfDetail(meterId);
    },

    async assignMeter(jobId, meterId) {
      const reply = await bridge.assignMeter({ jobId, meterId });
      if (!reply.ok) return reply;
      get().applyJobs([reply.value]);
      await get().loadDetail(jobId);
      await get().loadMeterOfDetail(meterId);
      // Walking, the photo's stop is its new meter's: "seq" said the old one's.
      const moved = get().meterOfDetail?.meter;
      if (moved?.meterId === meterId)
        get().walkPhotoMoved(jobId, { meterId, sequence: moved.sequence, route: moved.route });
      await afterChange();
      return ok(null);
    },

    async recordSkip(meterId, code, note) {
      const newest = meterReplies.ticket();
      const reply = await bridge.recordSkip({
        meterId,
        code,
        ...(note.trim() && { note: note.trim() }),
      });
      if (!reply.ok) return reply;
      if (newest()) set({ meterOfDetail: reply.value });
      await afterChange();
      return ok(null);
    },

    async typeReading(meterId, reading, readAt, byCustomer) {
      const newest = meterReplies.ticket();
      const reply = await bridge.typeReading({
        meterId,
        reading: reading.trim(),
        ...(readAt && { readAt }),
        ...(byCustomer === true && { byCustomer }),
      });
      if (!reply.ok) return reply;
      if (newest()) set({ meterOfDetail: reply.value });
      await afterChange();
      return ok(null);
    },

    openMeterRow(row) {
      if (row.jobId !== null) get().select(row.jobId);
      else if (row.meterId !== null) {
        // A meter without a photo: the detail shows the meter alone (hand entry, skip).
        get().select(null);
        set({ meterAlone: true });
        void get().loadMeterOfDetail(row.meterId);
      }
    },

    async saveTemplate(json) {
      const reply = await bridge.saveTemplate({ templateJson: json });
      if (!reply.ok) return reply;
      set((s) =>
        s.billing ? { billing: { ...s.billing, templateJson: reply.value.templateJson } } : {},
      );
      return ok(null);
    },

    async importTemplate() {
      const reply = await bridge.importTemplate();
      if (!reply.ok) return reply;
      return ok(reply.value.canceled ? null : reply.value.templateJson);
    },

    async exportTemplate(json) {
      const reply = await bridge.exportTemplate({ templateJson: json });
      if (!reply.ok) return reply;
      return ok(reply.value.canceled ? null : reply.value);
    },

    async exportMissing(language) {
      const reply = await bridge.exportMissing(language === undefined ? {} : { language });
      if (!reply.ok) return reply;
      return ok(reply.value.canceled ? null : reply.value);
    },

    billingPreview: (scope) => bridge.billingPreview({ scope }),

    async exportBilling(json, scope) {
      set({ busy: true });
      try {
        const reply = await bridge.exportBilling({ templateJson: json, scope });
        if (!reply.ok) return reply;
        return ok(reply.value.canceled ? null : reply.value);
      } finally {
        set({ busy: false });
      }
    },

    officeExportOverview: (scope) => bridge.officeExportOverview({ scope }),

    async exportOfficeBilling(json, scope) {
      set({ busy: true });
      try {
        const reply = await bridge.exportOfficeBilling({ templateJson: json, scope });
        if (!reply.ok) return reply;
        return ok(reply.value.canceled ? null : reply.value);
      } finally {
        set({ busy: false });
      }
    },
  };
};
