// Slots of the key's concurrency another program holds (the window and a CLI, two desks on one
// key). The service counts every task of the key in X-ConcurrencyLimit-Active (spec 8.2: the
// actual active slots after binding), so what it reports beyond this run's own tasks is theirs.
import type { ConcurrencyView } from '../api/pacer';

export class SharedSlots {
  private others = 0;
  private seenAt = -Infinity;

  /**
   * Learns from the newest concurrency headers, read as an upload's answer comes back, with the
   * tasks this run has at the service then. Tasks the service finished and this run has not yet
   * seen count as ours, so the others are never over-counted for long: the next answer corrects.
   */
  learn(seen: ConcurrencyView | undefined, ours: number): void {
    if (seen?.active === undefined || seen.observedAtMs === this.seenAt) return;
    this.seenAt = seen.observedAtMs;
    this.others = Math.max(0, seen.active - ours);
  }

  /** The slots this run may use: at least one, so an answer keeps saying when slots free up. */
  limit(keyLimit: number): number {
    return Math.max(1, keyLimit - this.others);
  }

  get heldElsewhere(): number {
    return this.others;
  }
}
