// Throughput and ETA from the finished count over time, for the window's progress panel and the
// CLI's progress line. A sliding window (the last two minutes) follows a run that speeds up or
// stalls, and nothing is claimed until enough has been seen.
import type { StateCounts } from './job-record';

export interface Sample {
  readonly at: number;
  /** Photos read or failed so far (finishedOf). */
  readonly finished: number;
}

export const WINDOW_MS = 120_000;
/**
 * Below this span, or fewer finished photos, a rate would be noise: the first answers of a run
 * (photos read before come back at once) promised a run of minutes "about 5 s left".
 */
const MIN_SPAN_MS = 15_000;
/** Readings after the first one: a few, so one batch coming back at once is not taken as the pace. */
const MIN_FINISHED = 10;

/**
 * Photos the run is through with (read or failed). Files not sent are not photos of the run: they
 * never went anywhere, and counting them as finished said "7 of 161" beside "154 new photos".
 */
export function finishedOf(counts: StateCounts): number {
  return counts.done + counts.failed;
}

/** The photos of the run: every file but those not sent. */
export function photosOf(counts: StateCounts): number {
  return counts.total - counts.rejected;
}

export function pendingOf(counts: StateCounts): number {
  return counts.queued + counts.uploading + counts.submitted;
}

/** Adds a sample and drops those older than the window (always keeping one as the baseline). */
export function addSample(samples: readonly Sample[], sample: Sample): Sample[] {
  const last = samples.at(-1);
  // Removals or a new queue make the count go down: start over instead of a negative rate.
  if (last && sample.finished < last.finished) return [sample];
  const kept = samples.filter((s) => sample.at - s.at <= WINDOW_MS);
  const dropped = samples.length - kept.length;
  const base = dropped > 0 ? samples[dropped - 1] : undefined;
  return [...(base ? [base] : []), ...kept, sample];
}

/**
 * Finished photos per minute over the window, or null while there is too little to say. Measured
 * from the first reading seen, not from the start: the wait for the first answer is the service's
 * reading time, not the pace, and counting it promised "about 6 min" to a run that ended seconds
 * later.
 */
export function ratePerMinute(samples: readonly Sample[]): number | null {
  const start = samples[0];
  const last = samples.at(-1);
  if (!start || !last) return null;
  const first = samples.find((s) => s.finished > start.finished);
  if (!first) return null;
  const span = last.at - first.at;
  const done = last.finished - first.finished;
  if (span < MIN_SPAN_MS || done < MIN_FINISHED) return null;
  return (done / span) * 60_000;
}

/**
 * Milliseconds until the pending photos are through at the current rate, or null. Once nothing
 * waits to be sent, the photos left are read side by side at the service and end within about
 * one reading time: the rate would claim many times that ("26 s" with 3.6 s left).
 */
export function etaMs(counts: StateCounts, perMinute: number | null): number | null {
  const pending = pendingOf(counts);
  if (pending === 0 || counts.queued === 0 || perMinute === null || perMinute <= 0) return null;
  return (pending / perMinute) * 60_000;
}
