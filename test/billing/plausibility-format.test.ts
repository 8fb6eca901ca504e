import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAUSIBILITY_CONFIG } from '../../common/billing/plausibility-config';
import { check, codes, textOf } from './plausibility-cases';

describe('format rule: digits and decimals against the register', () => {
  it.each([
    ['fits', { reading: '00127' }, 'format.fits:ok'],
    ['decimal comma', { reading: '00127,5', registerDecimals: 1 }, 'format.fits:ok'],
    [
      'fewer decimals than the register',
      { reading: '00127.5', registerDecimals: 3 },
      'format.fits:ok',
    ],
    ['too many whole digits', { reading: '100127' }, 'format.too_many_digits:error'],
    ['leading zeros left out', { reading: '127' }, 'format.too_few_digits:warning'],
    [
      'too many decimals',
      { reading: '00127.55', registerDecimals: 1 },
      'format.too_many_decimals:error',
    ],
    ['decimals on a register without', { reading: '00127.5' }, 'format.too_many_decimals:error'],
    ['unknown register', { registerDigits: null, registerDecimals: null }, 'format.no_register:ok'],
    ['only digits known', { registerDecimals: null, reading: '00127.25' }, 'format.fits:ok'],
    ['not a number', { reading: '12a' }, 'format.not_a_number:error'],
    ['sign', { reading: '-00127' }, 'format.not_a_number:error'],
    ['empty', { reading: '' }, 'format.not_a_number:error'],
    ['17 digits', { reading: '1'.repeat(17), registerDigits: null }, 'format.too_long:error'],
  ] as const)('%s', (_name, input, code) => {
    expect(codes(check(input)).format).toBe(code);
  });

  it('explains in words', () => {
    expect(textOf(check({ reading: '127' }), 'format')).toBe(
      'The reading 127 has 3 whole digits; the register shows 5 (leading zeros left out? 00127).',
    );
    expect(textOf(check({ reading: '00127.5' }), 'format')).toBe(
      'The reading 00127.5 has 1 decimals; the register shows no decimals.',
    );
  });

  it('uses the configured level for missing leading zeros', () => {
    const outcome = check(
      { reading: '127' },
      { levels: { ...DEFAULT_PLAUSIBILITY_CONFIG.levels, tooFewDigits: 'error' } },
    );
    expect(outcome.level).toBe('error');
    expect(outcome.useOnBill).toBe(false);
  });

  it('does not compute consumption from a reading that is not a number', () => {
    const outcome = check({ reading: 'abc' });
    expect(outcome.consumption).toBeNull();
    expect(codes(outcome)).toMatchObject({
      negative: 'negative.not_checked:ok',
      high_low: 'high_low.not_checked:ok',
    });
  });
});

describe('dates rule', () => {
  it.each([
    ['30 days', {}, 'dates.interval:ok', 30],
    ['same day', { readAt: '2026-10-12T18:00:00' }, 'dates.same_day:ok', 0],
    ['previous after read', { readAt: '2026-10-11' }, 'dates.previous_after_read:error', -1],
    [
      'no previous date',
      { previous: { reading: '00100', readAt: null } },
      'dates.no_previous_date:ok',
      null,
    ],
    ['no previous reading', { previous: null }, 'dates.no_previous:ok', null],
    ['unreadable read date', { readAt: '11/11/2026' }, 'dates.unreadable:warning', null],
  ] as const)('%s', (_name, input, code, days) => {
    const outcome = check(input);
    expect(codes(outcome).dates).toBe(code);
    expect(outcome.days).toBe(days);
  });

  it('counts calendar days whatever the time of day and zone', () => {
    expect(check({ readAt: '2026-10-13T00:30:00+02:00' }).days).toBe(1);
    expect(check({ readAt: '2026-10-12T23:59:59' }).days).toBe(0);
  });

  it('blocks every consumption rule when the previous reading is dated after this one', () => {
    const outcome = check({ readAt: '2026-10-01' });
    expect(outcome.level).toBe('error');
    expect(textOf(outcome, 'dates')).toBe(
      'The previous reading is dated 12 Oct 2026, after this reading (1 Oct 2026).',
    );
    expect(textOf(outcome, 'high_low')).toBe(
      'Not checked: the previous reading is dated after this one.',
    );
    expect(outcome.consumption).toBeNull();
  });
});
