// The read-time signals a meter's history and its account's status give (issue 33): a zero on an
// active account is flagged with the number of zero periods in a row, whatever the average says;
// use on a vacant account is flagged, a zero there passes; and the leak step test flags a reading
// when it and the periods just before it all lie above the level the meter had a year ago, by
// more than their natural spread allows. Each answers as the rule it stands in for (zero,
// high_low), with a code and its numbers.
import type { HistoryFacts } from './history-facts';
import type { Facts } from './plausibility-facts';
import type { RuleResult } from './plausibility-types';
import { zeroRule } from './plausibility-usage';

/** The step must be at least this large (ln 1.25: 25 % above last year's level). */
const LEAK_MIN_LOG = Math.log(1.25);
/** ... and this many standard errors of the mean of the periods it spans. */
export const LEAK_Z = 3;
const MIN_LEAK_PERIODS = 2;

/** The zero rule, knowing the account's status and the meter's zero periods before this one. */
export function historyZeroRule(facts: Facts, consumption: number): RuleResult {
  const { input, config } = facts;
  const status = input.accountStatus ?? null;
  const history = input.meterHistory ?? null;
  const make = (level: RuleResult['level'], code: string, params: RuleResult['params']) => ({
    rule: 'zero' as const,
    level,
    code: `zero.${code}`,
    params,
  });
  const since = input.statusSince ?? '';
  if (status === 'vacant') {
    return consumption > 0
      ? make(config.levels.zero, 'vacant_use', { consumption, unit: config.unit, since })
      : make('ok', 'vacant', { since });
  }
  if (consumption !== 0 || facts.days === 0 || (status === null && history === null))
    return zeroRule(facts, consumption);
  const count = (history?.zeroPeriods ?? 0) + 1;
  return make(config.levels.zero, 'streak', {
    count,
    since: history?.zeroSince ?? input.previous?.readAt ?? '',
    days: facts.days ?? '',
  });
}

export interface LeakStep {
  periods: number;
  /** Mean excess over last year's level, in percent. */
  percent: number;
}

/** The leak step test over the current period and those before it; null when it does not fire. */
export function leakStep(
  history: HistoryFacts,
  consumption: number,
  days: number,
): LeakStep | null {
  const leak = history.leak;
  if (leak === null || days <= 0 || consumption <= 0) return null;
  const ratios = [...leak.earlier, Math.log(consumption / days / leak.yearAgoPerDay)];
  let found: LeakStep | null = null;
  for (let n = MIN_LEAK_PERIODS; n <= ratios.length; n++) {
    const last = ratios.slice(-n);
    if (last.some((r) => !(r > 0))) break;
    const mean = last.reduce((a, b) => a + b, 0) / n;
    if (mean >= LEAK_MIN_LOG && mean >= (LEAK_Z * leak.sigma) / Math.sqrt(n))
      found = { periods: n, percent: Math.round((Math.exp(mean) - 1) * 100) };
  }
  return found;
}

/** High/low, or the leak step when high/low passed a reading the step test flags. */
export function withLeakStep(facts: Facts, consumption: number, highLow: RuleResult): RuleResult {
  const history = facts.input.meterHistory ?? null;
  if (highLow.level !== 'ok' || history === null || facts.days === null) return highLow;
  if (facts.input.accountStatus === 'vacant') return highLow;
  const step = leakStep(history, consumption, facts.days);
  if (step === null) return highLow;
  return {
    rule: 'high_low',
    level: facts.config.levels.high,
    code: 'high_low.leak_step',
    params: {
      periods: step.periods,
      percent: step.percent,
      consumption,
      days: facts.days,
      unit: facts.config.unit,
    },
  };
}
