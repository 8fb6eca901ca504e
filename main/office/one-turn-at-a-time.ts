// A sync that runs one turn at a time: a call while a turn runs asks for one more turn after it
// (however many calls came), so a burst of live notes costs two turns, never a pile of them; and
// `soon` waits for such a burst to settle before it runs.
import { Timer, type Clock } from '../time/clock';

export class OneTurnAtATime<T> {
  private running: Promise<T> | null = null;
  private again = false;
  private stoppedValue = false;
  private readonly settle: Timer;

  constructor(
    private readonly turn: () => Promise<T>,
    /** What a call answers once stopped. */
    private readonly idle: T,
    clock: Clock,
    private readonly settleMs: number,
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

  /** A turn now, or the one in flight (which then runs once more). */
  run(): Promise<T> {
    if (this.stoppedValue) return Promise.resolve(this.idle);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = this.turn().finally(() => {
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
