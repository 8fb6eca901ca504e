import { describe, expect, it } from 'vitest';
import {
  parseReadingText,
  parseSheetDate,
  parseSheetNumber,
} from '../../common/billing/sheet-values';
import { valueFaultEnglish } from '../../common/billing/row-problem-english';

describe('parseSheetNumber', () => {
  it.each([
    ['0,9', 0.9],
    ['0.9', 0.9],
    ['12', 12],
    ['-3,5', -3.5],
    // One separator is always the decimal mark, even before three digits.
    ['1.234', 1.234],
    ['1,234', 1.234],
    // Grouping only where it cannot be a decimal mark.
    ['1.234.567', 1234567],
    ['1,234,567', 1234567],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1 234', 1234],
    ["1'234,25", 1234.25],
    ['1\u00a0234,5', 1234.5],
    ['  7  ', 7],
  ])('reads %j as %d', (text, value) => {
    expect(parseSheetNumber(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['1,2,3', 'is not a number'],
    ['1.23.4', 'is not a number'],
    ['1.234.5', 'is not a number'],
    ['12 m³', 'is not a number'],
    ['.5', 'is not a number'],
    ['1.2E+05', 'scientific notation'],
    ['=1+1', 'is not a number'],
    ['', 'is not a number'],
  ])('refuses %j (%s)', (text, reason) => {
    const result = parseSheetNumber(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(valueFaultEnglish(result)).toContain(reason);
  });
});

describe('parseReadingText', () => {
  it('keeps the text with its leading zeros beside the value', () => {
    expect(parseReadingText(' 00123,40 ')).toEqual({
      ok: true,
      value: { text: '00123,40', value: 123.4, wholeDigits: 5, decimals: 2 },
    });
    expect(parseReadingText('0007')).toEqual({
      ok: true,
      value: { text: '0007', value: 7, wholeDigits: 4, decimals: 0 },
    });
  });

  it.each(['-12', '1.234.5', '12a', '1 234', '1.5E+3', ''])('refuses %j', (text) => {
    expect(parseReadingText(text).ok).toBe(false);
  });
});

describe('parseSheetDate', () => {
  it.each([
    ['2026-10-12', 'day_first', '2026-10-12'],
    ['2026-10-12T08:30:00Z', 'day_first', '2026-10-12'],
    ['2026-10-12 08:30', 'day_first', '2026-10-12'],
    ['12.10.2026', 'day_first', '2026-10-12'],
    ['12.10.2026', 'month_first', '2026-10-12'],
    ['1.2.2026 00:00', 'day_first', '2026-02-01'],
    ['12/10/2026', 'day_first', '2026-10-12'],
    ['12/10/2026', 'month_first', '2026-12-10'],
    ['10/13/2026 9:05 AM', 'month_first', '2026-10-13'],
    ['29-02-2028', 'day_first', '2028-02-29'],
  ] as const)('reads %j (%s) as %s', (text, order, iso) => {
    expect(parseSheetDate(text, order)).toEqual({ ok: true, value: iso });
  });

  it('names the contradiction when the declared order gives month 13', () => {
    const result = parseSheetDate('10/13/2026', 'day_first');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(valueFaultEnglish(result)).toContain('month 13 does not exist');
      expect(valueFaultEnglish(result)).toContain('"month first"');
    }
  });

  it.each([
    ['2026-02-30', 'no day 30 in month 2'],
    ['31/02/2026', 'is not a date'],
    ['12.10.26', 'four digits'],
    ['46307', 'Excel date serial'],
    ['yesterday', 'is not a date'],
    ['2026-1-1x', 'is not a date'],
  ])('refuses %j (%s)', (text, reason) => {
    const result = parseSheetDate(text, 'day_first');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(valueFaultEnglish(result)).toContain(reason);
  });
});
