// The rules about the reading itself and its dates, before any consumption is computed.
import type { Facts } from './plausibility-facts';
import type { RuleResult } from './plausibility-types';

/** Readings beyond this many digits cannot come from a water meter. */
const MAX_READING_DIGITS = 16;

export function formatRule(facts: Facts): RuleResult {
  const { reading, config } = facts;
  const { registerDigits: digits, registerDecimals: decimals } = facts.input;
  const text = facts.input.reading.trim();
  const result = (
    level: RuleResult['level'],
    code: string,
    params: RuleResult['params'],
  ): RuleResult => ({
    rule: 'format',
    level,
    code: `format.${code}`,
    params: { reading: text, ...params },
  });
  if (reading === null) return result('error', 'not_a_number', {});
  if (reading.wholeDigits + reading.decimals > MAX_READING_DIGITS) {
    return result('error', 'too_long', { max: MAX_READING_DIGITS });
  }
  if (digits !== null && reading.wholeDigits > digits) {
    return result('error', 'too_many_digits', { whole: reading.wholeDigits, digits });
  }
  if (decimals !== null && reading.decimals > decimals) {
    return result('error', 'too_many_decimals', {
      decimals: reading.decimals,
      registerDecimals: decimals,
    });
  }
  if (digits !== null && reading.wholeDigits < digits) {
    return result(config.levels.tooFewDigits, 'too_few_digits', {
      whole: reading.wholeDigits,
      digits,
    });
  }
  if (digits === null && decimals === null) {
    return result('ok', 'no_register', {});
  }
  return result('ok', 'fits', { digits: digits ?? '', decimals: decimals ?? '' });
}

export function datesRule(facts: Facts): RuleResult {
  const { readAt, previousAt, days, input } = facts;
  const result = (
    level: RuleResult['level'],
    code: string,
    params: RuleResult['params'],
  ): RuleResult => ({
    rule: 'dates',
    level,
    code: `dates.${code}`,
    params: { readAt: input.readAt, ...params },
  });
  if (readAt === null) return result('warning', 'unreadable', {});
  if (input.previous === null) return result('ok', 'no_previous', {});
  if (previousAt === null || days === null) {
    return result('ok', 'no_previous_date', {});
  }
  const params = { previousReadAt: input.previous.readAt ?? '', days };
  if (days < 0) {
    return result('error', 'previous_after_read', params);
  }
  if (days === 0) return result('ok', 'same_day', params);
  return result('ok', 'interval', params);
}
