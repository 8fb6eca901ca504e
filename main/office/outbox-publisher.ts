// Drains this desk's office outbox (main/store/office-outbox.ts) to the office database, oldest
// first, on its own timers: the engine never waits for it, and while the office is unreachable
// entries simply stay (the desk keeps reading and reviewing). An outage does not use up an entry's
// attempts; an entry the office refuses for its own reasons waits longer each time and never
// blocks the entries behind it.
import { officeIso, officeTimeZone } from '../../common/billing/export-read-at';
import { deskDecision } from '../../common/office-decision';
import { CODES_STATUS, deskPhotoCodes, deskReading } from '../../common/office-reading';
import type { OfficeOutbox, OutboxEntry } from '../store/office-outbox';
import { Backoff, doublingMs } from '../time/backoff';
import { Timer, type Clock } from '../time/clock';
import { OfficeError } from './store/office-db';
import type { OfficeStore } from './store/office-store';
import type { Published, PublishedEntry } from './store/publish';

/**
 * One outbox entry into the office under its own key: written anew, or found there already (a
 * repeat after a lost answer, or `office republish` after a restore). Throws an OfficeError, or a
 * zod error for an entry that is not one.
 */
export function publishOutboxEntry(
  entry: OutboxEntry,
  outbox: OfficeOutbox,
  office: OfficeStore,
  now: Date,
  zone: string = officeTimeZone(),
  queue?: string,
): Promise<Published> {
  const e = officeEntry(entry, outbox, now, zone, queue);
  if (e.kind === 'reading') return office.publishReading(e.reading);
  if (e.kind === 'decision') return office.publishDecision(e.decision);
  return office.publishBatch([e]).then((done) => done[0] ?? { written: false });
}

/** The queue's job an entry the trigger wrote names (a reading's, a photo's codes). */
function jobIdOf(payload: Record<string, unknown>): number | null {
  return typeof payload.jobId === 'number' ? payload.jobId : null;
}

/** An outbox entry as the office takes it; throws a zod error for an entry that is not one. */
function officeEntry(
  entry: OutboxEntry,
  outbox: OfficeOutbox,
  now: Date,
  zone: string,
  queue?: string,
): PublishedEntry {
  const desk = outbox.desk();
  const deskName = desk?.desk ?? entry.key.split(':')[0] ?? '';
  if (entry.kind === 'reading' && entry.payload.status === CODES_STATUS) {
    const c = deskPhotoCodes.parse(entry.payload);
    const jobId = jobIdOf(entry.payload);
    return {
      kind: 'codes',
      codes: {
        sha256: c.sha256,
        codes: c.codes,
        meterNumber: c.meterNumber ?? (jobId === null ? null : outbox.meterOf(jobId)),
        desk: deskName,
        user: desk?.clerk ?? '',
      },
    };
  }
  if (entry.kind === 'reading') {
    const r = deskReading.parse(entry.payload);
    const jobId = jobIdOf(entry.payload);
    // The trigger that kept the reading knows nothing of codes: the photo's, if read by now.
    const codes = r.codes ?? (jobId === null ? null : outbox.codesOf(jobId));
    // A camera's wall clock names a moment only with the office's zone; the office stores moments,
    // and would read a bare one in the server's zone (hours off for a desk in Berlin).
    const readAt = r.readAt === null ? null : officeIso(r.readAt, zone);
    return {
      kind: 'reading',
      reading: {
        ...r,
        codes,
        readAt,
        key: entry.key,
        desk: deskName,
        user: desk?.clerk ?? '',
        publishedAt: now,
      },
    };
  }
  const d = deskDecision.parse(entry.payload);
  return {
    kind: 'decision',
    decision: {
      ...d,
      key: entry.key,
      desk: deskName,
      ...(queue !== undefined && { queue }),
      decidedAt: new Date(d.decidedAt),
    },
  };
}

export interface PublisherOptions {
  outbox: OfficeOutbox;
  office: OfficeStore;
  clock: Clock;
  /** How often the outbox is looked at for readings the trigger added (ms). */
  pollMs?: number;
  /** Told when the office becomes unreachable or reachable again, and after each drain. */
  onState?: (state: PublisherState) => void;
  /** The office's time zone, in which a photo's bare wall clock is read (default: this machine's). */
  zone?: string;
  /** The queue's id in the office (claimant.ts), named in each decision it publishes. */
  queue?: string;
}

export interface PublisherState {
  reachable: boolean;
  /** The failure class of the last outage (never a message: it could carry the address). */
  failure: string | null;
  pending: number;
  published: number;
}

const BATCH = 50;
/**
 * How often at most a desk derives again the office's rows its publishes touched (office-rows.ts),
 * so the export and the report find them derived; each time one batch of routes at most, and
 * only when no other desk is deriving (it takes what is listed).
 */
const DERIVE_EVERY_MS = 10_000;
const OUTAGE_FIRST_MS = 1_000;
const OUTAGE_MAX_MS = 60_000;
const REFUSED_MAX_MS = 10 * 60_000;

export class OutboxPublisher {
  private readonly timer: Timer;
  private running: Promise<void> | null = null;
  private stopped = true;
  /** Waits out an outage: 1 s, 2 s, 4 s ... up to a minute; reset by a published entry. */
  private readonly outages = new Backoff(OUTAGE_FIRST_MS, OUTAGE_MAX_MS);
  private outageMs = 0;
  private reachable = true;
  private failure: string | null = null;
  private readonly zone: string;
  /** Entries were published since the office's rows were last derived from here. */
  private toDerive = false;
  private derivedAt = -Infinity;

