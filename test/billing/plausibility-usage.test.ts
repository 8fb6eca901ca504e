import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAUSIBILITY_CONFIG } from '../../common/billing/plausibility-config';
import { after, check, codes, textOf } from './plausibility-cases';
import { RULES } from '../../common/billing/plausibility-types';

/** `consumption` in 10 days where `expected` was expected (avg = expected / 10). */
function over10Days(consumption: number, expected: number) {
  return check({ ...after(consumption), readAt: '2026-10-22', avgDailyUse: expected / 10 });
}

describe('high/low against expected = average daily use × days (SAP default bands)', () => {
  it.each([
    // band up to 99: +70 % / −40 %
    [85, 50, 'high_low.within:ok'],
    [86, 50, 'high_low.high:warning'],
    [30, 50, 'high_low.within:ok'],
    [29, 50, 'high_low.low:warning'],
    // 99 is still the first band (+70 % → 168.3), 100 the second (+60 % → 160)
    [165, 99, 'high_low.within:ok'],
    [165, 100, 'high_low.high:warning'],
    [160, 100, 'high_low.within:ok'],
    [70, 100, 'high_low.within:ok'],
    [69, 100, 'high_low.low:warning'],
    // 999 is the second band (−30 % → 699.3), 1,000 the third (+50 % / −20 %)
    [1550, 999, 'high_low.within:ok'],
    [1550, 1000, 'high_low.high:warning'],
    [1500, 1000, 'high_low.within:ok'],
    [750, 999, 'high_low.within:ok'],
    [750, 1000, 'high_low.low:warning'],
    [800, 1000, 'high_low.within:ok'],
  ])('%d units where %d were expected: %s', (consumption, expected, code) => {
    expect(codes(over10Days(consumption, expected)).high_low).toBe(code);
  });

  it('is not fooled by float noise in the expectation (9.99 × 100 days)', () => {
    const outcome = check({ ...after(1598), readAt: '2027-01-20', avgDailyUse: 9.99 });
    expect(outcome.days).toBe(100);
    expect(outcome.expected).toBe(999);
    // 999 × 1.6 = 1598.4: 1598 is inside.
    expect(codes(outcome).high_low).toBe('high_low.within:ok');
  });

  it('explains a high reading in a sentence', () => {
    const outcome = check({ ...after(412), avgDailyUse: 0.9, readAt: '2026-12-27' });
    expect(textOf(outcome, 'high_low')).toBe(
      '412 m³ in 76 days is 502% above the expected 68.4 m³ (0.9 m³/day × 76; limit +70%).',
    );
  });

  it('uses configured bands, levels and the absolute tolerance', () => {
    const bands = [{ below: null, highPercent: 10, lowPercent: 10 }];
    expect(
      codes(
        check(
          { ...after(30) },
          { bands, levels: { ...DEFAULT_PLAUSIBILITY_CONFIG.levels, high: 'error' } },
        ),
      ),
    ).toMatchObject({ high_low: 'high_low.high:error' });
    // 2 units where 1 was expected is +100 %, but within an absolute tolerance of 1 unit.
    expect(codes(over10Days(2, 1)).high_low).toBe('high_low.high:warning');
    expect(
      codes(
        check({ ...after(2), readAt: '2026-10-22', avgDailyUse: 0.1 }, { absoluteTolerance: 1 }),
      ).high_low,
    ).toBe('high_low.within:ok');
  });

  it.each([
    ['no average use', { avgDailyUse: null }, 'high_low.no_average:ok'],
    ['no previous date', { previous: { reading: '00100', readAt: null } }, 'high_low.no_date:ok'],
    ['same-day read', { readAt: '2026-10-12T17:00:00' }, 'high_low.same_day:ok'],
    ['average use 0', { avgDailyUse: 0 }, 'high_low.no_expectation:ok'],
  ] as const)('says why it cannot check: %s', (_name, input, code) => {
    expect(codes(check(input)).high_low).toBe(code);
  });
});

