// The office's thresholds for the quality check, kept in the queue's settings table so the window
// and `meter-desk run` on the same queue hold photos alike.
import {
  DEFAULT_PHOTO_CHECK_THRESHOLDS,
  PHOTO_CHECK_LIMITS,
  type PhotoCheckThresholds,
} from '../../common/photo-checks';
import type { SettingsRepo } from '../store/settings-repo';

const KEY = 'photoCheckThresholds';

/** A stored value within its bounds, the default where it is missing or out of them. */
function within(name: keyof PhotoCheckThresholds, value: unknown): number {
  const { min, max } = PHOTO_CHECK_LIMITS[name];
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
    ? value
    : DEFAULT_PHOTO_CHECK_THRESHOLDS[name];
}

/**
 * Thresholds stored before issue 34 set the sharpness against the whole photo's Laplacian, about
 * eight times lower than the detail's on the same photo. The old default (100) becomes the new
 * one; a value an office tuned keeps its place relative to the default.
 */
const WHOLE_PHOTO_DEFAULT = 100;

function sharpnessOf(stored: Record<string, unknown>): number {
  const value = stored.minSharpness;
  if (stored.sharpnessBasis === 'detail' || typeof value !== 'number') {
    return within('minSharpness', value);
  }
  const scaled =
    value === WHOLE_PHOTO_DEFAULT
      ? DEFAULT_PHOTO_CHECK_THRESHOLDS.minSharpness
      : (value * DEFAULT_PHOTO_CHECK_THRESHOLDS.minSharpness) / WHOLE_PHOTO_DEFAULT;
  return within('minSharpness', scaled);
}

/** Whether the queue holds limits of its own (set in Settings or by a policy before). */
export function storedThresholds(settings: SettingsRepo): boolean {
  return settings.get<unknown>(KEY, null) !== null;
}

export function readThresholds(settings: SettingsRepo): PhotoCheckThresholds {
  const stored = settings.get<Record<string, unknown>>(KEY, {});
  return {
    minShortSide: within('minShortSide', stored.minShortSide),
    maxDarkShare: within('maxDarkShare', stored.maxDarkShare),
    maxBrightShare: within('maxBrightShare', stored.maxBrightShare),
    minSharpness: sharpnessOf(stored),
  };
}

export function writeThresholds(settings: SettingsRepo, thresholds: PhotoCheckThresholds): void {
  settings.set(KEY, { ...thresholds, sharpnessBasis: 'detail' });
}
