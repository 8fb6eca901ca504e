// The rules on how much was consumed: high/low against the expected consumption, zero
// consumption, and the cap on the daily jump that catches a misread leading digit.
import { dailyLimit, highLow, perDay, type Facts } from './plausibility-facts';
import type { RuleName, RuleResult } from './plausibility-types';

function make(rule: RuleName) {
  return (level: RuleResult['level'], code: string, params: RuleResult['params']): RuleResult => ({
    rule,
    level,
    code: `${rule}.${code}`,
    params,
  });
}

/** A result for a rule that cannot run: level ok, with the reason in words. */
export function notChecked(rule: RuleName, why: string): RuleResult {
  return make(rule)('ok', 'not_checked', { why });
}

export function highLowRule(facts: Facts, consumption: number): RuleResult {
  const result = make('high_low');
  const { days, expected, config } = facts;
  const avg = facts.input.avgDailyUse;
  const unit = config.unit;
  if (avg === null) return result('ok', 'no_average', {});
  if (days === null) return result('ok', 'no_date', {});
  if (days === 0 || expected === null) return result('ok', 'same_day', {});
  if (expected === 0) return result('ok', 'no_expectation', {});
  if (consumption === 0) {
    return result('ok', 'zero', {});
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
    unit,
    // What the expectation rests on, when a meter's history gave it (history-expectation.ts).
    ...(facts.input.meterHistory?.expectation
      ? { basis: facts.input.meterHistory.expectation.basis }
      : {}),
  };
  if (v.verdict === 'high') {
    return result(config.levels.high, 'high', params);
  }
  if (v.verdict === 'low') {
    return result(config.levels.low, 'low', params);
  }
  return result('ok', 'within', params);
}

export function zeroRule(facts: Facts, consumption: number): RuleResult {
  const result = make('zero');
  const { days, config, input } = facts;
  if (consumption !== 0) return result('ok', 'none', { consumption });
  if (days === 0) return result('ok', 'same_day', {});
  if (input.avgDailyUse === 0) return result('ok', 'expected', {});
  return result(config.levels.zero, 'consumption', {
    days: days ?? '',
    since: input.previous?.readAt ?? '',
  });
}

export function dailyJumpRule(facts: Facts, consumption: number): RuleResult {
  const result = make('daily_jump');
  const { days, config, input } = facts;
  const unit = config.unit;
  if (days === null) return result('ok', 'no_date', {});
  const limit = dailyLimit(facts);
  if (limit === null) return result('ok', 'no_limit', {});
  const rate = perDay(consumption, days);
  const params = { consumption, days, perDay: rate, limit: limit.limit, unit };
  if (rate <= limit.limit) {
    return result('ok', 'within', params);
  }
  const sinceDay = input.previous?.readAt ?? '';
  const avg = input.avgDailyUse;
  if (limit.kind === 'factor' && avg !== null) {
    const max = config.dailyJump.maxFactor ?? 0;
    return result(config.levels.dailyJump, 'exceeded', {
      ...params,
      factor: rate / avg,
      maxFactor: max,
      avgDailyUse: avg,
      since: sinceDay,
    });
  }
  return result(config.levels.dailyJump, 'exceeded', { ...params, since: sinceDay });
}
