// The office's decisions into a running desk (issue 30, items 4 and 8: every desk's field list,
// route panel and meter state follow the office's decision). At start, when the listener is back
// (notes sent while it was away are lost) and on every note of another desk's decision, the desk
// reads the decisions it has not taken (store/decision-news.ts) and hands them to the action layer
// (QueueActions.takeOfficeDecisions), which applies each once, in the office's order, as made at its
// desk. A burst of notes makes one read; never two at once. Once a route is taken from the office,
// the decisions on meters this desk did not have are read again (`rescan`).
import type { DecisionsTaken, TakeOfficeDecisions } from '../../common/office-decision-news';
import { officeDecisionsTakenOf } from '../store/office-decisions-taken';
import type { Store } from '../store/store';
import type { Clock } from '../time/clock';
import { OfficeSync } from './office-sync';
import { LOOKBACK_IDS, NEWS_PAGE } from './store/decision-news';
import type { OfficeStore } from './store/office-store';

/** How long the desk waits after a note for the rest of its burst (ms): well within the 2 s. */
export const DECISION_SYNC_SETTLE_MS = 50;

export interface DecisionSyncOptions {
  store: Store;
  office: Pick<OfficeStore, 'decisionNews'>;
  /** This desk's name and its queue's id (claimant.ts): this queue's own decisions are its already. */
  desk: string;
  queue: string;
  clock: Clock;
  take: TakeOfficeDecisions;
  /** Told after each read that applied something (tests wait on it; the log says it). */
  onTaken?: (taken: DecisionsTaken) => void;
  /** Why a read did not happen (the office away, the queue gone): the log's. */
  log?: (line: string) => void;
  settleMs?: number;
}

export class DecisionSync extends OfficeSync<DecisionsTaken> {
  private fromStart = false;

  constructor(private readonly opts: DecisionSyncOptions) {
    super({
      idle: NOTHING,
      clock: opts.clock,
      settleMs: opts.settleMs ?? DECISION_SYNC_SETTLE_MS,
      log: opts.log,
    });
  }

  /**
   * Routes were taken: the decisions this desk marked "not here" (their meter was not in this
   * queue then) are read again from the office's first.
   */
  rescan(): void {
    officeDecisionsTakenOf(this.opts.store.db, this.opts.clock).forgetNotHere();
    this.fromStart = true;
    void this.sync();
  }

  protected async turn(): Promise<DecisionsTaken> {
    const { store, office, desk, queue, clock, take } = this.opts;
    const taken = officeDecisionsTakenOf(store.db, clock);
    let total = NOTHING;
    let failed: Error | null = null;
    const fromStart = this.fromStart;
    this.fromStart = false;
    try {
      for (;;) {
        const after = fromStart ? 0 : Math.max(0, taken.highest() - LOOKBACK_IDS);
        const news = await office.decisionNews({
          after,
          desk,
          queue,
          taken: taken.takenAfter(after),
        });
        if (news.length === 0 || this.stopped) break;
        total = plus(total, await take(news));
        // The next page: everything read so far is marked taken, so it is not read again.
        if (news.length < NEWS_PAGE) break;
      }
    } catch (error) {
      if (fromStart) this.fromStart = true;
      failed = this.failure('decisions of other desks not taken now', error);
    }
    if (total.applied > 0) {
      this.opts.log?.(
        `Office: took ${String(total.applied)} decision${total.applied === 1 ? '' : 's'} made at other desks.`,
      );
    }
    this.opts.onTaken?.(total);
    if (failed !== null) throw failed;
    return total;
  }
}

const NOTHING: DecisionsTaken = { applied: 0, notHere: 0, meters: [] };

function plus(a: DecisionsTaken, b: DecisionsTaken): DecisionsTaken {
  return {
    applied: a.applied + b.applied,
    notHere: a.notHere + b.notHere,
    meters: [...new Set([...a.meters, ...b.meters])],
  };
}
