// The Settings card's view of the office's own photos: where each photo falls on each measure,
// where the limit falls, and how many photos the limits being edited would hold, per reason.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PHOTO_CHECK_THRESHOLDS, type PhotoMeasures } from '../../common/photo-checks';
import { SPREAD_BINS, spreadOf, wouldHold } from '../../renderer/lib/photo-check-spread';

const good: PhotoMeasures = {
  shortSide: 3000,
  darkShare: 0.05,
  brightShare: 0.05,
  meanLevel: 140,
  sharpness: 900,
  contrast: 220,
  basis: 'detail',
};
const photos: PhotoMeasures[] = [
  good,
  { ...good, sharpness: 8 },
  { ...good, sharpness: 3 },
  { ...good, darkShare: 0.99 },
  // Washed out: few near-white pixels, but the dial spans few grey levels (issue 34).
  { ...good, brightShare: 0.08, contrast: 50 },
  { ...good, shortSide: 180, sharpness: 3 },
];

describe('the spread of the office photos', () => {
  it('counts the photos each limit would hold, by the first reason', () => {
    expect(wouldHold(photos, DEFAULT_PHOTO_CHECK_THRESHOLDS)).toEqual({
      too_small: 1,
      too_dark: 1,
      blown_out: 1,
      blurred: 2,
    });
    const lenient = { ...DEFAULT_PHOTO_CHECK_THRESHOLDS, minSharpness: 5 };
    expect(wouldHold(photos, lenient).blurred).toBe(1);
  });

  it('puts every photo in a bin and marks the limit on the same scale', () => {
    const sharpness = spreadOf('sharpness', photos, DEFAULT_PHOTO_CHECK_THRESHOLDS);
    expect(sharpness.counts).toHaveLength(SPREAD_BINS);
    expect(sharpness.counts.reduce((a, n) => a + n, 0)).toBe(photos.length);
    // Log scale from 1 to 100,000: the default of 12 sits at log10(12) / 5.
    expect(sharpness.at).toBeCloseTo(Math.log10(12) / 5);
    const dark = spreadOf('darkShare', photos, DEFAULT_PHOTO_CHECK_THRESHOLDS);
    expect(dark.at).toBeCloseTo(DEFAULT_PHOTO_CHECK_THRESHOLDS.maxDarkShare);
    expect(dark.counts.at(-1)).toBe(1);
  });
});
