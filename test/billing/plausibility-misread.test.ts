// The misread signature and the meter's own band (issue 22, item 9), on readings of the kinds the
// benchmark simulates (bench/plausibility.ts): a drum caught turning, one misread digit, a right
// reading the fixed bands flagged, a steady meter's earlier periods.
import { describe, expect, it } from 'vitest';
import { checkReading } from '../../common/billing/plausibility';
import {
  DEFAULT_PLAUSIBILITY_CONFIG,
  FIXED_BANDS_CONFIG as SAP,
  validatePlausibilityConfig,
} from '../../common/billing/plausibility-config';
import { ruleEnglish } from '../../common/billing/plausibility-english';
import type { PlausibilityInput } from '../../common/billing/plausibility-types';

const meter = (reading: string, patch: Partial<PlausibilityInput> = {}): PlausibilityInput => ({
  reading,
  readAt: '2026-11-20',
  registerDigits: 5,
  registerDecimals: 0,
  previous: { reading: '26217', readAt: '2026-10-21' },
  avgDailyUse: 1.2,
  ...patch,
});

const flagged = (input: PlausibilityInput, config = DEFAULT_PLAUSIBILITY_CONFIG) =>
  checkReading(input, config)
    .results.filter((r) => r.level !== 'ok')
    .map((r) => r.code);

describe('the misread signature', () => {
  it('a tens drum caught turning (47689 read as 47699) is flagged, with the likely reading', () => {
    const input = meter('47699', {
      previous: { reading: '47681', readAt: '2026-10-21' },
      avgDailyUse: 0.25,
    });
    const out = checkReading(input);
    const rolling = out.results.find((r) => r.code === 'misread.rolling_digit');
    expect(rolling).toMatchObject({ level: 'warning', params: { likely: '47689' } });
    expect(ruleEnglish(rolling ?? { code: '' })).toContain('47689 fits the expected use');
    expect(out.checkLevel).toBe('warning');
  });

  it('one misread digit (26253 read as 26293) is flagged although inside the band', () => {
    // 76 m³ against 36 expected: within the meter's band (×2.57), but only the tens digit differs
    // from the expected reading 26253.
    expect(flagged(meter('26293'))).toEqual(['misread.one_digit']);
  });

  it('a right reading of a thirsty month is not flagged (the fixed bands flagged it)', () => {
    // 64 m³ against 36 expected: +78 %, beyond SAP's +70 %, well within natural variation.
    expect(flagged(meter('26281'), SAP)).toEqual(['high_low.high']);
    expect(flagged(meter('26281'))).toEqual([]);
  });

  it('a leak and an empty home are still flagged', () => {
    expect(flagged(meter('26400'))).toContain('high_low.high');
    expect(flagged(meter('26217'))).toEqual(['zero.consumption']);
  });
});

describe("the band follows the meter's own variation", () => {
  // A steady household: 30 m³ in every 30-day period for four periods.
  const steady = [
    { reading: '01000', readAt: '2026-06-23' },
    { reading: '01030', readAt: '2026-07-23' },
    { reading: '01060', readAt: '2026-08-22' },
  ];
  const input = meter('01152', {
    previous: { reading: '01090', readAt: '2026-09-21' },
    readAt: '2026-10-21',
    avgDailyUse: 1,
  });

  it('without earlier periods 62 m³ against 30 is natural variation', () => {
    expect(flagged(input)).toEqual([]);
  });

  it('with a steady history the same reading is high for this meter', () => {
    expect(flagged({ ...input, history: steady })).toEqual(['high_low.high']);
  });
});

describe('the settings', () => {
  it('a saved configuration from before (no spread, no signature) is still valid and keeps the bands', () => {
    const old: Partial<typeof DEFAULT_PLAUSIBILITY_CONFIG> = { ...DEFAULT_PLAUSIBILITY_CONFIG };
    delete old.spread;
    delete old.misreadSignature;
    const checked = validatePlausibilityConfig(old);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(flagged(meter('26281'), checked.value)).toEqual(['high_low.high']);
  });

  it('refuses a spread that makes no sense', () => {
    const bad = { ...DEFAULT_PLAUSIBILITY_CONFIG, spread: { sigma: -1, z: 2 } };
    expect(validatePlausibilityConfig(bad).ok).toBe(false);
  });
});
