// The desk's billing rows for the office: per meter of its route sheets, the row its own billing
// export writes (main/billing/meter-readings.ts, the same code, so the office export and a desk's
// export cannot drift), with where the meter stands. Published while the desk runs (BillingPublisher,
// at most every ROWS_EVERY_MS once something changed), when it stops and before an office export.
import { SHEET_DIALECT_SETTING, storedDialect } from '../../common/billing/export-dialect';
import { billingRows, meterReadings } from '../billing/meter-readings';
import { officeOutboxOf } from '../store/office-outbox';
import type { Store } from '../store/store';
import { Timer, type Clock } from '../time/clock';
import { NO_ROUTE, publishRoutes } from './route-publish';
import type { DeskBillingRow } from './store/office-billing';
import type { OfficeStore } from './store/office-store';

/**
 * One row per meter, in the desk export's order: billingRows yields meterReadings' rows first, in
 * the same order (taken whole first: the queue's statements cannot be iterated two at a time).
 */
export function deskBillingRows(store: Store): DeskBillingRow[] {
  const billing = [...billingRows(store)];
  const rows: DeskBillingRow[] = [];
  let i = 0;
  for (const { meter, outcome } of meterReadings(store)) {
    const row = billing[i++];
    if (row?.meterId !== meter.meterId)
      throw new Error(`billing rows out of step at ${meter.meterId}`);
    rows.push({
      routeKey: meter.route ?? NO_ROUTE,
      meterNumber: meter.meterId,
      state: outcome.state,
      billable: row.useOnBill,
      row,
    });
  }
  return rows;
}

/**
 * Publishes the desk's route sheets, then its billing rows (they name the routes' meters): an
 * upsert of what the queue holds, safe to repeat. How many routes, and how many rows changed.
 */
export async function publishDesk(
  store: Store,
  office: Pick<OfficeStore, 'loadRoute' | 'publishBilling'>,
  desk: string,
  at: Date,
): Promise<{ routes: number; rows: number }> {
  const routes = await publishRoutes(store, office, desk, at);
  const rows = deskBillingRows(store);
  if (rows.length === 0) return { routes, rows: 0 };
  const dialect = storedDialect(store.settings.get<unknown>(SHEET_DIALECT_SETTING, null));
  return { routes, rows: await office.publishBilling({ desk, user: desk, rows, dialect, at }) };
}

/** How often a running desk looks whether its sheets or billing rows need publishing. */
export const ROWS_EVERY_MS = 20_000;

export interface BillingPublisherOptions {
  store: Store;
  office: Pick<OfficeStore, 'loadRoute' | 'publishBilling'>;
  desk: string;
  clock: Clock;
  everyMs?: number;
}

/**
 * Publishes the desk's route sheets and billing rows while it runs, so the office export and route
 * progress include what a running desk (the window's, `watch`) has read: on its own timer, never
 * two at once, and only when something they depend on changed since the last publish. The engine
 * never waits for it; an office that is away is tried again at the next turn (publishing an
 * unchanged row again changes nothing).
 */
export class BillingPublisher {
  private readonly timer: Timer;
  private running: Promise<void> | null = null;
  private stopped = true;
  /** What the last publish that reached the office was made from (null: nothing yet). */
  private published: string | null = null;

  constructor(private readonly opts: BillingPublisherOptions) {
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
    this.timer.set(this.opts.everyMs ?? ROWS_EVERY_MS);
  }

  /** After the publish in flight; the caller publishes once more itself if it wants the last. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer.clear();
    await this.running;
  }

  private turn(): void {
    if (this.stopped || this.running) return;
    this.running = this.publishIfChanged().finally(() => {
      this.running = null;
      if (!this.stopped) this.timer.set(this.opts.everyMs ?? ROWS_EVERY_MS);
    });
  }

  private async publishIfChanged(): Promise<void> {
    const { store, office, desk, clock } = this.opts;
    const mark = changeMark(store, clock);
    if (mark === this.published) return;
    try {
      await publishDesk(store, office, desk, new Date(clock.now()));
      this.published = mark;
    } catch {
      // Away or refused: the same rows go at the next turn.
    }
  }
}

/**
 * Changes whenever a billing row may have: a reading or decision of this desk (each adds an
 * outbox entry), a reading taken from another desk, a route sheet loaded. Cheap next to computing
 * the rows, which is what it saves on a quiet desk.
 */
function changeMark(store: Store, clock: Clock): string {
  const { pending, published } = officeOutboxOf(store.db, clock).counts();
  const taken = store.jobs.officeDesks().map(({ desk, read }) => `${desk}:${read}`);
  const sheets = store.meters.sheets().map(({ id, loadedAt }) => `${id}@${loadedAt}`);
  return JSON.stringify([pending + published, taken, sheets]);
}
