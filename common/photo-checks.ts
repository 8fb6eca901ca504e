// The quality check before upload: what is measured on a photo, the thresholds an office tunes,
// and the one rule that turns the two into "send" or "hold, because". Main measures (in a worker
// thread), the window shows the same rule over the office's own photos to tune the thresholds.

/** Why a photo is held instead of sent, in the order they are tested. */
export const HOLD_REASONS = ['too_small', 'too_dark', 'blown_out', 'blurred'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** What the check measured on a photo (greyscale, reduced to about 1,000 px on its long side). */
export interface PhotoMeasures {
  /** The short side of the photo as taken, in pixels. */
  readonly shortSide: number;
  /** The share of pixels darker than 32 of 255. */
  readonly darkShare: number;
  /** The share of pixels brighter than 245 of 255 (blown out). */
  readonly brightShare: number;
  /** The mean grey level, 0–255. */
  readonly meanLevel: number;
  /**
   * The variance of the Laplacian on the reduced copy: low means blurred. With basis 'detail',
   * over the most detailed twentieth of the photo (the digits' window, the dial's print); without,
   * over the whole photo (checks before issue 34, on another scale).
   */
  readonly sharpness: number;
  /** The grey levels' spread (5th to 95th percentile) where the photo has its detail, 0-255. */
  readonly contrast?: number;
  /** How sharpness was measured: 'detail' since issue 34; absent on older checks. */
  readonly basis?: 'detail';
}

/**
 * A dial whose print spans fewer grey levels than this is washed out (haze, glare, a pale
 * exposure), held as blown out however few of its pixels are near white. The generator's pale
 * photos (bench/photo-set.ts) span 80-145 levels and are read; at 45-60 they are not.
 */
export const MIN_DIAL_CONTRAST = 64;

export interface PhotoCheckThresholds {
  /** A short side below this many pixels is too small to read. */
  readonly minShortSide: number;
  /** More than this share of dark pixels is too dark. */
  readonly maxDarkShare: number;
  /** More than this share of blown-out pixels is overexposed. */
  readonly maxBrightShare: number;
  /** A variance of the Laplacian below this is blurred. */
  readonly minSharpness: number;
}

/**
 * The shares hold on the sandbox's photos (bench/photo-checks.ts) with room either side. The
 * sharpness over the photo's detail (issue 34): digits blurred by up to 6 % of their height, still
 * plainly legible, score 20 and more; blurred by 12 %, unreadable, 6 and less (bench/README.md).
 */
export const DEFAULT_PHOTO_CHECK_THRESHOLDS: PhotoCheckThresholds = {
  minShortSide: 320,
  maxDarkShare: 0.6,
  maxBrightShare: 0.25,
  minSharpness: 12,
};

/** Bounds a person may set, so a typing slip cannot hold every photo or none. */
export const PHOTO_CHECK_LIMITS: Record<keyof PhotoCheckThresholds, { min: number; max: number }> =
  {
    minShortSide: { min: 0, max: 4000 },
    maxDarkShare: { min: 0, max: 1 },
    maxBrightShare: { min: 0, max: 1 },
    minSharpness: { min: 0, max: 10000 },
  };

/** The first reason to hold the photo, or null when it may be sent. */
export function holdReasonOf(m: PhotoMeasures, t: PhotoCheckThresholds): HoldReason | null {
  if (m.shortSide < t.minShortSide) return 'too_small';
  if (m.darkShare > t.maxDarkShare) return 'too_dark';
  if (m.brightShare > t.maxBrightShare) return 'blown_out';
  if (m.sharpness < t.minSharpness) return 'blurred';
  // After the blur: a blurred dial's contrast falls too, and blur is the reason to give.
  if (m.contrast !== undefined && m.contrast < MIN_DIAL_CONTRAST) return 'blown_out';
  return null;
}

/** Where a queued photo stands with the check: null while not yet checked. */
export type PhotoCheckState = 'passed' | 'held' | 'sent_anyway';

export const isHoldReason = (value: unknown): value is HoldReason =>
  typeof value === 'string' && (HOLD_REASONS as readonly string[]).includes(value);
