// Review between clerks in the window (issue 23, items 4-6; docs/office.md): beside the window's
// office desk, the meter the window shows holds this desk's review lease (taken when free, renewed
// every RENEW_EVERY_MS on the injected clock, given up when the clerk moves on); walking review
// leases the first meter no other clerk has; other desks' changes reach the window as one
// coalesced `officeChange`. Decisions are made in the office first by the action layer
// (main/actions/office-port.ts, implemented by main/office/office-first.ts), not here. An office that does not answer
// within OFFICE_ANSWER_MS is "away": the window works as a desk alone and decisions wait in the
// outbox, as they always did.
import type {
  OfficeHandoverAsk,
  OfficeHandoverAsked,
  OfficeMeterView,
  OfficeNext,
} from '../../common/ipc/office-review-views';
import type { OfficeDesk } from '../office/office-desk';
import { answerWithin } from '../office/answer-within';
import { OFFICE_ANSWER_MS } from '../office/office-first';
import type { LeaseTaken } from '../office/store/review-leases';
import { officeOutboxOf, type OfficeDesk as DeskName } from '../store/office-outbox';
import type { Store } from '../store/store';
import { Timer, type Clock } from '../time/clock';
import type { OfficeLink } from './office-link';
import { meterView } from './office-meter-view';

/** A review lease: issue 23 asks for 15-30 minutes. */
export const REVIEW_LEASE_MS = 20 * 60_000;
export const RENEW_EVERY_MS = 5 * 60_000;
/** Other desks' changes reach the window at most about four times a second. */
export const LIVE_PACE_MS = 250;
/** Walking review tries at most this many meters per "next" (each one short statement). */
const WALK_TRIES = 50;

export interface OfficeReviewOptions {
  readonly link: Pick<OfficeLink, 'running' | 'onDesk' | 'beforeFinish' | 'time'>;
  readonly store: () => Store;
  /** To the window: these meters changed in the office, or (resync) anything may have. */
  readonly push: (meterNumbers: readonly string[], resync: boolean) => void;
  /** To the window: another clerk asks this desk's clerk to hand the meter over. */
  readonly asked?: (ask: OfficeHandoverAsk) => void;
  /** Lease times and their renewal (tests move a manual clock); default the link's. */
  readonly clock?: Clock;
}

const AWAY: OfficeMeterView = { state: 'away' };

const NONE: OfficeMeterView = { state: 'none' };

export class OfficeReview {
  private readonly clock: Clock;
  private readonly renewal: Timer;
  private readonly pace: Timer;
  /** The meter the window shows while this desk holds its lease. */
  private shown: { readonly meterNumber: string; readonly id: number } | null = null;
  /** Counts the window's shows: work for a meter the window no longer asks for is late. */
  private generation = 0;
  /** Shows run one after another: a "moved on" never overtakes the next meter's lease. */
  private chain: Promise<unknown> = Promise.resolve();
  private heard: { meterNumbers: Set<string>; resync: boolean } | null = null;

  constructor(private readonly opts: OfficeReviewOptions) {
    this.clock = opts.clock ?? opts.link.time;
    // Weak: renewing matters only while the window runs; it must not keep a closing backend up.
    this.renewal = new Timer(this.clock, () => void this.renew(), { weak: true });
    this.pace = new Timer(opts.link.time, () => {
      this.flush();
    });
    opts.link.onDesk((desk) => {
      desk.live.on((event) => {
        if (event.kind === 'change') {
          const c = event.change;
          // This desk's own lease renewals are no news to its window.
          if (c.table === 'review_leases' && c.desk === this.me()?.desk) return;
          if (c.meterNumber !== null) this.hear([c.meterNumber], false);
        } else if (event.kind === 'resync') this.hear([], true);
        else if (event.kind === 'handover' && event.ask.holder === this.me()?.desk) {
          const { meterNumber, desk: asker, clerk } = event.ask;
          this.opts.asked?.({ meterNumber, desk: asker, clerk });
        }
      });
      // A desk (re)started: what the window shows of the office may be stale.
      this.hear([], true);
    });
    // The window closes or its office changes: the meter shown is free for the others at once,
    // not when its lease runs out.
    opts.link.beforeFinish(async (desk) => {
      const shown = this.shown;
      const me = this.me();
      this.shown = null;
      this.renewal.clear();
      if (shown && me) {
        await this.answered(() => desk.office.review.releaseLease(shown.id, me.desk), false);
      }
    });
  }

