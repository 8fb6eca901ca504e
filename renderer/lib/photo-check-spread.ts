// The spread of the office's own photos over each measure of the quality check, for the Settings
// card that tunes the thresholds: a histogram per measure with where its threshold falls, and how
// many recent photos the thresholds being edited would hold, per reason.
import {
  holdReasonOf,
  HOLD_REASONS,
  type HoldReason,
  type PhotoCheckThresholds,
  type PhotoMeasures,
} from '../../common/photo-checks';

export const SPREAD_BINS = 24;

/** One measure's histogram: bin counts over [min, max] (log scale for sharpness). */
export interface Spread {
  readonly counts: readonly number[];
  /** Where the threshold falls, 0..1 across the bins. */
  readonly at: number;
}

interface Axis {
  readonly value: (m: PhotoMeasures) => number;
  readonly threshold: (t: PhotoCheckThresholds) => number;
  readonly min: number;
  readonly max: number;
  readonly log: boolean;
}

export const SPREAD_AXES = {
  shortSide: {
    value: (m) => m.shortSide,
    threshold: (t) => t.minShortSide,
    min: 0,
    max: 4000,
    log: false,
  },
  darkShare: {
    value: (m) => m.darkShare,
    threshold: (t) => t.maxDarkShare,
    min: 0,
    max: 1,
    log: false,
  },
  brightShare: {
    value: (m) => m.brightShare,
    threshold: (t) => t.maxBrightShare,
    min: 0,
    max: 1,
    log: false,
  },
  sharpness: {
    value: (m) => m.sharpness,
    threshold: (t) => t.minSharpness,
    min: 1,
    max: 100_000,
    log: true,
  },
} as const satisfies Record<string, Axis>;

export type SpreadAxis = keyof typeof SPREAD_AXES;

function position(axis: Axis, v: number): number {
  const clamp = (x: number): number => Math.min(1, Math.max(0, x));
  if (axis.log) {
    const lo = Math.log10(axis.min);
    return clamp((Math.log10(Math.max(v, axis.min)) - lo) / (Math.log10(axis.max) - lo));
  }
  return clamp((v - axis.min) / (axis.max - axis.min));
}

export function spreadOf(
  name: SpreadAxis,
  measures: readonly PhotoMeasures[],
  thresholds: PhotoCheckThresholds,
): Spread {
  const axis: Axis = SPREAD_AXES[name];
  const counts = new Array<number>(SPREAD_BINS).fill(0);
  for (const m of measures) {
    const bin = Math.min(SPREAD_BINS - 1, Math.floor(position(axis, axis.value(m)) * SPREAD_BINS));
    counts[bin] = (counts[bin] ?? 0) + 1;
  }
  return { counts, at: position(axis, axis.threshold(thresholds)) };
}

/** How many of the photos these thresholds would hold, per reason (the first reason each). */
export function wouldHold(
  measures: readonly PhotoMeasures[],
  thresholds: PhotoCheckThresholds,
): Record<HoldReason, number> {
  const out = Object.fromEntries(HOLD_REASONS.map((r) => [r, 0])) as Record<HoldReason, number>;
  for (const m of measures) {
    const reason = holdReasonOf(m, thresholds);
    if (reason) out[reason] += 1;
  }
  return out;
}
