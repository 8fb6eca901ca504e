import { describe, expect, it } from 'vitest';
import { check, codes, textOf } from './plausibility-cases';

describe('negative consumption and its tolerance', () => {
  it.each([
    ['2 below on a register without decimals', '00124', '00122', 0, 'negative.within_tolerance:ok'],
    ['3 below', '00124', '00121', null, 'negative.consumption:error'],
    ['0.002 below with 3 decimals', '00100.500', '00100.498', 0, 'negative.within_tolerance:ok'],
    ['0.003 below with 3 decimals', '00100.500', '00100.497', null, 'negative.consumption:error'],
    // 0.1 is a hundred units of the register's last digit, whatever the reader wrote.
    ['0.1 below written with 1 decimal', '00100.5', '00100.4', null, 'negative.consumption:error'],
    ['equal', '00124', '00124', 0, 'negative.none:ok'],
  ])('%s', (_name, previous, reading, consumption, code) => {
    const decimals = previous.includes('.') ? 3 : 0;
    const outcome = check({
      reading,
      previous: { reading: previous, readAt: '2026-10-12' },
      registerDecimals: decimals,
    });
    expect(codes(outcome).negative).toBe(code);
    expect(outcome.consumption).toBe(consumption);
  });

  it('computes consumption exactly with decimals', () => {
    const outcome = check({
      reading: '00123.456',
      previous: { reading: '00100.5', readAt: '2026-10-12' },
      registerDecimals: 3,
    });
    expect(outcome.consumption).toBe(22.956);
  });

  it('calls a huge negative a misread or a meter exchange, and takes the exchange when told', () => {
    const input = { reading: '00012', previous: { reading: '48512', readAt: '2026-10-12' } };
    const flagged = check(input);
    expect(flagged.level).toBe('error');
    expect(flagged.useOnBill).toBe(false);
    expect(textOf(flagged, 'negative')).toBe(
      'The reading 00012 is 48,500 m³ below the previous reading 48512 of 12 Oct 2026: negative consumption. A misread, or was the meter exchanged?',
    );
    expect(codes(flagged).rollover).toBe('rollover.rejected:ok');
    const exchanged = check({ ...input, meterExchanged: true });
    expect(exchanged).toMatchObject({ level: 'ok', useOnBill: true, consumption: null });
    expect(codes(exchanged)).toMatchObject({
      negative: 'negative.meter_exchange:ok',
      high_low: 'high_low.not_checked:ok',
    });
  });

  it('says when there is nothing to compare with', () => {
    const outcome = check({ previous: null });
    expect(outcome).toMatchObject({ level: 'ok', consumption: null });
    expect(codes(outcome)).toEqual({
      format: 'format.fits:ok',
      dates: 'dates.no_previous:ok',
      negative: 'negative.no_previous:ok',
      rollover: 'rollover.not_checked:ok',
      high_low: 'high_low.not_checked:ok',
      zero: 'zero.not_checked:ok',
      daily_jump: 'daily_jump.not_checked:ok',
      misread: 'misread.not_checked:ok',
    });
    // A check that could not run is no pass (issue 22, item 1).
    expect(outcome).toMatchObject({ checkLevel: 'not_checked', useOnBill: false });
  });

  it('warns about a previous reading that is not a number', () => {
    const outcome = check({ previous: { reading: 'n/a', readAt: '2026-10-12' } });
    expect(codes(outcome).negative).toBe('negative.previous_invalid:warning');
    expect(outcome.level).toBe('warning');
  });
});

describe('rollover past all nines', () => {
  it.each([
    [
      '5 digits',
      { reading: '00003', previous: { reading: '99990', readAt: '2026-10-12' }, avgDailyUse: 0.5 },
      13,
    ],
    [
      '6 digits',
      {
        reading: '000040',
        previous: { reading: '999950', readAt: '2026-10-12' },
        registerDigits: 6,
        avgDailyUse: 3,
      },
      90,
    ],
    [
      'with decimals',
      {
        reading: '00000.700',
        previous: { reading: '99999.500', readAt: '2026-10-12' },
        registerDecimals: 3,
        avgDailyUse: 0.05,
      },
      1.2,
    ],
  ])('accepts a believable rollover with %s', (_name, input, consumption) => {
    const outcome = check(input);
    expect(outcome).toMatchObject({ consumption, rolledOver: true, useOnBill: true });
    expect(codes(outcome)).toMatchObject({
      negative: 'negative.rollover:ok',
      rollover: 'rollover.accepted:ok',
    });
  });

  it('explains an accepted rollover', () => {
    const outcome = check({
      reading: '00003',
      previous: { reading: '99990', readAt: '2026-10-12' },
      avgDailyUse: 0.5,
    });
    expect(textOf(outcome, 'rollover')).toBe(
      'The register rolled over past 99999: 13 m³ consumed, within the expected range.',
    );
  });

  it.each([
    [
      'the high check fails',
      { reading: '00012', previous: { reading: '48512', readAt: '2026-10-12' } },
      {},
      'rollover.rejected:ok',
    ],
    [
      'the daily limit fails',
      { reading: '00003', previous: { reading: '99990', readAt: '2026-10-12' }, avgDailyUse: 0.5 },
      { dailyJump: { maxFactor: null, maxUnitsPerDay: 0.4 } },
      'rollover.rejected:ok',
    ],
    [
      'no average use',
      { reading: '00003', previous: { reading: '99990', readAt: '2026-10-12' }, avgDailyUse: null },
      {},
      'rollover.unverified:ok',
    ],
    [
      'no previous date',
      { reading: '00003', previous: { reading: '99990', readAt: null } },
      {},
      'rollover.unverified:ok',
    ],
    [
      'unknown register digits',
      {
        reading: '00003',
        previous: { reading: '99990', readAt: '2026-10-12' },
        registerDigits: null,
      },
      {},
      'rollover.no_register:ok',
    ],
    [
      'a previous reading longer than the register',
      { reading: '00003', previous: { reading: '199990', readAt: '2026-10-12' } },
      {},
      'rollover.impossible:ok',
    ],
  ] as const)(
    'refuses a rollover when %s, and the negative consumption stays an error',
    (_name, input, config, code) => {
      const outcome = check(input, config);
      expect(codes(outcome)).toMatchObject({
        negative: 'negative.consumption:error',
        rollover: code,
      });
      expect(outcome).toMatchObject({ level: 'error', consumption: null, rolledOver: false });
    },
  );

  it('wraps at most once', () => {
    // 190,000 m³ expected would fit two wraps; one wrap gives 90,000, which the low check flags.
    const outcome = check({
      reading: '40000',
      previous: { reading: '50000', readAt: '2026-10-12' },
      avgDailyUse: 190_000 / 30,
    });
    expect(outcome).toMatchObject({ consumption: 90_000, rolledOver: true, level: 'warning' });
    expect(codes(outcome).high_low).toBe('high_low.low:warning');
  });
});