  constructor(private readonly opts: PublisherOptions) {
    this.zone = opts.zone ?? officeTimeZone();
    this.timer = new Timer(
      opts.clock,
      () => {
        this.kick();
      },
      { weak: true },
    );
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Something was added: publish it soon (unless the office is known to be away). */
  nudge(): void {
    if (!this.stopped && this.outageMs === 0) this.kick();
  }

  /**
   * The office answers again (the desk's live listener is back): publish now rather than at the
   * outage wait's next try, which after a long outage is up to a minute away.
   */
  officeBack(): void {
    if (this.stopped || this.outageMs === 0) return;
    this.timer.clear();
    this.kick();
  }

  /** Stops after the entry in flight; what is left stays in the outbox for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.timer.clear();
    await this.running;
  }

  /**
   * Publishes every due entry now; resolves when the outbox is empty of due entries or the office
   * is unreachable. Tests and `run`'s last drain call it directly.
   */
  async drain(): Promise<PublisherState> {
    await this.running;
    this.running = this.publishDue();
    await this.running;
    this.running = null;
    return this.state();
  }

  state(): PublisherState {
    const counts = this.opts.outbox.counts();
    return {
      reachable: this.reachable,
      failure: this.failure,
      pending: counts.pending,
      published: counts.published,
    };
  }

  private kick(): void {
    if (this.stopped || this.running) return;
    this.running = this.publishDue().finally(() => {
      this.running = null;
      if (this.stopped) return;
      const wait = this.outageMs > 0 ? this.outageMs : (this.opts.pollMs ?? 2_000);
      this.timer.set(wait);
    });
  }

  private async publishDue(): Promise<void> {
    for (;;) {
      const entries = this.opts.outbox.due(BATCH);
      if (entries.length === 0) break;
      const batch = await this.publishBatch(entries);
      // The office refused the batch for one entry's sake: each on its own finds which.
      if (batch === 'one by one') {
        for (const entry of entries) {
          if (!(await this.publishOne(entry))) {
            this.opts.onState?.(this.state());
            return;
          }
        }
      } else if (batch === 'away') {
        this.opts.onState?.(this.state());
        return;
      }
      if (entries.length < BATCH) break;
    }
    this.opts.outbox.prunePublishedIfDue();
    await this.deriveIfDue();
    this.opts.onState?.(this.state());
  }

  /**
   * Derives the routes this desk's entries touched now rather than at the next export or report
   * (issue 30: an export after a day's work derived every route worked on). What is not derived
   * here (another desk deriving, the office away) the export still derives.
   */
  private async deriveIfDue(): Promise<void> {
    const now = this.opts.clock.now();
    if (!this.toDerive || now - this.derivedAt < DERIVE_EVERY_MS) return;
    this.derivedAt = now;
    try {
      this.toDerive = !(await this.opts.office.deriveRows({ batches: 1, unlessBusy: true }));
    } catch {
      // The export derives what is left; a failure here is not the entries'.
    }
  }

  /** A backlog's due entries in one transaction (issue 30: one each took 7 round trips). */
  private async publishBatch(
    entries: readonly OutboxEntry[],
  ): Promise<'published' | 'away' | 'one by one'> {
    if (entries.length < 2) return 'one by one';
    const { outbox, office } = this.opts;
    const now = new Date(this.opts.clock.now());
    let officeEntries: PublishedEntry[];
    try {
      officeEntries = entries.map((entry) =>
        officeEntry(entry, outbox, now, this.zone, this.opts.queue),
      );
    } catch {
      return 'one by one';
    }
    try {
      await office.publishBatch(officeEntries);
    } catch (error) {
      if (error instanceof OfficeError && error.failure === 'unreachable') {
        this.officeAway(error);
        return 'away';
      }
      return 'one by one';
    }
    outbox.markPublishedAll(entries.map((e) => e.id));
    this.toDerive = true;
    this.officeAnswered();
    return 'published';
  }

  /** false: the office is unreachable; stop until the outage wait is over. */
  private async publishOne(entry: OutboxEntry): Promise<boolean> {
    const { outbox, office } = this.opts;
    try {
      await publishOutboxEntry(
        entry,
        outbox,
        office,
        new Date(this.opts.clock.now()),
        this.zone,
        this.opts.queue,
      );
      outbox.markPublished(entry.id);
      this.toDerive = true;
      this.officeAnswered();
      return true;
    } catch (error) {
      if (error instanceof OfficeError && error.failure === 'unreachable') {
        this.officeAway(error);
        return false;
      }
      const failure = error instanceof OfficeError ? error.failure : 'badEntry';
      const wait = doublingMs(entry.attempts, OUTAGE_FIRST_MS, REFUSED_MAX_MS);
      outbox.markFailed(entry.id, failure, wait);
      return true;
    }
  }

  private officeAnswered(): void {
    this.reachable = true;
    this.outages.reset();
    this.outageMs = 0;
  }

  private officeAway(error: OfficeError): void {
    this.reachable = false;
    this.failure = error.failure;
    this.outageMs = this.outages.next();
  }
}
