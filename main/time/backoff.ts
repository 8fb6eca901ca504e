// Waiting longer after each failure, in one place: the office's outbox publisher and its live
// listener wait out an outage this way, and the engine's jittered backoff steps by it too.

/** The wait before retry `attempt` (0 first): `firstMs` doubled per earlier failure, capped. */
export function doublingMs(attempt: number, firstMs: number, capMs: number): number {
  // Past 2^40 every cap in use is long reached; the bound keeps the power finite.
  return Math.min(capMs, firstMs * 2 ** Math.min(40, Math.max(0, attempt)));
}

/** A run of failures: each `next()` waits twice the last, up to the cap, until `reset()`. */
export class Backoff {
  private failures = 0;

  constructor(
    private readonly firstMs: number,
    private readonly capMs: number,
  ) {}

  /** How many failures in a row so far. */
  get count(): number {
    return this.failures;
  }

  /** One more failure: how long to wait before trying again. */
  next(): number {
    return doublingMs(this.failures++, this.firstMs, this.capMs);
  }

  /** It worked: the next failure waits the first wait again. */
  reset(): void {
    this.failures = 0;
  }
}
