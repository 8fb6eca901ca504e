// "Import history…" (issue 33, item 1): main's open dialog, then the backend imports the file
// through the action layer; what it did stays on screen until the clerk closes it.
import type { HistoryImportView } from '../../common/ipc';
import type { SliceCreator } from './types';

export interface HistorySlice {
  /** The last import's answer, shown until closed; null: none on screen. */
  historyImport: HistoryImportView | null;
  /** Asks for a history file and imports it; a failure is a notice. */
  importHistory(): Promise<void>;
  closeHistoryImport(): void;
}

export const createHistorySlice: SliceCreator<HistorySlice> = (set, get, { bridge }) => ({
  historyImport: null,

  async importHistory() {
    const reply = await bridge.importHistory({});
    if (!reply.ok) {
      get().notifyError(reply.error);
      return;
    }
    const done = reply.value;
    if (done.canceled) return;
    set({
      historyImport: {
        lines: done.lines,
        added: done.added,
        unchanged: done.unchanged,
        meters: done.meters,
        metersOnSheet: done.metersOnSheet,
        problems: done.problems,
        problemCount: done.problemCount,
      },
    });
  },

  closeHistoryImport() {
    set({ historyImport: null });
  },
});
