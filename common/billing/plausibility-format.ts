// The rules about the reading itself and its dates, before any consumption is computed.
import { humanDate } from './calendar';
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
    sentence: string,
  ): RuleResult => ({
    rule: 'format',
    level,
    code: `format.${code}`,
    params: { reading: text, ...params },
    text: sentence,
  });
  if (reading === null)
    return result('error', 'not_a_number', {}, `The reading "${text}" is not a number.`);
  if (reading.wholeDigits + reading.decimals > MAX_READING_DIGITS) {
    return result(
      'error',
      'too_long',
      { max: MAX_READING_DIGITS },
      `The reading ${text} has more than ${MAX_READING_DIGITS} digits.`,
    );
  }
  if (digits !== null && reading.wholeDigits > digits) {
    return result(
      'error',
      'too_many_digits',
      { whole: reading.wholeDigits, digits },
      `The reading ${text} has ${reading.wholeDigits} whole digits; the register shows ${digits}.`,
    );
  }
  if (decimals !== null && reading.decimals > decimals) {
    const shows = decimals === 0 ? 'no decimals' : `${decimals}`;
    return result(
      'error',
      'too_many_decimals',
      { decimals: reading.decimals, registerDecimals: decimals },
      `The reading ${text} has ${reading.decimals} decimals; the register shows ${shows}.`,
    );
  }
  if (digits !== null && reading.wholeDigits < digits) {
    const padded = text.padStart(text.length + digits - reading.wholeDigits, '0');
    return result(
      config.levels.tooFewDigits,
      'too_few_digits',
      { whole: reading.wholeDigits, digits },
      `The reading ${text} has ${reading.wholeDigits} whole digits; the register shows ${digits} (leading zeros left out? ${padded}).`,
    );
  }
  if (digits === null && decimals === null) {
    return result(
      'ok',
      'no_register',
      {},
      'The register set-up is unknown; the number of digits was not checked.',
    );
  }
  return result(
    'ok',
    'fits',
    { digits: digits ?? '', decimals: decimals ?? '' },
    `The reading ${text} fits the register.`,
  );
}

export function datesRule(facts: Facts): RuleResult {
  const { readAt, previousAt, days, input } = facts;
  const result = (
    level: RuleResult['level'],
    code: string,
    params: RuleResult['params'],
    text: string,
  ): RuleResult => ({
    rule: 'dates',
    level,
    code: `dates.${code}`,
    params: { readAt: input.readAt, ...params },
    text,
  });
  if (readAt === null)
    return result(
      'warning',
      'unreadable',
      {},
      `The read date "${input.readAt}" cannot be read; consumption per day is not checked.`,
    );
  if (input.previous === null)
    return result('ok', 'no_previous', {}, 'There is no previous reading to compare with.');
  if (previousAt === null || days === null) {
    return result(
      'ok',
      'no_previous_date',
      {},
      'The previous reading has no date; consumption per day is not checked.',
    );
  }
  const params = { previousReadAt: input.previous.readAt ?? '', days };
  if (days < 0) {
    return result(
      'error',
      'previous_after_read',
      params,
      `The previous reading is dated ${humanDate(previousAt)}, after this reading (${humanDate(readAt)}).`,
    );
  }
  if (days === 0)
    return result(
      'ok',
      'same_day',
      params,
      `Read on the same day as the previous reading (${humanDate(readAt)}).`,
    );
  return result(
    'ok',
    'interval',
    params,
    `${days} ${days === 1 ? 'day' : 'days'} since the previous reading on ${humanDate(previousAt)}.`,
  );
}
