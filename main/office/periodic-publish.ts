// A running desk's route sheets (and the dialect they were loaded in), published on a timer of their
// own when a sheet was loaded or loaded again here (the window's, `watch`), so the office's routes
// are every desk's without waiting for the desk to stop. The engine never waits for it: it runs on
// its own timer, never two at once. A turn on a quiet desk is one look at the sheets' list.
// Billing rows are not published: the office derives them from the readings and decisions the
// outbox publishes (store/office-billing.ts). An office away or refusing is tried at the next turn.
import type { Store } from '../store/store';
import { Timer, type Clock } from '../time/clock';
import { publishDialect, sheetsMark } from './billing-publish';
import { publishRoutes } from './route-publish';
import type { OfficeStore } from './store/office-store';

/** How often a running desk looks whether its route sheets need publishing. */
export const ROWS_EVERY_MS = 20_000;

export interface PeriodicPublisherOptions {
  store: Store;
  office: Pick<OfficeStore, 'loadRoute' | 'keepOrderFile' | 'publishDialect'>;
  desk: string;
  clock: Clock;
  everyMs?: number;
}

export class PeriodicPublisher {
  private readonly timer: Timer;
  private running: Promise<void> | null = null;
  private stopped = true;
  private readonly nextMs: number;
  /** The sheets as this publisher last sent them (null: nothing yet). */
  private sheetsSent: string | null = null;

  constructor(private readonly opts: PeriodicPublisherOptions) {
    this.nextMs = opts.everyMs ?? ROWS_EVERY_MS;
    this.timer = new Timer(
      opts.clock,
      () => {
        this.turn();
      },
      { weak: true },
    );
  }

  start(): void {
    this.stopped = false;
    this.timer.set(this.nextMs);
  }

  /** After the publish in flight; the desk publishes everything once more itself when it stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer.clear();
    await this.running;
  }

  private turn(): void {
    if (this.stopped || this.running) return;
    this.running = this.publishIfChanged().finally(() => {
      this.running = null;
      if (!this.stopped) this.timer.set(this.nextMs);
    });
  }

  private async publishIfChanged(): Promise<void> {
    const { store, office, desk, clock } = this.opts;
    const at = new Date(clock.now());
    try {
      // Inside the try: a queue closed under a late turn is that turn's end, not an unhandled
      // rejection of `running`, which nothing awaits.
      const sheets = sheetsMark(store);
      if (sheets === this.sheetsSent) return;
      await publishRoutes(store, office, desk, at);
      await publishDialect(store, office, desk, at);
      this.sheetsSent = sheets;
    } catch {
      // Away or refused: what was not sent goes at the next turn.
    }
  }
}
