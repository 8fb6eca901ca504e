// What the quality check measures on a photo it passes (a large, sharp, evenly lit one), for the
// tests that stand in for the real measuring with it.
import type { PhotoMeasures } from '../../common/photo-checks';

export const GOOD_MEASURES: PhotoMeasures = {
  shortSide: 3000,
  darkShare: 0,
  brightShare: 0,
  meanLevel: 128,
  sharpness: 500,
};
