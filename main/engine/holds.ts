// The reasons the engine is not sending photos right now, each with the timer that ends it. One
// word across the engine, the status and the window: a "hold". Holds end by themselves (offline:
// a probe answers; quota: a re-check finds readings) or when the person fixes something
// (key, permission, a setting) and says so with retryNow().
import { logged, type EngineMessage } from '../../common/engine-messages';
import { noHolds, type EngineHolds, type Permission } from '../../common/engine-status';
import { isApiError } from '../api/errors';
import { Timer, type Clock } from '../time/clock';
import { backoffMs } from './backoff';
import type { EngineConfig } from './config';

export interface HoldsOptions {
  readonly clock: Clock;
  readonly random: () => number;
  readonly config: EngineConfig;
  /** Runs an asynchronous step the engine waits for when it stops. */
  track(work: Promise<unknown>): void;
  /**
   * One request that tells whether the service can be reached (it throws what the client throws):
   * any answer does, so it asks what the key may call and what last worked (service-state.ts).
   */
  probe(): Promise<void>;
  /** Reads the quota; true when readings are available again. */
  quotaAvailable(): Promise<boolean>;
  /** A probe or re-check failed for a reason that is not "still down" (a rejected key, say). */
  failed(error: unknown): void;
  /** What the window shows changed. */
  changed(): void;
  /** A hold ended: the loop should look at the queue again. */
  released(): void;
  log(line: string, message?: EngineMessage): void;
}

export class Holds {
  private state: EngineHolds = noHolds();
  private probeAttempt = 0;
  private transportFailures = 0;
  private active = false;
  /** Since when the service says it is unavailable (a 5xx with Retry-After), or null. */
  private serviceHoldSince: number | null = null;
  private readonly probeTimer: Timer;
  private readonly quotaTimer: Timer;

  constructor(private readonly o: HoldsOptions) {
    this.probeTimer = new Timer(o.clock, () => {
      o.track(this.probe());
    });
    this.quotaTimer = new Timer(o.clock, () => {
      o.track(this.checkQuota());
    });
  }

  view(): EngineHolds {
    return this.state;
  }

  // Read through a call: the state changes while a request is awaited.
  private current(): EngineHolds {
    return this.state;
  }

  private isActive(): boolean {
    return this.active;
  }

  /** Nothing is sent, not even polls: the service cannot be reached or refuses the key. */
  get pollsHeld(): boolean {
    return this.state.offline !== null || this.state.auth?.kind === 'key_rejected';
  }

  get uploadsHeld(): boolean {
    const { offline, quota, auth, settings } = this.state;
    return offline !== null || quota !== null || auth !== null || settings !== null;
  }

  start(): void {
    this.active = true;
  }

  stop(): void {
    this.active = false;
    this.probeTimer.clear();
    this.quotaTimer.clear();
  }

  // ---- offline ----------------------------------------------------------------------------------

  /** A request got an answer: the network is there. */
  transportOk(): void {
    this.transportFailures = 0;
    this.serviceAnswered();
  }

  // ---- the service's own hold (maintenance) -----------------------------------------------------
  // Not a hold of the loop: the pacer holds the key's requests until the service's Retry-After
  // and then lets one through at a time, however long the window lasts. Said once when it
  // begins and once when it ends, so a run's output tells a maintenance window from failures.

  serviceHeld(retryAfterMs: number, serviceSays: string): void {
    const now = this.o.clock.now();
    // Shown in the window and the CLI's progress line, not only logged: each new Retry-After
    // moves the time shown; the log says the beginning once.
    const retryAt = now + retryAfterMs;
    const since = this.state.service?.since ?? new Date(now).toISOString();
    this.state = { ...this.state, service: { since, retryAt, serviceSays } };
    this.o.changed();
    if (this.serviceHoldSince !== null) return;
    this.serviceHoldSince = now;
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    this.o.log(...logged('serviceHoldBegan', { seconds, serviceSays }));
  }

  private serviceAnswered(): void {
    if (this.serviceHoldSince === null) return;
    const seconds = Math.round((this.o.clock.now() - this.serviceHoldSince) / 1000);
    this.serviceHoldSince = null;
    this.state = { ...this.state, service: null };
    this.o.changed();
    this.o.log(...logged('serviceHoldEnded', { seconds }));
  }

  /** Several transport failures in a row mean the network is gone, not that one request failed. */
  transportFailed(reason: string, code: string | null = null): void {
    if (++this.transportFailures >= this.o.config.offlineAfterFailures) {
      this.goOffline(reason, code);
    }
  }

