// A running desk's route sheets and billing rows, published on a timer of their own, so the office
// export and route progress include what a desk that has not stopped (the window's, `watch`) has
// read. The engine never waits for it: it runs on its own timer, never two at once, and only when
// something a row depends on changed. The rows are computed on the desk's thread (the desk
// export's own code), which takes about a second per 10,000 meters: the next turn waits at least
// PACE times as long as the last took, so it never takes more than a small share of the desk's
// time. Only rows that differ from what this publisher last sent go; sheets only when they change.
// An office away or refusing is tried again at the next turn.
import { officeOutboxOf } from '../store/office-outbox';
import type { Store } from '../store/store';
import { Timer, type Clock } from '../time/clock';
import { deskBillingRows, publishRows } from './billing-publish';
import { publishRoutes } from './route-publish';
import type { DeskBillingRow } from './store/office-billing';
import type { OfficeStore } from './store/office-store';

/** How often a running desk looks whether its sheets or billing rows need publishing. */
export const ROWS_EVERY_MS = 20_000;
/** A turn waits at least this many times as long as the last one took. */
const PACE = 20;

export interface PeriodicPublisherOptions {
  store: Store;
  office: Pick<OfficeStore, 'loadRoute' | 'publishBilling'>;
  desk: string;
  clock: Clock;
  everyMs?: number;
}

export class PeriodicPublisher {
  private readonly timer: Timer;
  private running: Promise<void> | null = null;
  private stopped = true;
  private nextMs: number;
  /** What the last publish that reached the office was made from (null: nothing yet). */
  private published: string | null = null;
  private sheetsSent: string | null = null;
  /** Per meter, the row as this publisher last sent it. */
  private readonly rowsSent = new Map<string, string>();

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
      const mark = changeMark(store, clock);
      if (mark === this.published) return;
      const sheets = sheetsMark(store);
      if (sheets !== this.sheetsSent) {
        await publishRoutes(store, office, desk, at);
        this.sheetsSent = sheets;
      }
      const began = clock.now();
      const changed = this.changedRows(deskBillingRows(store));
      this.nextMs = Math.max(this.opts.everyMs ?? ROWS_EVERY_MS, PACE * (clock.now() - began));
      await publishRows(
        store,
        office,
        desk,
        changed.map((c) => c.row),
        at,
      );
      for (const { key, text } of changed) this.rowsSent.set(key, text);
      this.published = mark;
    } catch {
      // Away or refused: what was not sent goes at the next turn.
    }
  }

  private changedRows(
    rows: DeskBillingRow[],
  ): { key: string; text: string; row: DeskBillingRow }[] {
    return rows.flatMap((row) => {
      const key = `${row.routeKey}\u0000${row.meterNumber}`;
      const text = JSON.stringify([row.state, row.billable, row.row]);
      return this.rowsSent.get(key) === text ? [] : [{ key, text, row }];
    });
  }
}

/** The route sheets as loaded: a new or reloaded sheet changes it. */
function sheetsMark(store: Store): string {
  return JSON.stringify(store.meters.sheets().map(({ id, loadedAt }) => [id, loadedAt]));
}

/**
 * Changes whenever a billing row may have: a reading or decision of this desk (each adds an
 * outbox entry), a reading taken from another desk, a route sheet loaded. Cheap next to computing
 * the rows, which is what it saves on a quiet desk.
 */
function changeMark(store: Store, clock: Clock): string {
  const { pending, published } = officeOutboxOf(store.db, clock).counts();
  const taken = store.jobs.officeDesks().map(({ desk, read }) => [desk, read]);
  return JSON.stringify([pending + published, taken, sheetsMark(store)]);
}
