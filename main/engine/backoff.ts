/** Capped exponential backoff with "equal jitter": never less than half the step, never over the cap. */
export function backoffMs(
  attempt: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const step = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + (random() * step) / 2);
}

/** How often to look at pending tasks while nothing is known of the key's request budget. */
export const DEFAULT_POLL_SPACING_MS = 250;
const MIN_POLL_SPACING_MS = 100;

/**
 * How far apart polls may be so that they use at most half of what is left of the key's request
 * window (the other half is the uploads'): 120 requests per 10 s give one every 167 ms.
 */
export function pollSpacingMs(
  requests: {
    readonly predictedRemaining: number | undefined;
    readonly resetAtMs: number | undefined;
  },
  now: number,
): number {
  const { predictedRemaining: left, resetAtMs } = requests;
  if (left === undefined || resetAtMs === undefined) return DEFAULT_POLL_SPACING_MS;
  const until = Math.max(0, resetAtMs - now);
  return Math.max(MIN_POLL_SPACING_MS, until / Math.max(1, left / 2));
}

/** Remote statuses that mean "waiting for the AI to come back": no point asking often. */
const WAITING = new Set(['waiting_ai', 'batch_waiting_ai']);

const SEEN_SAMPLES = 64;
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

  private finals = 0;
  private pendings = 0;
  /** Ages at which tasks were seen final after an earlier look found them pending. */
  private readonly seenAt: number[] = [];

  /** A task looked at for the first time was (or was not yet) final. */
  observeFirstPoll(foundFinal: boolean): void {
    if (foundFinal) this.finals++;
    else this.pendings++;
  }

  /**
   * A task seen final at `ageMs` by a later look: it finished between that look and the one
   * before, so the early ones of these ages tell when tasks start to finish.
   */
  observeFinishedAt(ageMs: number): void {
    this.seenAt.push(ageMs);
    if (this.seenAt.length > SEEN_SAMPLES) this.seenAt.shift();
  }

  /**
   * One poll request's first looks move the timing once, by majority: a batch or list poll sees
   * many tasks at once, and stepping once per task would swing the delay to a clamp. Too late
   * (most were already final): earlier. Too early: at the age when tasks have been seen to start
   * finishing, once that is known, else later. Looking early costs a request; looking late costs
   * every task in flight the difference.
   */
  endRound(): void {
    if (this.finals + this.pendings === 0) return;
    const early = this.pendings > this.finals;
    this.finals = this.pendings = 0;
    const known = this.seenAt.length >= MIN_SEEN_SAMPLES ? quantile(this.seenAt, 0.2) : null;
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
    const spacing = clamp(spacingMs, this.minMs, this.maxMs);
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
