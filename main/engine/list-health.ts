// Whether the task list can be used now. Its existence, order and bounds are "not shown" (spec
// 4.5): a deployment's list may answer 500 to every call, or only after half a minute, while reads
// by id work. The list is a shortcut, never the only way to a task: when it fails (or misses its
// own deadline) twice in a row, its tasks are followed through their own reads and batch reads,
// and the list is tried once more now and then (a growing wait), to be used again as soon as it
// answers in time. Its trouble is its own: it never counts as the network gone.
import { logged, type EngineMessage } from '../../common/engine-messages';
import { isApiError, type RetryReason } from '../api/errors';

/** Failures in a row before the list is left aside: one bad answer is not a broken list. */
const ASIDE_AFTER = 2;
/** The wait between tries of a list left aside grows to this many times listRecheckMs. */
const RECHECK_GROWTH = 12;

/** Failures below HTTP are the network's, not the list's: any other is the list's own trouble. */
const NETWORK_REASONS: ReadonlySet<RetryReason> = new Set(['connection_reset', 'tls', 'transport']);

export interface ListHealthOptions {
  readonly listDeadlineMs: number;
  readonly listRecheckMs: number;
  log(line: string, message?: EngineMessage): void;
}

/** What a failed list means: its tasks are read another way now (`aside`), or soon by list again. */
export type ListFailure = 'aside' | 'again';

export class ListHealth {
  private failures = 0;
  /** The list is left aside since then, or null while it is used. */
  private asideSince: number | null = null;
  private rechecks = 0;
  private recheckAt = 0;
  private checking = false;

  constructor(private readonly o: ListHealthOptions) {}

  /** Lists may be planned for polls now. */
  get usable(): boolean {
    return this.asideSince === null;
  }

  /** The list is left aside, and it is time to try it once more (one try at a time). */
  recheckDue(now: number): boolean {
    return this.asideSince !== null && !this.checking && now >= this.recheckAt;
  }

  /** A try of a list left aside is on its way. */
  rechecking(): void {
    this.checking = true;
  }

  /** A list answered in time. */
  answered(): void {
    this.failures = 0;
    this.checking = false;
    if (this.asideSince === null) return;
    this.asideSince = null;
    this.rechecks = 0;
    this.o.log(...logged('listBack', {}));
  }

  /**
   * A list request failed: null when the failure is not the list's own (the network, the key, a
   * limit: the error policy decides those), else what it means for the tasks it was to cover.
   */
  failed(error: unknown, now: number): ListFailure | null {
    if (!isApiError(error) || error.endpoint !== 'list_tasks') return null;
    const { info } = error;
    if (info.class !== 'retry_later' || NETWORK_REASONS.has(info.reason)) return null;
    if (this.asideSince !== null) {
      if (this.checking) {
        this.checking = false;
        this.rechecks++;
        this.recheckAt = now + this.recheckWait();
      }
      return 'aside';
    }
    if (++this.failures < ASIDE_AFTER) return 'again';
    this.asideSince = now;
    this.rechecks = 0;
    this.recheckAt = now + this.recheckWait();
    const slow = info.reason === 'timeout' && error.status === undefined;
    this.o.log(
      ...(slow
        ? logged('listSlow', { seconds: Math.ceil(this.o.listDeadlineMs / 1000) })
        : logged('listFailing', { status: error.status ?? 0 })),
    );
    return 'aside';
  }

  private recheckWait(): number {
    const base = this.o.listRecheckMs;
    return Math.min(base * RECHECK_GROWTH, base * 2 ** this.rechecks);
  }
}