  /** The window shows this meter now (null: none): its lease is taken when free and kept. */
  show(meterNumber: string | null): Promise<OfficeMeterView> {
    const generation = ++this.generation;
    const run = this.chain.then(() => this.showNow(meterNumber, generation));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Walking review: the first of these meters no other clerk has, leased to this desk. */
  async walkNext(meterNumbers: readonly string[]): Promise<OfficeNext> {
    const at = await this.desk();
    const alone: OfficeNext = { inOffice: false, meterId: null };
    if (!at) return alone;
    const { review } = at.desk.office;
    return this.answered(async (waited) => {
      const taken = new Set(await review.takenElsewhere(meterNumbers, at.me.desk));
      const free = meterNumbers.filter((n) => !taken.has(n)).slice(0, WALK_TRIES);
      for (const meterNumber of free) {
        const meter = await review.meterByNumber(meterNumber);
        // Not in the office (or on two routes): nobody can hold it there; the walk takes it.
        if (!meter) return { inOffice: true, meterId: meterNumber };
        // Too late, the window walked on alone: the meter is not kept from the others.
        const lease = await this.leaseWhile(meter.id, at, waited);
        if (lease === null) return alone;
        if (lease.ok) return { inOffice: true, meterId: meterNumber };
      }
      return { inOffice: true, meterId: null };
    }, alone);
  }

  /**
   * Asks the clerk whose lease keeps this desk off the meter to hand it over (a live note to
   * that desk). The holder told, or null: nobody else holds it (or no office answered).
   */
  async askHandover(meterNumber: string): Promise<OfficeHandoverAsked> {
    const at = await this.desk();
    const none: OfficeHandoverAsked = { holder: null };
    if (!at) return none;
    return this.answered(async () => {
      const meter = await at.desk.office.review.meterByNumber(meterNumber);
      if (!meter) return none;
      const holder = await at.desk.office.review.askHandover(meter.id, at.me);
      if (!holder) return none;
      const leaseUntil = this.clock.now() + holder.leftMs;
      return { holder: { desk: holder.desk, clerk: holder.clerk, leaseUntil, mine: false } };
    }, none);
  }

  /**
   * The clerk hands the meter the window shows over to the desk that asked: the lease is that
   * desk's at once, this window stops renewing it, and the meter's view says who reviews it now.
   */
  handOver(meterNumber: string, to: { desk: string; clerk: string }): Promise<OfficeMeterView> {
    const run = this.chain.then(() => this.handOverNow(meterNumber, to));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async handOverNow(
    meterNumber: string,
    to: { desk: string; clerk: string },
  ): Promise<OfficeMeterView> {
    const shown = this.shown;
    const at = await this.desk();
    if (!at) return NONE;
    return this.answered(async () => {
      const { review } = at.desk.office;
      const found = await review.meterReview(meterNumber);
      if (!found) return { state: 'unknown' };
      const handed = await review.handOverLease(found.meter.id, at.me.desk, {
        ...to,
        leaseMs: REVIEW_LEASE_MS,
      });
      if (handed.ok && shown?.meterNumber === meterNumber) {
        this.shown = null;
        this.renewal.clear();
      }
      const now = await review.meterReview(meterNumber);
      return now ? meterView(meterNumber, now, at.me, this.clock.now()) : { state: 'unknown' };
    }, AWAY);
  }

  private async showNow(meterNumber: string | null, generation: number): Promise<OfficeMeterView> {
    const before = this.shown;
    const at = await this.desk();
    if (before && before.meterNumber !== meterNumber) {
      this.shown = null;
      this.renewal.clear();
      if (at) {
        await this.answered(() => at.desk.office.review.releaseLease(before.id, at.me.desk), false);
      }
    }
    if (meterNumber === null || !at) return NONE;
    return this.answered(async (waited) => {
      const { review } = at.desk.office;
      const found = await review.meterReview(meterNumber);
      if (!found) return { state: 'unknown' };
      let holder = found.holder;
      if (holder === null || holder.desk === at.me.desk) {
        // Late (the window moved on, or was told the office is away): the lease is given back.
        const current = () => waited() && generation === this.generation;
        const lease = await this.leaseWhile(found.meter.id, at, current);
        if (lease === null) return AWAY;
        if (lease.ok) {
          this.shown = { meterNumber, id: found.meter.id };
          this.renewal.set(RENEW_EVERY_MS);
          holder = { ...at.me, leftMs: lease.leftMs };
        } else holder = lease.holder;
      }
      return meterView(meterNumber, { ...found, holder }, at.me, this.clock.now());
    }, AWAY);
  }

  /** The window still shows the meter: its lease goes on; lost to another desk, the window hears. */
  private async renew(): Promise<void> {
    const shown = this.shown;
    const at = await this.desk();
    if (!shown || !at) return;
    // Renewed late, after the window moved on: the lease is given back, not kept.
    const lease = await this.answered(
      () => this.leaseWhile(shown.id, at, () => this.shown === shown),
      null,
    );
    if (this.shown !== shown) return;
    if (lease && !lease.ok) {
      this.shown = null;
      this.hear([shown.meterNumber], false);
      return;
    }
    this.renewal.set(RENEW_EVERY_MS);
  }

  /** The meter's lease for this desk, given back at once if the work is no longer `current`. */
  private async leaseWhile(
    id: number,
    at: { desk: OfficeDesk; me: DeskName },
    current: () => boolean,
  ): Promise<LeaseTaken | null> {
    const { review } = at.desk.office;
    const lease = await review.takeLease(id, this.leaseFor(at.me));
    if (!lease.ok || current()) return lease;
    // The meter the window shows now keeps its lease.
    if (this.shown?.id !== id) await review.releaseLease(id, at.me.desk);
    return null;
  }

  private hear(meterNumbers: readonly string[], resync: boolean): void {
    const heard = (this.heard ??= { meterNumbers: new Set(), resync: false });
    for (const n of meterNumbers) heard.meterNumbers.add(n);
    heard.resync ||= resync;
    this.pace.ensure(LIVE_PACE_MS);
  }

  private flush(): void {
    const heard = this.heard;
    this.heard = null;
    if (heard) this.opts.push([...heard.meterNumbers], heard.resync);
  }

  /** The running desk and who this queue publishes as; null: no office in use. */
  private async desk(): Promise<{ desk: OfficeDesk; me: DeskName } | null> {
    const desk = await this.opts.link.running();
    const me = desk ? this.me() : null;
    return desk && me ? { desk, me } : null;
  }

  private me(): DeskName | null {
    // The outbox is made once per queue with the first clock asked: the link's, as the desk's.
    return officeOutboxOf(this.opts.store().db, this.opts.link.time).desk();
  }

  private leaseFor(me: DeskName): { desk: string; clerk: string; leaseMs: number } {
    return { desk: me.desk, clerk: me.clerk, leaseMs: REVIEW_LEASE_MS };
  }

  /** The office's answer, or `otherwise` when it fails or takes longer than OFFICE_ANSWER_MS. */
  private answered<T>(work: (waited: () => boolean) => Promise<T>, otherwise: T): Promise<T> {
    return answerWithin(this.opts.link.time, OFFICE_ANSWER_MS, work, otherwise);
  }
}
