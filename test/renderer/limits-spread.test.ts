// The histogram behind Settings' plausibility limits: consumption ÷ expected on a log axis (a half
// and a double equally far from ×1), the typical edges as the median of each reading's own, and
// the counts from each reading's own verdict; without readings, the configuration's own band.
import { expect, it } from 'vitest';
import { PROFILE_CONFIGS } from '../../common/billing/plausibility-profiles';
import type { LimitReading } from '../../common/ipc';
import {
  axisPosition,
  configEdges,
  flaggedBy,
  LIMIT_BINS,
  limitsSpread,
} from '../../renderer/lib/limits-spread';

const reading = (ratio: number, low: number, high: number): LimitReading => ({
  ratio,
  basis: 'recent',
  edges: {
    history: { low, high, verdict: ratio > high ? 'high' : ratio < low ? 'low' : 'within' },
    sap_bands: {
      low: 0.6,
      high: 1.7,
      verdict: ratio > 1.7 ? 'high' : ratio < 0.6 ? 'low' : 'within',
    },
  },
});

it('puts ×1 in the middle and a half and a double equally far from it', () => {
  expect(axisPosition(1)).toBeCloseTo(0.5, 9);
  expect(axisPosition(2) - 0.5).toBeCloseTo(0.5 - axisPosition(0.5), 9);
  expect(axisPosition(100)).toBe(1);
  expect(axisPosition(0)).toBe(0);
});

it('counts readings into bins, draws the median edges, and counts each reading by its own band', () => {
  const readings = [reading(1, 0.5, 2), reading(1.9, 0.4, 2.5), reading(3, 0.45, 2.2)];
  const s = limitsSpread(readings, 'history', PROFILE_CONFIGS.history);
  expect(s.counts).toHaveLength(LIMIT_BINS);
  expect(s.counts.reduce((a, b) => a + b, 0)).toBe(3);
  expect(s.counts[LIMIT_BINS / 2]).toBe(1);
  expect(s.low).toBe(0.45);
  expect(s.high).toBe(2.2);
  expect(s.highAt).toBeCloseTo(axisPosition(2.2), 9);
  expect(flaggedBy(readings, 'history')).toEqual({ above: 1, below: 0 });
  expect(flaggedBy(readings, 'sap_bands')).toEqual({ above: 2, below: 0 });
  expect(flaggedBy(readings, 'custom')).toEqual({ above: 0, below: 0 });
});

it('draws the configuration’s own band while there are no readings', () => {
  const history = limitsSpread([], 'history', PROFILE_CONFIGS.history);
  expect(history.high).toBeCloseTo(Math.exp(2.7 * 0.35), 9);
  expect(history.low).toBeCloseTo(Math.exp(-2.7 * 0.35), 9);
  expect(configEdges(PROFILE_CONFIGS.sap_bands)).toEqual({ low: 0.6, high: 1.7 });
});
