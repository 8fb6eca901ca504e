// Billing's own checks from its own file: limits are readings (a window that wraps past zero when
// high < low), a reading is padded to the register and never rounded (one that does not fit is an
// exception), the read date against the scheduled date, and the order file's age.
import { describe, expect, it } from 'vitest';
import { codeCondition, outsideLimits } from '../../../common/billing/order-files/billing-checks';
import { builtinProfile } from '../../../common/billing/order-files/builtin-profiles';
import { buildReturn } from '../../../common/billing/order-files/build-return';
import { toByteString } from '../../../common/billing/order-files/order-lines';
import { fitReading } from '../../../common/billing/order-files/order-values';
import { parseOrderFile } from '../../../common/billing/order-files/parse-order-file';
import type { MeterResult } from '../../../common/billing/order-files/return-fill';
import { actualRead } from './actual-read';
import { neptuneFixture } from './order-fixtures';

describe('limits', () => {
  it('an unwrapped window: above high is high, below low is low, no limits is normal', () => {
    const l = { low: 100, high: 150, previous: 100 };
    expect(outsideLimits(120, l)).toBeNull();
    expect(outsideLimits(151, l)).toBe('high');
    expect(outsideLimits(99, l)).toBe('low');
    expect(outsideLimits(5, { low: null, high: null, previous: 100 })).toBeNull();
    expect(outsideLimits(500, { low: null, high: 150, previous: 100 })).toBe('high');
  });

  it('a wrapped window (high < low) expects a rollover: outside, at or above previous is low', () => {
    const l = { low: 99_990, high: 20, previous: 99_980 };
    expect(outsideLimits(99_995, l)).toBeNull();
    expect(outsideLimits(5, l)).toBeNull();
    expect(outsideLimits(99_985, l)).toBe('low');
    expect(outsideLimits(500, l)).toBe('high');
  });

  it('the code rule: verified when a person confirmed it outside; zero and negative where mapped', () => {
    const l = { low: 100, high: 150, previous: 100 };
    const plain = { personConfirmed: false, hasZero: false, hasNegative: false };
    expect(codeCondition(200, l, plain)).toBe('high');
    expect(codeCondition(200, l, { ...plain, personConfirmed: true })).toBe('verified');
    expect(codeCondition(120, l, { ...plain, personConfirmed: true })).toBe('normal');
    expect(codeCondition(100, l, { ...plain, hasZero: true })).toBe('zero');
    expect(codeCondition(90, l, plain)).toBe('low');
    expect(codeCondition(90, l, { ...plain, hasNegative: true })).toBe('negative');
  });
});

describe('digits and decimals', () => {
  it('pads to the decimals, keeps the digits as read, and never rounds', () => {
    expect(fitReading('1009.5', { digits: 5, decimals: 2 })).toMatchObject({
      ok: true,
      whole: '1009',
      fraction: '50',
    });
    expect(fitReading('01009.50', { digits: 5, decimals: 1 })).toMatchObject({
      ok: true,
      whole: '01009',
      fraction: '5',
    });
    expect(fitReading('1009.57', { digits: 5, decimals: 1 })).toEqual({
      ok: false,
      why: 'decimals',
    });
    expect(fitReading('123456', { digits: 5, decimals: 0 })).toEqual({ ok: false, why: 'digits' });
    expect(fitReading('0012345', { digits: 5, decimals: 0 })).toMatchObject({ ok: true });
    expect(fitReading('12a', { digits: null, decimals: null })).toEqual({
      ok: false,
      why: 'not_a_number',
    });
  });
});

describe('dates', () => {
  const fixture = neptuneFixture();
  const profile = builtinProfile('neptune-imp');
  const parsed = profile ? parseOrderFile(profile, toByteString(fixture.bytes)) : null;
  if (!parsed?.ok) throw new Error('fixture');
  const late = fixture.meters[0]?.meter;
  const result = (meter: string): MeterResult | null => {
    const m = fixture.meters.find((x) => x.meter === meter);
    if (!m?.reading) return null;
    // Scheduled 2026-10-19 (RTEHD): 9 days after it is beyond the 7-day window.
    return actualRead(m.reading, meter === late ? '2026-10-28' : '2026-10-20');
  };

  it('a read date beyond 7 days of the scheduled one is told; the others are not', () => {
    const built = buildReturn({
      file: parsed.file,
      resultOf: result,
      photosWithoutOrder: [{ photo: 'IMG_0001.jpg', meter: null }],
      today: '2026-10-30',
      fileTime: null,
    });
    if (!built.ok) throw new Error('refused');
    const dated = built.exceptions.filter((e) => e.reason === 'read_date');
    expect(dated.map((e) => [e.key, e.params.days])).toEqual([[`${late ?? ''}/01`, 9]]);
    expect(built.exceptions.some((e) => e.reason === 'file_age')).toBe(false);
    expect(built.exceptions).toContainEqual(
      expect.objectContaining({ reason: 'no_order', params: { photo: 'IMG_0001.jpg', meter: '' } }),
    );
  });

  it('an order file created over 35 days ago (COMHD 2026-10-05) is told once', () => {
    const built = buildReturn({
      file: parsed.file,
      resultOf: result,
      photosWithoutOrder: [],
      today: '2026-11-20',
      fileTime: '2026-11-19',
    });
    if (!built.ok) throw new Error('refused');
    expect(built.exceptions.filter((e) => e.reason === 'file_age')).toEqual([
      {
        reason: 'file_age',
        key: '',
        line: 0,
        params: { fileDate: '2026-10-05', days: 46, limit: 35 },
      },
    ]);
  });
});
