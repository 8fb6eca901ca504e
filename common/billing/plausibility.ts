// Is a reading fit for the bill? Every rule answers (ok, warning or error, with a sentence and a
// code); missing inputs make a rule say so at level ok, never throw. The outcome is the worst
// level, and an error keeps the reading off the bill until a person confirms it; so does a
// missing input (no previous date, average or register): a check that could not run is no pass.
import {
  DEFAULT_PLAUSIBILITY_CONFIG,
  type PlausibilityConfig,
  type PlausibilityLevel,
} from './plausibility-config';
import { consumptionStep } from './plausibility-consumption';
import { ruleEnglish } from './plausibility-english';
import { gatherFacts } from './plausibility-facts';
import { datesRule, formatRule } from './plausibility-format';
import type { PlausibilityInput, PlausibilityOutcome, RuleResult } from './plausibility-types';
import { missingInputs, worstCheckLevel } from './plausibility-inputs';
import { misreadRule } from './plausibility-misread';
import { historyZeroRule, withLeakStep } from './plausibility-history';
import { dailyJumpRule, highLowRule, notChecked } from './plausibility-usage';

const round = (value: number, digits: number): number =>
  Math.round(value * 10 ** digits) / 10 ** digits;

const RANK: Readonly<Record<PlausibilityLevel, number>> = { ok: 0, warning: 1, error: 2 };

export function worstLevel(levels: Iterable<PlausibilityLevel>): PlausibilityLevel {
  let worst: PlausibilityLevel = 'ok';
  for (const level of levels) if (RANK[level] > RANK[worst]) worst = level;
  return worst;
}

export function checkReading(
  given: PlausibilityInput,
  config: PlausibilityConfig = DEFAULT_PLAUSIBILITY_CONFIG,
): PlausibilityOutcome {
  const expectation = given.meterHistory?.expectation ?? null;
  // The history's expected daily use stands in for the sheet's average in every rule.
  const input =
    expectation === null ? given : { ...given, avgDailyUse: round(expectation.perDay, 4) };
  const facts = gatherFacts(input, config);
  const format = formatRule(facts);
  const dates = datesRule(facts);
  const blocked =
    format.level === 'error' && facts.reading === null
      ? 'the reading is not a number'
      : dates.code === 'dates.previous_after_read'
        ? 'the previous reading is dated after this one'
        : null;
  const step = consumptionStep(facts, blocked);
  const usage: RuleResult[] =
    step.consumption === null
      ? (['high_low', 'zero', 'daily_jump', 'misread'] as const).map((rule) =>
          notChecked(rule, step.missing ?? 'no consumption'),
        )
      : [
          withLeakStep(facts, step.consumption, highLowRule(facts, step.consumption)),
          historyZeroRule(facts, step.consumption),
          dailyJumpRule(facts, step.consumption),
          // One digit of which meter? Over two meters the misread signature means nothing.
          input.exchange !== undefined
            ? notChecked('misread', 'the meter was exchanged')
            : input.accountStatus === 'vacant'
              ? notChecked('misread', 'the account is vacant')
              : // No use at all: the zero rule speaks for it (a stopped meter, not a digit).
                step.consumption === 0 && input.meterHistory != null
                ? notChecked('misread', 'there is no consumption')
                : misreadRule(facts, step.consumption),
        ];
  const results = [format, dates, step.negative, step.rollover, ...usage];
  const level = worstLevel(results.map((r) => r.level));
  const unchecked = missingInputs(input);
  const checkLevel = worstCheckLevel([level, unchecked.length > 0 ? 'not_checked' : 'ok']);
  return {
    level,
    checkLevel,
    unchecked,
    useOnBill: checkLevel === 'ok' || checkLevel === 'warning',
    consumption: step.consumption,
    rolledOver: step.rolledOver,
    days: facts.days,
    expected: facts.expected,
    basis: expectation?.basis ?? 'sheet',
    results,
    reasons: results
      .filter((r) => r.level !== 'ok')
      .map(ruleEnglish)
      .join(' '),
  };
}
