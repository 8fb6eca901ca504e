// The quality check's thresholds as the window sends them (bounded as common/photo-checks.ts
// bounds them) and the view it gets back: the thresholds, their defaults, the measures of the
// office's recent photos (the distribution to tune them on) and the held photos per reason.
import { z } from 'zod';
import {
  PHOTO_CHECK_LIMITS,
  type HoldReason,
  type PhotoCheckThresholds,
  type PhotoMeasures,
} from '../photo-checks';

const bounded = (name: keyof PhotoCheckThresholds) =>
  z.number().min(PHOTO_CHECK_LIMITS[name].min).max(PHOTO_CHECK_LIMITS[name].max);

export const photoCheckThresholds = z.strictObject({
  minShortSide: bounded('minShortSide'),
  maxDarkShare: bounded('maxDarkShare'),
  maxBrightShare: bounded('maxBrightShare'),
  minSharpness: bounded('minSharpness'),
});

/** How many recent photos the distribution shows: enough to see an office's spread. */
export const MEASURES_SHOWN = 2000;

export interface PhotoChecksView {
  readonly thresholds: PhotoCheckThresholds;
  readonly defaults: PhotoCheckThresholds;
  /** The most recently checked photos' measures, newest first, at most MEASURES_SHOWN. */
  readonly measures: readonly PhotoMeasures[];
  readonly held: Partial<Record<HoldReason, number>>;
  /** Distinct held photos: the readings they did not cost (identical copies go once). */
  readonly quotaSaved: number;
}
