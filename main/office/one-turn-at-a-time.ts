// A sync that runs one turn at a time: a call while a turn runs asks for one more turn after it
// (however many calls came), so a burst of live notes costs two turns, never a pile of them; and
// `soon` waits for such a burst to settle before it runs. A turn that fails is tried again on its
// own, backing off: a note is sent once, so a read that failed (the office slow or away for a
// moment) would otherwise wait for the next note, which may never come.
import { Timer, type Clock } from '../time/clock';

/** When a failed turn is tried again: `firstMs`, doubling up to `maxMs` while it keeps failing. */
export interface TurnRetry {
  readonly firstMs: number;
  readonly maxMs: number;
}

export const TURN_RETRY: TurnRetry = { firstMs: 1_000, maxMs: 30_000 };

export class OneTurnAtATime<T> {
  private running: Promise<T> | null = null;
  private again = false;
  private stoppedValue = false;
  private failures = 0;
  private readonly settle: Timer;

  constructor(
    private readonly turn: () => Promise<T>,
    /** What a call answers once stopped. */
    private readonly idle: T,
    clock: Clock,
    private readonly settleMs: number,
    private readonly retry: TurnRetry = TURN_RETRY,
  ) {
    this.settle = new Timer(
      clock,
      () => {
        void this.run();
      },
      { weak: true },
    );
  }

  get stopped(): boolean {
    return this.stoppedValue;
  }

  /** A turn once the burst this call belongs to has settled. */
  soon(): void {
    if (!this.stoppedValue) this.settle.set(this.settleMs);
  }

  /** A turn now, or the one in flight (which then runs once more). A turn that throws answers `idle`. */
  run(): Promise<T> {
    if (this.stoppedValue) return Promise.resolve(this.idle);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = this.turn()
      .then(
        (value) => {
          this.failures = 0;
          return value;
        },
        () => {
          this.failures += 1;
          const wait = this.retry.firstMs * 2 ** (this.failures - 1);
          if (!this.stoppedValue) this.settle.set(Math.min(wait, this.retry.maxMs));
          return this.idle;
        },
      )
      .finally(() => {
        this.running = null;
        if (this.again && !this.stoppedValue) {
          this.again = false;
          void this.run();
        }
      });
    this.running = run;
    return run;
  }

  /** After the turn in flight; nothing starts again. */
  async stop(): Promise<void> {
    this.stoppedValue = true;
    this.settle.clear();
    await this.running;
  }
}
