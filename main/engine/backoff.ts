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

/** Remote statuses that mean "waiting for the AI to come back": no point asking often. */
const WAITING = new Set(['waiting_ai', 'batch_waiting_ai']);

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

  /** A task looked at for the first time was (or was not yet) final. */
  observeFirstPoll(foundFinal: boolean): void {
    if (foundFinal) this.finals++;
    else this.pendings++;
  }

  /**
   * One poll request's first looks move the timing once, by majority: a batch or list poll sees
   * many tasks at once, and stepping once per task would swing the delay to a clamp.
   */
  endRound(): void {
    if (this.finals + this.pendings === 0) return;
    const early = this.pendings > this.finals;
    this.finals = this.pendings = 0;
    this.firstMs = clamp(this.firstMs * (early ? 1.25 : 0.9), this.minMs, this.maxMs);
  }

  /** The delay after a poll that found the task still pending. */
  nextDelay(remoteStatus: string | null, ageMs: number): number {
    if (remoteStatus !== null && WAITING.has(remoteStatus)) return clamp(ageMs / 2, 2_000, 30_000);
    return clamp(Math.max(this.firstMs / 2, ageMs / 4), this.minMs, this.maxMs);
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
