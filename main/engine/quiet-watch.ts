// Says why nothing finishes. When tasks are at the service and none has ended for a while, the
// run's output names the service's own wait reason (a task's error_message, spec 2.1): with the AI
// offline and a key that may not read AI status, it is the only word of why.
import { logged, type EngineMessage } from '../../common/engine-messages';
import type { Store } from '../store/store';
import { Timer, type Clock } from '../time/clock';

/** How often the watch looks; the quiet time itself is EngineConfig.quietReportMs. */
const LOOK_EVERY_MS = 1_000;

export interface QuietWatchOptions {
  readonly clock: Clock;
  readonly store: Store;
  /** Nothing ended for this long while tasks are at the service: say why. */
  readonly quietMs: number;
  log(line: string, message?: EngineMessage): void;
}

export class QuietWatch {
  private finals = -1;
  private quietSince = 0;
  /** The reason last said in this quiet spell: said again only when the service's words change. */
  private said = '';
  private readonly timer: Timer;

  constructor(private readonly o: QuietWatchOptions) {
    this.timer = new Timer(
      o.clock,
      () => {
        this.look();
      },
      { weak: true },
    );
  }

  start(): void {
    this.finals = -1;
    this.look();
  }

  stop(): void {
    this.timer.clear();
  }

  private look(): void {
    const now = this.o.clock.now();
    const c = this.o.store.jobs.counts();
    const finals = c.done + c.failed + c.rejected;
    // A pause stops sending only: tasks at the service are still asked about, so a quiet spell
    // while paused is the service's doing as much as one while running.
    if (finals !== this.finals || c.submitted === 0) {
      this.finals = finals;
      this.quietSince = now;
      this.said = '';
    } else if (now - this.quietSince >= this.o.quietMs) {
      const serviceSays = this.waitReason();
      if (serviceSays !== '' && serviceSays !== this.said) {
        this.said = serviceSays;
        const seconds = Math.round((now - this.quietSince) / 1000);
        this.o.log(...logged('nothingFinishes', { seconds, serviceSays }));
      }
    }
    this.timer.set(LOOK_EVERY_MS);
  }

  /** The most common wait reason the service gave for tasks still at it, or ''. */
  private waitReason(): string {
    const waiting = this.o.store.queries
      .reasons()
      .find((r) => r.state === 'submitted' && r.status !== null && r.reason !== '');
    return waiting?.reason ?? '';
  }
}
