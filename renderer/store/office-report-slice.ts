// The Office report (the supervisor's view, issue 23 item 7): the day's report as the backend read
// it from the office, the day chosen, and its CSV export. A reply older than the last request is
// dropped, so changing the day quickly never shows the day before's numbers under the new date.
import type { OfficeReportFile, OfficeReportView, Result } from '../../common/ipc';
import { ok } from '../../common/ipc';
import type { SliceCreator } from './types';

export interface OfficeReportSlice {
  /** The report on screen (or why there is none); null until the first answer. */
  officeReport: OfficeReportView | null;
  /** The day in the date field (yyyy-mm-dd); null: today, as the office's day has it. */
  officeReportDay: string | null;
  /** A read is under way (the Refresh button says so). */
  officeReportLoading: boolean;
  /** Reads the report again; with a day, for that day (null: today). */
  loadOfficeReport(day?: string | null): Promise<void>;
  /**
   * The office changed (AppEvent.officeChange): reads again, once more after a read under way
   * rather than once per change, so a busy office's stream of changes costs one read at a time.
   */
  officeReportHeard(): void;
  /** "Export CSV…" for the day on screen; null when the person canceled the dialog. */
  exportOfficeReport(): Promise<Result<OfficeReportFile | null>>;
}

export const createOfficeReportSlice: SliceCreator<OfficeReportSlice> = (set, get, { bridge }) => {
  let asked = 0;
  /** A change was heard while a read was under way: read once more after it. */
  let heardMeanwhile = false;
  return {
    officeReport: null,
    officeReportDay: null,
    officeReportLoading: false,

    async loadOfficeReport(day) {
      if (day !== undefined) set({ officeReportDay: day });
      const chosen = get().officeReportDay;
      const mine = ++asked;
      set({ officeReportLoading: true });
      const reply = await bridge.officeReport(chosen === null ? {} : { day: chosen });
      if (mine !== asked) return;
      set({ officeReportLoading: false });
      if (reply.ok) set({ officeReport: reply.value });
      else get().notifyError(reply.error);
      if (heardMeanwhile) {
        heardMeanwhile = false;
        void get().loadOfficeReport();
      }
    },

    officeReportHeard() {
      if (get().officeReportLoading) heardMeanwhile = true;
      else void get().loadOfficeReport();
    },

    async exportOfficeReport() {
      const day = get().officeReport?.day ?? get().officeReportDay;
      const reply = await bridge.exportOfficeReport(day === null ? {} : { day });
      if (!reply.ok) return reply;
      return ok(reply.value.canceled ? null : reply.value);
    },
  };
};
