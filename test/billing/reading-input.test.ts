// The one rule for a typed reading (common/billing/reading-input.ts) and the IPC schema that
// carries one: either decimal mark, no thousands separators, the register the sheet sets up.
import { describe, expect, it } from 'vitest';
import {
  parseReadingInput,
  readingInputText,
  WIDEST_REGISTER,
} from '../../common/billing/reading-input';
import { typedReading } from '../../common/ipc/billing-schemas';

const problemOf = (...args: Parameters<typeof parseReadingInput>): string => {
  const input = parseReadingInput(...args);
  return input.ok ? `ok ${input.reading}` : input.problem.code;
};

describe('a typed reading', () => {
  it('takes either decimal mark and keeps the leading zeros, with a dot', () => {
    expect(parseReadingInput('123,4')).toEqual({ ok: true, reading: '123.4' });
    expect(parseReadingInput(' 00123.4 ')).toEqual({ ok: true, reading: '00123.4' });
    expect(parseReadingInput('42')).toEqual({ ok: true, reading: '42' });
  });

  it('refuses thousands separators and what is not a reading', () => {
    expect(problemOf('1.234,5')).toBe('grouping');
    expect(problemOf('1,234.5')).toBe('grouping');
    expect(problemOf('1.234.567')).toBe('grouping');
    expect(problemOf('')).toBe('empty');
    expect(problemOf('12a')).toBe('notDigits');
    expect(problemOf('-5')).toBe('notDigits');
    expect(problemOf('5,')).toBe('notDigits');
    expect(problemOf('1 234')).toBe('notDigits');
  });

  it("holds the reading to the sheet's register, else to the review's 7 digits and 3 decimals", () => {
    expect(problemOf('12345678')).toBe('tooManyDigits');
    expect(problemOf('1.2345')).toBe('tooManyDecimals');
    const nine = { registerDigits: 9, registerDecimals: 0 };
    expect(problemOf('123456789', nine)).toBe('ok 123456789');
    expect(problemOf('1,5', nine)).toBe('tooManyDecimals');
    expect(problemOf('123456789012,1234', WIDEST_REGISTER)).toBe('ok 123456789012.1234');
    // Only the part the sheet sets up differs from the default.
    expect(problemOf('1.2345', { registerDigits: 5, registerDecimals: null })).toBe(
      'tooManyDecimals',
    );
  });

  it('is what the IPC schema lets through, with the same words', () => {
    expect(typedReading.parse('123,4')).toBe('123.4');
    const refused = typedReading.safeParse('1.234,5');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(readingInputText({ code: 'grouping' }));
  });
});
