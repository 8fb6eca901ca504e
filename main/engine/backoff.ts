import { doublingMs } from '../time/backoff';

/** Capped exponential backoff with "equal jitter": never less than half the step, never over the cap. */
export function backoffMs(
  attempt: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const step = doublingMs(attempt, baseMs, capMs);
  return Math.round(step / 2 + (random() * step) / 2);
}

/** How often to look at pending tasks while nothing is known of the key's request budget. */
export const DEFAULT_POLL_SPACING_MS = 250;
const MIN_POLL_SPACING_MS = 100;

/**
 * The share of what is left of the key's request window that polls may use: half when photos go
 * one per request, so uploads keep the other half; three quarters when they go in batches, each
 * of which carries up to eight photos in one request.
 */
export const POLL_SHARE = { singles: 0.5, batches: 0.75 } as const;

/**
 * How far apart polls may be so that they use at most `share` of what is left of the key's request
 * window: 120 requests per 10 s at half give one every 167 ms. When the work left will be done
 * before the window ends (`horizonMs`), over that time instead: a run's last tasks are seen as
 * soon as what is left of the budget allows.
 */
export function pollSpacingMs(
  requests: {
    readonly predictedRemaining: number | undefined;
    readonly resetAtMs: number | undefined;
  },
  now: number,
  share: number = POLL_SHARE.singles,
  horizonMs = Infinity,
): number {
  const { predictedRemaining: left, resetAtMs } = requests;
  if (left === undefined || resetAtMs === undefined) return DEFAULT_POLL_SPACING_MS;
  const until = Math.max(0, Math.min(resetAtMs - now, horizonMs));
  return Math.max(MIN_POLL_SPACING_MS, until / Math.max(1, left * share));
}

/** Remote statuses that mean "waiting for the AI to come back": no point asking often. */
const WAITING = new Set(['waiting_ai', 'batch_waiting_ai']);

const SEEN_SAMPLES = 64;
/** First looks remembered to count each once (far more than are ever in flight). */
const COUNTED_JOBS = 4_096;
const MIN_SEEN_SAMPLES = 5;

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const clamp = (v: number, lo: number, hi: number): number =>
  Math.min(hi, Math.max(lo, Math.round(v)));

/**
 * When to ask about a submitted task. The first look is tuned by feedback: a first poll that
 * finds the task final moves the next first look earlier, one that finds it still running moves
 * it later, so most tasks cost one poll without waiting long after they finish. (Measuring
 * latency from poll times instead would only learn our own polling interval.)
 */
export class PollTiming {
  private firstMs: number;

  constructor(
    initialMs = 500,
    private readonly minMs = 100,
    private readonly maxMs = 10_000,
  ) {
    this.firstMs = initialMs;
  }

  firstDelay(): number {
    return Math.round(this.firstMs);
  }

  /** The age at which half the tasks have finished, once enough have been seen; else null. */
  typicalFinishMs(): number | null {
    return this.finishedAt.length >= MIN_SEEN_SAMPLES ? quantile(this.finishedAt, 0.5) : null;
  }

  private finals = 0;
  private pendings = 0;
  /** When tasks finished (their age), as told by looks that found them pending and then final. */
  private readonly finishedAt: number[] = [];

  /** Jobs whose first look has been counted: lists on their way at once may each ask about one. */
  private readonly counted = new Set<number>();

  /** A task looked at for the first time was (or was not yet) final. */
  observeFirstPoll(foundFinal: boolean, jobId?: number): void {
    if (jobId !== undefined) {
      if (this.counted.has(jobId)) return;
      if (this.counted.size >= COUNTED_JOBS) this.counted.clear();
      this.counted.add(jobId);
    }
    if (foundFinal) this.finals++;
    else this.pendings++;
  }

  /**
   * A task seen final by a later look sent at age `ageMs` (the age when the look was sent, not
   * answered: what the service had done by then is what it said). It finished between that look
   * and the one before, about `spacingMs` earlier: the middle of the two is the estimate, and the
   * early ones of these ages tell when tasks start to finish.
   */
  observeFinishedAt(ageMs: number, spacingMs = 0): void {
    this.finishedAt.push(Math.max(0, ageMs - spacingMs / 2));
    if (this.finishedAt.length > SEEN_SAMPLES) this.finishedAt.shift();
  }

  /**
   * One poll request's first looks move the timing once, by majority: a batch or list poll sees
   * many tasks at once, and stepping once per task would swing the delay to a clamp. Too late
   * (most were already final): earlier. Too early: at the age when the first tenth of tasks have
   * been seen to finish, once that is known, else later. Looking early costs a request; looking
   * late costs every task that finished before the look the difference (the looks after the
   * first follow each other closely, so the first one should come when tasks start to finish).
   */
  endRound(): void {
    if (this.finals + this.pendings === 0) return;
    const early = this.pendings > this.finals;
    this.finals = this.pendings = 0;
    const known =
      this.finishedAt.length >= MIN_SEEN_SAMPLES ? quantile(this.finishedAt, 0.1) : null;
    const next = !early ? this.firstMs * 0.9 : (known ?? this.firstMs * 1.25);
    this.firstMs = clamp(next, this.minMs, this.maxMs);
  }

  /**
   * The delay after a poll that found the task still pending. Around the time tasks usually
   * finish (up to twice the first look), look again every `spacingMs`, as often as the key's
   * request budget allows: a slot the service freed is only reused once a poll has seen it, so
   * on a far service every poll interval adds to every task. Long after, back off.
   */
  nextDelay(
    remoteStatus: string | null,
    ageMs: number,
    spacingMs = DEFAULT_POLL_SPACING_MS,
  ): number {
    if (remoteStatus !== null && WAITING.has(remoteStatus)) return clamp(ageMs / 2, 2_000, 30_000);
    // The spacing comes from the key's budget (PollBudget), which has its own floor.
    const spacing = clamp(spacingMs, 1, this.maxMs);
    if (ageMs < 2 * this.firstMs) return spacing;
    return clamp(Math.max(spacing, ageMs / 4), this.minMs, this.maxMs);
  }
}

/** Exponentially weighted moving average that starts from its initial value. */
export class Ewma {
  private v: number;
  constructor(
    private readonly alpha: number,
    initial: number,
  ) {
    this.v = initial;
  }
  add(sample: number): void {
    this.v += this.alpha * (sample - this.v);
  }
  get value(): number {
    return this.v;
  }
}
