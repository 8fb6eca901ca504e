// How often list polls may go: on average no more often than pollSpacingMs allows (half of what is
// left of the key's request window), but in bursts. Tasks sent together finish together, about an
// AI run later; a poll in the quiet time between is wasted, one missing while they finish costs
// every task that finished the time until the next. So what the quiet time leaves unspent is kept,
// a few polls' worth, for when tasks finish.
import type { StateCounts } from '../../common/job-record';
import type { WindowView } from '../api/pacer';
import { pollSpacingMs } from './backoff';

/** Polls that may be saved up for a burst. */
export const POLL_BURST = 8;
/** Polls of a burst are at least this far apart. */
export const BURST_GAP_MS = 30;

export class PollBudget {
  private tokens = POLL_BURST;
  private at: number | null = null;

  constructor(
    private readonly requests: () => WindowView,
    /** The share of the request window polls may use now (POLL_SHARE). */
    private readonly share: () => number,
    /** About how long the work left will take, or null when that is not known yet. */
    private readonly horizon: () => number | null = () => null,
  ) {}

  /** The average spacing the key's request window allows now. */
  spacing(now: number): number {
    return pollSpacingMs(this.requests(), now, this.share(), this.horizon() ?? Infinity);
  }

  private refill(now: number): number {
    const spacing = this.spacing(now);
    if (this.at !== null) {
      this.tokens = Math.min(POLL_BURST, this.tokens + Math.max(0, now - this.at) / spacing);
    }
    this.at = now;
    return spacing;
  }

  /** Takes one poll's worth if there is one now. */
  take(now: number): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /**
   * How soon after a look that found a task still running the next one is worth planning: a
   * burst's gap while the budget has polls saved up, else when the next one will have been earned.
   */
  nextGap(now: number): number {
    const spacing = this.refill(now);
    if (this.tokens >= 1) return BURST_GAP_MS;
    return Math.max(BURST_GAP_MS, Math.ceil((1 - this.tokens) * spacing));
  }
}

/**
 * About how long the photos left will take (the budget's horizon): rounds of the tasks the key may
 * have at once, each about as long as tasks have taken to be seen finished (with a quarter for the
 * answers and the next upload). Null until tasks have been seen to finish.
 */
export function workLeftMs(
  typicalFinishMs: number | null,
  counts: Pick<StateCounts, 'queued' | 'uploading' | 'submitted'>,
  slots: number,
): number | null {
  if (typicalFinishMs === null) return null;
  const left = counts.queued + counts.uploading + counts.submitted;
  return Math.ceil(left / Math.max(1, slots)) * typicalFinishMs * 1.25;
}
