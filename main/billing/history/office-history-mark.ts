// How far a desk has taken the office's meter history (office migration 012): the newest `rev`
// taken, kept in the queue's settings beside the rows it took (QueueActions.takeOfficeHistory), so
// a desk restarted or back from an outage reads only what came after.
import type { HistoryRow, HistorySource } from '../../store/history-repo';
import type { Store } from '../../store/store';

export const OFFICE_HISTORY_MARK = 'officeHistoryRev';

/** A row of the office's history as a desk takes it, with its place in the office's order. */
export interface TakenHistoryRow extends HistoryRow {
  source: HistorySource;
  rev: string;
}

/** The newest office `rev` this queue took; '0' before the first. */
export function officeHistoryMark(store: Pick<Store, 'settings'>): string {
  const mark = store.settings.get<unknown>(OFFICE_HISTORY_MARK, null);
  return typeof mark === 'string' && /^\d+$/.test(mark) ? mark : '0';
}
