// The office's meter history into a running desk (issue 33: in office mode history is the
// office's): at start, when the office comes back and whenever a desk adds to it (a live note),
// the desk reads the rows added after the newest it took and hands them to the action layer
// (QueueActions.takeOfficeHistory), which stores them and checks the meters they name again. So
// a desk's own checks, meter detail and inspection list know the history imported at any desk.
import { officeHistoryMark, type TakenHistoryRow } from '../billing/history/office-history-mark';
import type { Store } from '../store/store';
import type { Clock } from '../time/clock';
import { OneTurnAtATime } from './one-turn-at-a-time';
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

export class HistorySync {
  private readonly turns: OneTurnAtATime<number>;

  constructor(private readonly opts: HistorySyncOptions) {
    this.turns = new OneTurnAtATime<number>(
      () => this.turn(),
      0,
      opts.clock,
      HISTORY_SYNC_SETTLE_MS,
    );
  }

  soon(): void {
    this.turns.soon();
  }

  /** Takes what is new now; the readings added. */
  sync(): Promise<number> {
    return this.turns.run();
  }

  async stop(): Promise<void> {
    await this.turns.stop();
  }

  private async turn(): Promise<number> {
    let added = 0;
    let failed: Error | null = null;
    try {
      for (;;) {
        if (this.turns.stopped) break;
        const rows = await this.opts.office.historySince(
          officeHistoryMark(this.opts.store),
          ROWS_A_READ,
        );
        if (rows.length > 0) added += this.opts.take(rows);
        if (rows.length < ROWS_A_READ) break;
      }
    } catch (error) {
      failed = error instanceof Error ? error : new Error(String(error));
      this.opts.log?.(
        `Office: meter history not taken now, tried again shortly (${failed.message}).`,
      );
    }
    if (added > 0)
      this.opts.say(`Office: took ${String(added)} history readings imported at other desks.`);
    // Thrown, so the turns try again on their own (one-turn-at-a-time.ts): a note is sent once.
    if (failed !== null) throw failed;
    return added;
  }
}