describe('zero consumption', () => {
  it.each([
    ['30 days without consumption', { reading: '00100' }, 'zero.consumption:warning'],
    ['vacant premises (average 0)', { reading: '00100', avgDailyUse: 0 }, 'zero.expected:ok'],
    ['same-day read', { reading: '00100', readAt: '2026-10-12' }, 'zero.same_day:ok'],
    ['consumption', {}, 'zero.none:ok'],
    [
      'no previous date',
      { reading: '00100', previous: { reading: '00100', readAt: null } },
      'zero.consumption:warning',
    ],
    ['within the negative tolerance', { reading: '00099' }, 'zero.consumption:warning'],
  ] as const)('%s', (_name, input, code) => {
    expect(codes(check(input)).zero).toBe(code);
  });

  it('asks the clerk a question', () => {
    expect(textOf(check({ reading: '00100' }), 'zero')).toBe(
      'No consumption in 30 days since 12 Oct 2026: is the premises empty, or the meter stuck?',
    );
  });
});

describe('daily jump', () => {
  it('catches a misread leading digit (307 read where 207 is true)', () => {
    const outcome = check({
      reading: '00307',
      previous: { reading: '00200', readAt: '2026-10-12' },
      avgDailyUse: 0.3,
    });
    expect(codes(outcome).daily_jump).toBe('daily_jump.exceeded:error');
    expect(outcome.useOnBill).toBe(false);
    expect(textOf(outcome, 'daily_jump')).toBe(
      '107 m³ since 12 Oct 2026 is 12x the usual 0.3 m³/day (limit 5.0x): a misread digit?',
    );
  });

  it('sits exactly on its limit: 5 × the average is fine, a unit more is not', () => {
    // 30 days × 0.9 × 5 = 135.
    expect(codes(check(after(135))).daily_jump).toBe('daily_jump.within:ok');
    expect(codes(check(after(136))).daily_jump).toBe('daily_jump.exceeded:error');
  });

  it('counts a same-day read as one day', () => {
    const outcome = check({ reading: '00150', readAt: '2026-10-12T18:00:00' });
    expect(codes(outcome).daily_jump).toBe('daily_jump.exceeded:error');
  });

  it('applies a fixed limit without an average (17.9 read where 16.9 is true)', () => {
    const input = {
      reading: '17.9',
      previous: { reading: '16.5', readAt: '2026-11-10' },
      registerDigits: 2,
      registerDecimals: 1,
      avgDailyUse: null,
    };
    expect(codes(check(input)).daily_jump).toBe('daily_jump.no_limit:ok');
    const capped = check(input, { dailyJump: { maxFactor: 5, maxUnitsPerDay: 1 } });
    expect(codes(capped).daily_jump).toBe('daily_jump.exceeded:error');
    expect(textOf(capped, 'daily_jump')).toBe(
      '1.4 m³ since 10 Nov 2026 is 1.4 m³/day, above the limit of 1 m³/day: a misread digit?',
    );
    expect(
      codes(
        check({ ...input, reading: '16.9' }, { dailyJump: { maxFactor: 5, maxUnitsPerDay: 1 } }),
      ).daily_jump,
    ).toBe('daily_jump.within:ok');
  });
});

describe('the outcome', () => {
  it('is the worst level; only an error keeps the reading off the bill; reasons are the flagged sentences', () => {
    const ok = check({});
    expect(ok).toMatchObject({ level: 'ok', useOnBill: true, consumption: 27, reasons: '' });
    const warning = check({ reading: '00100' });
    expect(warning).toMatchObject({ level: 'warning', useOnBill: true, consumption: 0 });
    expect(warning.reasons).toBe(
      'No consumption in 30 days since 12 Oct 2026: is the premises empty, or the meter stuck?',
    );
    const error = check({ reading: '00012', previous: { reading: '48512', readAt: '2026-10-12' } });
    expect(error).toMatchObject({ level: 'error', useOnBill: false });
    expect(error.results).toHaveLength(RULES.length);
  });

  it('never throws on odd inputs', () => {
    for (const reading of ['', ' ', '.', '1,2,3', '99999999999999999999', '٣٣']) {
      for (const readAt of ['', 'x', '2026-02-30']) {
        expect(check({ reading, readAt }).results).toHaveLength(RULES.length);
      }
    }
  });
});
