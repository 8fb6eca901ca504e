// The read-time signals a meter's history and its account's status give (issue 33): a zero on an
// active account is flagged with the number of zero periods in a row, whatever the average says;
// use on a vacant account is flagged, a zero there passes; and the leak step test flags a reading
// when it and the periods just before it all lie above the meter's deseasonalised level of the
// year before them, by more than their natural spread allows. Each answers as the rule it stands in for (zero,
// high_low), with a code and its numbers.
import type { HistoryFacts } from './history-facts';
import { median, robustSigma } from './history-model';
import type { Facts } from './plausibility-facts';
import type { RuleResult } from './plausibility-types';
import { zeroRule } from './plausibility-usage';

/** The step must be at least this large (ln 1.25: 25 % above last year's level). */
const LEAK_MIN_LOG = Math.log(1.25);
/** ... and this many standard errors of the mean of the periods it spans. */
export const LEAK_Z = 3;
const MIN_LEAK_PERIODS = 2;
const MAX_LEAK_PERIODS = 10;
/** The level before a step is the mean of up to this many periods, at least MIN_BASE_PERIODS. */
const BASE_PERIODS = 12;
const MIN_BASE_PERIODS = 6;
/** How many periods' weight the class's spread carries against the meter's own. */
const PRIOR_PERIODS = 8;

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
  /** Periods the step spans, the current one included. */
  periods: number;
  /** Mean use over them against the level before, in percent above. */
  percent: number;
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * The leak step test: for each split of the last periods (the current one and up to nine before
 * it) against the twelve before the split, are all the periods after it above the level before
 * it, and their mean above it by more than LEAK_Z standard errors? The longest such step wins.
 */
export function leakStep(
  history: HistoryFacts,
  consumption: number,
  days: number,
): LeakStep | null {
  const leak = history.leak;
  if (leak === null || days <= 0 || consumption <= 0) return null;
  const levels = [...leak.levels, Math.log(consumption / days / leak.season)];
  let found: LeakStep | null = null;
  for (let n = MIN_LEAK_PERIODS; n <= MAX_LEAK_PERIODS && n < levels.length; n++) {
    const after = levels.slice(-n);
    const base = levels.slice(-n - BASE_PERIODS, -n).filter((l): l is number => l !== null);
    if (after.some((l) => l === null) || base.length < MIN_BASE_PERIODS) break;
    // The median: a holiday in the year before must not lower the level a step is measured from.
    const level = median(base);
    const step = after as number[];
    const own = robustSigma(base);
    // The meter's own spread over the year before, pulled towards its class's.
    const sigma = Math.sqrt(
      (PRIOR_PERIODS * leak.sigma ** 2 + base.length * own ** 2) / (PRIOR_PERIODS + base.length),
    );
    // Every period of a step lies above the level before it, and all but one in four (a holiday
    // inside a long step) by a spread at least: a slow drift upwards is no step.
    const near = step.filter((l) => l <= level + sigma).length;
    if (step.some((l) => l <= level) || near > Math.floor((n - 1) / 4)) continue;
    const diff = mean(step) - level;
    const error = sigma * Math.sqrt(1 / n + 1 / base.length);
    // ... and above the three periods just before it too: a rise that began earlier is a drift.
    const rise = mean(step) - median(base.slice(-3));
    if (diff >= LEAK_MIN_LOG && diff >= LEAK_Z * error && rise >= LEAK_MIN_LOG)
      found = { periods: n, percent: Math.round((Math.exp(diff) - 1) * 100) };
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
