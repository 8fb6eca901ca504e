// The rules on how much was consumed: high/low against the expected consumption, zero
// consumption, and the cap on the daily jump that catches a misread leading digit.
import { humanDateOf } from './calendar';
import { dailyLimit, highLow, perDay, type Facts } from './plausibility-facts';
import { amount, percent, since, times } from './plausibility-text';
import type { RuleName, RuleResult } from './plausibility-types';

function make(rule: RuleName) {
  return (
    level: RuleResult['level'],
    code: string,
    params: RuleResult['params'],
    text: string,
  ): RuleResult => ({
    rule,
    level,
    code: `${rule}.${code}`,
    params,
    text,
  });
}

/** A result for a rule that cannot run: level ok, with the reason in words. */
export function notChecked(rule: RuleName, why: string): RuleResult {
  return make(rule)('ok', 'not_checked', { why }, `Not checked: ${why}.`);
}

export function highLowRule(facts: Facts, consumption: number): RuleResult {
  const result = make('high_low');
  const { days, expected, config } = facts;
  const avg = facts.input.avgDailyUse;
  const unit = config.unit;
  if (avg === null)
    return result(
      'ok',
      'no_average',
      {},
      'No average daily use is known; high/low is not checked.',
    );
  if (days === null)
    return result(
      'ok',
      'no_date',
      {},
      'Without a previous read date the expected consumption is unknown; high/low is not checked.',
    );
  if (days === 0 || expected === null)
    return result(
      'ok',
      'same_day',
      {},
      'Read on the same day as the previous reading; high/low is not checked.',
    );
  if (expected === 0)
    return result(
      'ok',
      'no_expectation',
      {},
      'The average daily use is 0; high/low is not checked.',
    );
  if (consumption === 0) {
    return result('ok', 'zero', {}, 'No consumption; the zero check covers it.');
  }
  const v = highLow(facts, consumption, expected);
  const params = {
    consumption,
    expected,
    days,
    avgDailyUse: avg,
    highPercent: v.band.highPercent,
    lowPercent: v.band.lowPercent,
    upper: v.upper,
    lower: v.lower,
    deviation: v.deviation,
  };
  const what = `${amount(consumption)} ${unit} in ${days} ${days === 1 ? 'day' : 'days'}`;
  const basis = `${amount(avg)} ${unit}/day × ${days}`;
  if (v.verdict === 'high') {
    return result(
      config.levels.high,
      'high',
      params,
      `${what} is ${percent(v.deviation)} above the expected ${amount(expected)} ${unit} (${basis}; limit +${v.band.highPercent}%).`,
    );
  }
  if (v.verdict === 'low') {
    return result(
      config.levels.low,
      'low',
      params,
      `${what} is ${percent(-v.deviation)} below the expected ${amount(expected)} ${unit} (${basis}; limit −${v.band.lowPercent}%).`,
    );
  }
  return result(
    'ok',
    'within',
    params,
    `${what} is within the expected ${amount(expected)} ${unit} (−${v.band.lowPercent}% to +${v.band.highPercent}%).`,
  );
}

export function zeroRule(facts: Facts, consumption: number): RuleResult {
  const result = make('zero');
  const { days, config, input } = facts;
  if (consumption !== 0) return result('ok', 'none', { consumption }, 'There is consumption.');
  if (days === 0)
    return result('ok', 'same_day', {}, 'No consumption on the day of the previous reading.');
  if (input.avgDailyUse === 0)
    return result(
      'ok',
      'expected',
      {},
      'No consumption, as expected with an average daily use of 0.',
    );
  const span =
    days === null
      ? ' since the previous reading'
      : ` in ${days} ${days === 1 ? 'day' : 'days'}${since(input.previous?.readAt ?? null)}`;
  return result(
    config.levels.zero,
    'consumption',
    { days: days ?? '', since: input.previous?.readAt ?? '' },
    `No consumption${span}: is the premises empty, or the meter stuck?`,
  );
}

export function dailyJumpRule(facts: Facts, consumption: number): RuleResult {
  const result = make('daily_jump');
  const { days, config, input } = facts;
  const unit = config.unit;
  if (days === null)
    return result(
      'ok',
      'no_date',
      {},
      'Without a previous read date the daily jump is not checked.',
    );
  const limit = dailyLimit(facts);
  if (limit === null)
    return result(
      'ok',
      'no_limit',
      {},
      'No average daily use and no fixed daily limit; the daily jump is not checked.',
    );
  const rate = perDay(consumption, days);
  const params = { consumption, days, perDay: rate, limit: limit.limit };
  if (rate <= limit.limit) {
    return result(
      'ok',
      'within',
      params,
      `${amount(rate)} ${unit}/day is within the daily limit of ${amount(limit.limit)} ${unit}/day.`,
    );
  }
  const sinceDay = input.previous?.readAt ?? '';
  const from = sinceDay ? ` since ${humanDateOf(sinceDay)}` : '';
  const avg = input.avgDailyUse;
  if (limit.kind === 'factor' && avg !== null) {
    const max = config.dailyJump.maxFactor ?? 0;
    return result(
      config.levels.dailyJump,
      'exceeded',
      { ...params, factor: rate / avg, maxFactor: max, avgDailyUse: avg, since: sinceDay },
      `${amount(consumption)} ${unit}${from} is ${times(rate / avg)} the usual ${amount(avg)} ${unit}/day (limit ${times(max)}): a misread digit?`,
    );
  }
  return result(
    config.levels.dailyJump,
    'exceeded',
    { ...params, since: sinceDay },
    `${amount(consumption)} ${unit}${from} is ${amount(rate)} ${unit}/day, above the limit of ${amount(limit.limit)} ${unit}/day: a misread digit?`,
  );
}
