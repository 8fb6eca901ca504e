// The one source of time for the engine, the queue store and the API client's pacer. Everything
// that reads the time or waits takes a Clock, so logic is tested by moving a manual clock instead
// of sleeping (test/helpers/manual-clock.ts).

/** An opaque timer handle: Node's Timeout for the system clock, a number for a manual one. */
export type TimerHandle = unknown;

export interface TimerOptions {
  /**
   * The timer alone must not keep the process alive (Node's unref). Only for re-checks that
   * matter while something else is going on; a wake-up the work depends on must stay strong.
   */
  readonly weak?: boolean;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimer(fn: () => void, ms: number, options?: TimerOptions): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (fn, ms, options) => {
    const timer = setTimeout(fn, ms);
    if (options?.weak) timer.unref();
    return timer;
  },
  clearTimer: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/** A timer that can be re-armed; at most one pending at a time. */
export class Timer {
  private pendingFiring: { readonly handle: TimerHandle } | null = null;
  private dueAt: number | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly fire: () => void,
    private readonly options?: TimerOptions,
  ) {}

  /** Replaces any pending firing with one `ms` from now. */
  set(ms: number): void {
    this.clear();
    this.dueAt = this.clock.now() + ms;
    const handle = this.clock.setTimer(
      () => {
        this.pendingFiring = null;
        this.dueAt = null;
        this.fire();
      },
      ms,
      this.options,
    );
    this.pendingFiring = { handle };
  }

  /** Arms the timer only when none is pending. */
  ensure(ms: number): void {
    if (this.pendingFiring === null) this.set(ms);
  }

  clear(): void {
    if (this.pendingFiring !== null) this.clock.clearTimer(this.pendingFiring.handle);
    this.pendingFiring = null;
    this.dueAt = null;
  }

  get pending(): boolean {
    return this.pendingFiring !== null;
  }

  /** When the pending firing is due, or null. */
  get at(): number | null {
    return this.dueAt;
  }
}
