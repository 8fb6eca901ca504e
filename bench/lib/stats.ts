// Summaries of repeated measurements: the median resists the odd run disturbed by another process
// on a small machine; the p95 shows how bad the disturbed ones get.

/** The median (mean of the middle two for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
}

/** Nearest-rank percentile, p in (0, 100]; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** The median wall time in ms of `rounds` calls of `work`, run one after the other. */
export function medianMs(rounds: number, work: () => unknown): number {
  const ms: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    work();
    ms.push(performance.now() - start);
  }
  return median(ms);
}