  goOffline(reason: string, code: string | null = null): void {
    if (this.state.offline) return;
    const now = this.o.clock.now();
    this.probeAttempt = 0;
    const delay = this.probeDelay(0);
    this.state = {
      ...this.state,
      offline: { since: new Date(now).toISOString(), code, nextProbeAt: now + delay },
    };
    this.o.log(...logged('offlineBegan', { cause: code ?? '', reason }));
    this.probeTimer.set(delay);
    this.o.changed();
  }

  /** A hint from the OS that the network may be back: probe now instead of waiting. */
  networkHint(): void {
    if (this.state.offline && this.active) this.probeTimer.set(0);
  }

  private probeDelay(attempt: number): number {
    const { probeBaseMs, probeCapMs } = this.o.config;
    return backoffMs(attempt, probeBaseMs, probeCapMs, this.o.random);
  }

  private async probe(): Promise<void> {
    if (!this.active || !this.state.offline) return;
    try {
      await this.o.probe();
      this.backOnline();
    } catch (err) {
      if (!this.isActive()) return;
      // Any HTTP answer, however wrong, means the service is reachable: an endpoint failing on
      // its own (an AI status answering 503) must not hold the run offline for ever.
      const refused =
        isApiError(err) && (err.class === 'key_rejected' || err.class === 'permission_denied');
      if (refused || (isApiError(err) && err.status !== undefined)) {
        this.backOnline();
        // What it refused (the key, a permission) is the next thing to show.
        if (refused) this.o.failed(err);
        return;
      }
      const delay = this.probeDelay(++this.probeAttempt);
      const offline = this.current().offline;
      if (offline) {
        this.state = {
          ...this.state,
          offline: { ...offline, nextProbeAt: this.o.clock.now() + delay },
        };
      }
      this.probeTimer.set(delay);
      this.o.changed();
    }
  }

  private backOnline(): void {
    this.transportFailures = 0;
    this.state = { ...this.state, offline: null };
    this.o.log(...logged('offlineEnded', {}));
    this.o.released();
    this.o.changed();
  }

  // ---- quota --------------------------------------------------------------------------------------

  holdQuota(remaining: number | null): void {
    if (this.state.quota) return;
    const now = this.o.clock.now();
    const recheck = this.o.config.quotaRecheckMs;
    this.state = {
      ...this.state,
      quota: {
        since: new Date(now).toISOString(),
        remaining,
        nextCheckAt: now + recheck,
      },
    };
    this.o.log(...logged('quotaExhausted', { remaining: remaining ?? -1 }));
    this.quotaTimer.set(recheck);
    this.o.changed();
  }

  private async checkQuota(): Promise<void> {
    if (!this.active || !this.state.quota) return;
    try {
      if (await this.o.quotaAvailable()) {
        this.state = { ...this.state, quota: null };
        this.o.released();
        this.o.changed();
        return;
      }
    } catch (err) {
      // A revoked key or a lost network must show as what it is, not hide behind the quota hold.
      if (isApiError(err) && err.class !== 'retry_later' && err.class !== 'rate_limited') {
        this.o.failed(err);
      }
    }
    const quota = this.current().quota;
    if (this.isActive() && quota) {
      const recheck = this.o.config.quotaRecheckMs;
      this.state = {
        ...this.state,
        quota: { ...quota, nextCheckAt: this.o.clock.now() + recheck },
      };
      this.quotaTimer.set(recheck);
    }
  }

  // ---- key, permission and settings -------------------------------------------------------------

  holdAuth(
    kind: 'key_rejected' | 'permission_denied',
    message: string,
    permission: Permission | null = null,
  ): void {
    const held = this.state.auth;
    if (held?.kind === kind && held.message === message && held.permission === permission) return;
    this.state = { ...this.state, auth: { kind, message, permission } };
    this.o.log(
      ...logged(kind === 'key_rejected' ? 'keyRejected' : 'permissionDenied', {
        serviceSays: message,
      }),
    );
    this.o.changed();
  }

  holdSettings(message: string): void {
    if (this.state.settings?.message === message) return;
    this.state = { ...this.state, settings: { message } };
    this.o.log(...logged('settingRefused', { serviceSays: message }));
    this.o.changed();
  }

  /** The person fixed something (key, settings): drop those holds and look again at once. */
  retryNow(): void {
    this.state = { ...this.state, auth: null, settings: null };
    if (this.state.offline) this.probeTimer.set(0);
    if (this.state.quota) this.quotaTimer.set(0);
    this.o.released();
    this.o.changed();
  }
}
