// How many more photos may be sent before the quota is spent, so the last readings of the day are
// used and no batch is refused for asking more than is left.
//
// The service's `remaining` (a quota read, or the body of a quota_exhausted answer) is taken at one
// moment. Deployments differ on what it counts (spec 2.3 does not say): ours subtracts what tasks in
// flight have reserved, others do not. So every task in flight at that moment, and every one sent
// since, is counted against it until it ends; one that ends without a fresh reading (cached,
// failed) gives its unit back. That can only under-estimate. When the budget is spent while tasks
// are in flight, the engine waits for them and reads the quota again with nothing in flight, when
// every deployment's `remaining` means the same: exactly what is left. A figure is only a
// figure: when it says none are left, one photo goes to ask, and only the service's 429
// quota_exhausted holds the run (a deployment may count pools the figure leaves out).
import type { Clock } from '../time/clock';

export class QuotaBudget {
  private reading: { remaining: number; at: number } | null = null;
  private assumedExact = false;
  /** Tasks (by id) that ended with a fresh reading since the reading. */
  private readonly freshSince = new Set<string>();

  constructor(private readonly clock: Clock) {}

  /** The service said how many readings are left; null when unlimited or not known. */
  observe(remaining: number | null): void {
    this.reading = remaining === null ? null : { remaining, at: this.clock.now() };
    this.freshSince.clear();
    this.assumedExact = false;
  }

  /**
   * With nothing in flight and no way to read the quota (a key without that permission), the
   * last figure is taken at its word, once: a submission too large for what is truly left is
   * refused (and creates nothing), and its answer is the next reading.
   */
  assumeExact(): boolean {
    if (this.assumedExact || !this.reading || this.reading.remaining <= 0) return false;
    this.assumedExact = true;
    this.freshSince.clear();
    return true;
  }

  /**
   * The figures say nothing is left and nothing is in flight: one photo may go, so the service's
   * answer decides (a task, or a 429 quota_exhausted that holds the run). Until the next reading.
   */
  askWithOne(): void {
    this.reading = { remaining: 1, at: this.reading?.at ?? this.clock.now() };
    this.freshSince.clear();
  }

  /** Tasks that ended: the fresh ones are spent, the others gave their unit back. */
  ended(results: readonly { taskId: string; fresh: boolean }[]): void {
    if (!this.reading) return;
    for (const r of results) if (r.fresh) this.freshSince.add(r.taskId);
  }

  /** Photos that may still be sent, with `inFlight` photos sent and not ended; Infinity if unknown. */
  left(inFlight: number): number {
    if (!this.reading) return Infinity;
    return Math.max(0, this.reading.remaining - inFlight - this.freshSince.size);
  }

  /** When the last reading was taken (ms), or null. */
  get readAt(): number | null {
    return this.reading?.at ?? null;
  }

  /** The service's figure at the last reading, or null when unlimited or unknown. */
  get lastRemaining(): number | null {
    return this.reading?.remaining ?? null;
  }
}
