// Where the queue's recent readings fell against their expectation, for Settings' plausibility
// limits: a histogram of consumption ÷ expected on a log axis (×¼ to ×4, a half and a double are
// as far from ×1), the band's edges under a profile, and how many readings each profile flags.
// Each reading has a band of its own (the meter's spread, or the SAP band its expected size falls
// in), so the lines are the typical edges (the median) and the counts use each reading's own.
import type { PlausibilityConfig } from '../../common/billing/plausibility-config';
import type { ProfileOf } from '../../common/billing/plausibility-profiles';
import type { LimitReading } from '../../common/ipc/limits-views';

export const LIMIT_BINS = 32;
export const AXIS_MIN = 0.25;
export const AXIS_MAX = 4;
/** The axis's labelled ticks. */
export const AXIS_TICKS = [0.25, 0.5, 1, 2, 4] as const;

export interface LimitsSpread {
  readonly counts: readonly number[];
  /** The band's typical edges as multiples of the expectation, and where they fall (0..1). */
  readonly low: number;
  readonly high: number;
  readonly lowAt: number;
  readonly highAt: number;
}

/** Readings a profile flags above and below their own band (the rules' verdict on each). */
export function flaggedBy(
  readings: readonly LimitReading[],
  profile: ProfileOf,
): { above: number; below: number } {
  let above = 0;
  let below = 0;
  for (const r of readings) {
    const verdict = r.edges[profile]?.verdict;
    if (verdict === 'high') above++;
    if (verdict === 'low') below++;
  }
  return { above, below };
}

/** Where a multiple of the expectation falls on the axis, 0..1 (clamped at its ends). */
export function axisPosition(ratio: number): number {
  if (!(ratio > 0)) return 0;
  const lo = Math.log(AXIS_MIN);
  const at = (Math.log(ratio) - lo) / (Math.log(AXIS_MAX) - lo);
  return Math.min(1, Math.max(0, at));
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const a = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? a : ((sorted[mid - 1] ?? a) + a) / 2;
}

/** A configuration's band for a reading without history of its own (the first SAP band). */
export function configEdges(config: PlausibilityConfig): { low: number; high: number } {
  const spread = config.spread ?? null;
  if (spread !== null) {
    const width = spread.z * spread.sigma;
    return { low: Math.exp(-width), high: Math.exp(width) };
  }
  const band = config.bands[0];
  return {
    low: 1 - (band?.lowPercent ?? 0) / 100,
    high: 1 + (band?.highPercent ?? 0) / 100,
  };
}

export function limitsSpread(
  readings: readonly LimitReading[],
  profile: ProfileOf,
  config: PlausibilityConfig,
): LimitsSpread {
  const counts = new Array<number>(LIMIT_BINS).fill(0);
  const lows: number[] = [];
  const highs: number[] = [];
  for (const r of readings) {
    const bin = Math.min(LIMIT_BINS - 1, Math.floor(axisPosition(r.ratio) * LIMIT_BINS));
    counts[bin] = (counts[bin] ?? 0) + 1;
    const edges = r.edges[profile];
    if (edges === undefined) continue;
    lows.push(edges.low);
    highs.push(edges.high);
  }
  const fallback = configEdges(config);
  const low = median(lows) ?? fallback.low;
  const high = median(highs) ?? fallback.high;
  return {
    counts,
    low,
    high,
    lowAt: axisPosition(low),
    highAt: axisPosition(high),
  };
}
