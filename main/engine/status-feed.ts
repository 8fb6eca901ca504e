// What the engine tells its listeners: changed rows and the status, coalesced to one of each per
// STATUS_EVERY_MS however busy the run; and the promises of waitSettled(), decided on each status.
import type { EngineStatus, Permission } from '../../common/engine-status';
import { Timer, type Clock } from '../time/clock';

export type SettleOutcome =
  | 'complete'
  | 'quota_exhausted'
  | 'key_rejected'
  | 'permission_denied'
  | 'settings'
  | 'offline_timeout';

const STATUS_EVERY_MS = 100;
const READS: ReadonlySet<Permission> = new Set(['get_task', 'list_tasks', 'get_batch']);
/** While someone waits on an offline run, how often the time limit is looked at again. */
const OFFLINE_RECHECK_MS = 1_000;

export interface StatusFeedOptions {
  readonly clock: Clock;
  readonly status: () => EngineStatus;
  readonly emitJobs: (ids: number[]) => void;
  readonly emitStatus: (status: EngineStatus) => void;
  readonly running: () => boolean;
}

/**
 * Nothing more can happen without a person: every job is final, or the run is held (by the key,
 * a permission, a setting or the quota) with nothing left to follow. Offline is decided by the
 * waiter's time limit.
 */
export function settledOutcome(s: EngineStatus): SettleOutcome | null {
  const c = s.counts;
  const inFlight = c.uploading + c.submitted;
  if (c.queued + inFlight === 0) return 'complete';
  const auth = s.holds.auth;
  // Uploads on their way are refused too in a moment and put back: wait for them, so the run's
  // end shows every photo it did not send as waiting.
  if (auth?.kind === 'key_rejected') return c.uploading === 0 ? 'key_rejected' : null;
  // Tasks already sent are followed to their end first, unless reading them is what is denied.
  if (auth && (inFlight === 0 || (auth.permission && READS.has(auth.permission))))
    return 'permission_denied';
  if (s.holds.settings && inFlight === 0) return 'settings';
  if (s.holds.quota && inFlight === 0) return 'quota_exhausted';
  return null;
}

export class StatusFeed {
  private readonly changedIds = new Set<number>();
  private waiters: { maxOfflineMs: number; resolve: (o: SettleOutcome) => void }[] = [];
  private readonly flushTimer: Timer;
  /** Re-checks offline waits by time; must not outlive stop() (the store may be closed next). */
  private readonly offlineTimer: Timer;

  constructor(private readonly o: StatusFeedOptions) {
    this.flushTimer = new Timer(o.clock, () => {
      this.flush();
    });
    this.offlineTimer = new Timer(
      o.clock,
      () => {
        if (o.running()) this.schedule();
      },
      { weak: true },
    );
  }

  changed(ids: readonly number[]): void {
    for (const id of ids) this.changedIds.add(id);
    this.schedule();
    // Someone waits for the end of the run: tell them as it happens, not at the next push.
    if (this.waiters.length) this.settle(this.o.status());
  }

  schedule(): void {
    this.flushTimer.ensure(STATUS_EVERY_MS);
  }

  waitSettled(maxOfflineMs: number): Promise<SettleOutcome> {
    return new Promise((resolve) => {
      this.waiters.push({ maxOfflineMs, resolve });
      this.schedule();
    });
  }

  /** Sends what is pending now (on stop, so the last state is not lost). */
  flush(): void {
    this.flushTimer.clear();
    if (this.changedIds.size) {
      const ids = [...this.changedIds];
      this.changedIds.clear();
      this.o.emitJobs(ids);
    }
    const status = this.o.status();
    this.o.emitStatus(status);
    this.settle(status);
  }

  stop(): void {
    this.flushTimer.clear();
    this.offlineTimer.clear();
  }

  private settle(s: EngineStatus): void {
    if (this.waiters.length === 0) return;
    const outcome = settledOutcome(s);
    const offline = s.holds.offline;
    const offlineFor = offline ? this.o.clock.now() - Date.parse(offline.since) : 0;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) {
      if (outcome) w.resolve(outcome);
      else if (offline && offlineFor >= w.maxOfflineMs) w.resolve('offline_timeout');
      else this.waiters.push(w);
    }
    if (this.waiters.length && offline) this.offlineTimer.ensure(OFFLINE_RECHECK_MS);
  }
}
