import { describe, expect, it } from 'vitest';
import {
  bandFor,
  DEFAULT_PLAUSIBILITY_CONFIG,
  parsePlausibilityConfigJson,
  validatePlausibilityConfig,
} from '../../common/billing/plausibility-config';

describe('plausibility settings', () => {
  it('ship the SAP bands and validate', () => {
    expect(DEFAULT_PLAUSIBILITY_CONFIG.bands).toEqual([
      { below: 100, highPercent: 70, lowPercent: 40 },
      { below: 1000, highPercent: 60, lowPercent: 30 },
      { below: null, highPercent: 50, lowPercent: 20 },
    ]);
    expect(validatePlausibilityConfig(DEFAULT_PLAUSIBILITY_CONFIG)).toEqual({
      ok: true,
      value: DEFAULT_PLAUSIBILITY_CONFIG,
    });
    expect(parsePlausibilityConfigJson(JSON.stringify(DEFAULT_PLAUSIBILITY_CONFIG)).ok).toBe(true);
  });

  it.each([
    [99.99, 70],
    [100, 60],
    [999.5, 60],
    [1000, 50],
    [1e7, 50],
  ])('puts an expected %d in the band of +%d %%', (expected, high) => {
    expect(bandFor(DEFAULT_PLAUSIBILITY_CONFIG, expected).highPercent).toBe(high);
  });

  const bad = (patch: Record<string, unknown>) =>
    validatePlausibilityConfig({ ...DEFAULT_PLAUSIBILITY_CONFIG, ...patch });

  it.each([
    [
      'an open band before the last',
      {
        bands: [
          { below: null, highPercent: 1, lowPercent: 1 },
          { below: null, highPercent: 1, lowPercent: 1 },
        ],
      },
      '"bands[1].below" must be a number',
    ],
    [
      'a closed last band',
      { bands: [{ below: 100, highPercent: 1, lowPercent: 1 }] },
      '"bands[1].below" must be null',
    ],
    [
      'bands out of order',
      {
        bands: [
          { below: 100, highPercent: 1, lowPercent: 1 },
          { below: 50, highPercent: 1, lowPercent: 1 },
          { below: null, highPercent: 1, lowPercent: 1 },
        ],
      },
      'larger than the band before it (100)',
    ],
    ['no bands', { bands: [] }, '"bands" must have at least 1 entries'],
    [
      'a low percentage above 100',
      { bands: [{ below: null, highPercent: 1, lowPercent: 101 }] },
      '"bands[1].lowPercent" must be at most 100',
    ],
    [
      'an ok level',
      { levels: { ...DEFAULT_PLAUSIBILITY_CONFIG.levels, zero: 'ok' } },
      '"levels.zero" must be "warning" or "error"',
    ],
    [
      'a negative tolerance',
      { negativeToleranceDigits: -1 },
      '"negativeToleranceDigits" must be at least 0',
    ],
    [
      'a fractional tolerance',
      { negativeToleranceDigits: 1.5 },
      '"negativeToleranceDigits" must be a whole number',
    ],
    ['an unknown key', { colour: 'red' }, 'unknown key "colour"'],
    ['a string for a number', { absoluteTolerance: '1' }, '"absoluteTolerance" must be a number'],
    ['a missing key', { unit: undefined }, '"unit" is missing'],
    ['version 2', { version: 2 }, '"version" must be 1'],
  ])('refuses %s', (_name, patch, message) => {
    const result = bad(patch);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join(' ')).toContain(message);
  });

  it('refuses prototype keys in a file', () => {
    const text = JSON.stringify(DEFAULT_PLAUSIBILITY_CONFIG).replace(
      '{',
      '{"__proto__":{"polluted":true},',
    );
    const result = parsePlausibilityConfigJson(text);
    expect(result).toEqual({
      ok: false,
      errors: ['The plausibility settings file uses the key "__proto__", which is not allowed.'],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
