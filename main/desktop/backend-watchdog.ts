// A backend whose event loop stops turning (a synchronous call that never returns, an endless
// loop) answers nothing any more, and every window call only ends in its deadline's `timeout`.
// The watchdog pings it every few seconds; with no answer for `hungAfterMs` it reports the backend
// hung, and the supervisor ends the process and starts a fresh one on the same queue (SQLite keeps
// every committed change, so nothing is lost).
import { systemClock, Timer, type Clock } from '../time/clock';

export interface WatchdogOptions {
  readonly clock?: Clock;
  /** Between pings; default 5 s. */
  readonly pingEveryMs?: number;
  /** No answer for this long means hung; default 45 s (a busy scan still answers within 1 s). */
  readonly hungAfterMs?: number;
  /** Asked to end, a process still running after this long is killed outright; default 5 s. */
  readonly killGraceMs?: number;
}

export const WATCHDOG_DEFAULTS = {
  pingEveryMs: 5_000,
  hungAfterMs: 45_000,
  killGraceMs: 5_000,
} as const;

export class BackendWatchdog {
  private readonly clock: Clock;
  private readonly timer: Timer;
  private lastAnswerAt: number;
  private stopped = false;

  constructor(
    private readonly options: WatchdogOptions & {
      /** Resolves true when the backend answered. */
      readonly ping: () => Promise<boolean>;
      readonly onHung: (silentMs: number) => void;
    },
  ) {
    this.clock = options.clock ?? systemClock;
    this.lastAnswerAt = this.clock.now();
    // Weak: the watchdog alone must not keep a quitting app alive.
    this.timer = new Timer(
      this.clock,
      () => {
        this.tick();
      },
      { weak: true },
    );
    this.timer.set(this.pingEveryMs);
    this.ask();
  }

  private get pingEveryMs(): number {
    return this.options.pingEveryMs ?? WATCHDOG_DEFAULTS.pingEveryMs;
  }

  stop(): void {
    this.stopped = true;
    this.timer.clear();
  }

  private tick(): void {
    if (this.stopped) return;
    const silentMs = this.clock.now() - this.lastAnswerAt;
    if (silentMs >= (this.options.hungAfterMs ?? WATCHDOG_DEFAULTS.hungAfterMs)) {
      this.stop();
      this.options.onHung(silentMs);
      return;
    }
    this.ask();
    this.timer.set(this.pingEveryMs);
  }

  private ask(): void {
    void this.options.ping().then(
      (answered) => {
        if (answered && !this.stopped) this.lastAnswerAt = this.clock.now();
      },
      () => undefined,
    );
  }
}
