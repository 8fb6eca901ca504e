// The office's meter history into a running desk (issue 33: in office mode history is the
// office's): at start, when the office comes back and whenever a desk adds to it (a live note),
// the desk reads the rows added after the newest it took and hands them to the action layer
// (QueueActions.takeOfficeHistory), which stores them and checks the meters they name again. So
// a desk's own checks, meter detail and inspection list know the history imported at any desk.
import { officeHistoryMark, type TakenHistoryRow } from '../billing/history/office-history-mark';
import type { Store } from '../store/store';
import type { Clock } from '../time/clock';
import { OfficeSync } from './office-sync';
import type { OfficeStore } from './store/office-store';

/** Takes rows of the office's history into the queue; the readings added. */
export type TakeOfficeHistory = (rows: readonly TakenHistoryRow[]) => number;

/** Rows read at a time (a 100,000-meter office's two years are 2.4 million). */
const ROWS_A_READ = 5_000;
const HISTORY_SYNC_SETTLE_MS = 50;

export interface HistorySyncOptions {
  store: Pick<Store, 'settings'>;
  office: Pick<OfficeStore, 'historySince'>;
  clock: Clock;
  take: TakeOfficeHistory;
  say: (line: string) => void;
  log?: (line: string) => void;
}

export class HistorySync extends OfficeSync<number> {
  constructor(private readonly opts: HistorySyncOptions) {
    super({ idle: 0, clock: opts.clock, settleMs: HISTORY_SYNC_SETTLE_MS, log: opts.log });
  }

  /** Takes what is new now; the readings added. */
  protected async turn(): Promise<number> {
    let added = 0;
    let failed: Error | null = null;
    try {
      for (;;) {
        if (this.stopped) break;
        const rows = await this.opts.office.historySince(
          officeHistoryMark(this.opts.store),
          ROWS_A_READ,
        );
        if (rows.length > 0) added += this.opts.take(rows);
        if (rows.length < ROWS_A_READ) break;
      }
    } catch (error) {
      failed = this.failure('meter history not taken now', error);
    }
    if (added > 0)
      this.opts.say(`Office: took ${String(added)} history readings imported at other desks.`);
    if (failed !== null) throw failed;
    return added;
  }
}
