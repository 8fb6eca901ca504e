// Negative consumption and rollover. A reading below the previous one is never taken silently:
// within the tolerance (a digit caught turning) it is no consumption; beyond it, it is a rollover
// past all nines only when the consumption that implies passes the high and daily checks (at
// most one wrap: 10^n − previous + current); otherwise it is an error for a person to look at.
import { exchangeConsumption } from './decision-rules';
import { rescale, toNumber } from './exact-decimal';
import { dailyLimit, highLow, perDay, type Facts } from './plausibility-facts';
import { allNines } from './plausibility-text';
import type { RuleResult } from './plausibility-types';

export interface ConsumptionStep {
  negative: RuleResult;
  rollover: RuleResult;
  consumption: number | null;
  rolledOver: boolean;
  /** Why consumption is unknown, for the rules after this one ("the meter was exchanged"). */
  missing: string | null;
}

type Make = (level: RuleResult['level'], code: string, params: RuleResult['params']) => RuleResult;

const maker =
  (rule: 'negative' | 'rollover'): Make =>
  (level, code, params) => ({ rule, level, code: `${rule}.${code}`, params });

const negative = maker('negative');
const rollover = maker('rollover');

export function consumptionStep(facts: Facts, blocked: string | null): ConsumptionStep {
  const { input, reading, previous } = facts;
  const unknown = (why: string, neg: RuleResult, roll?: RuleResult): ConsumptionStep => ({
    negative: neg,
    rollover: roll ?? rollover('ok', 'not_checked', { why }),
    consumption: null,
    rolledOver: false,
    missing: why,
  });
  if (blocked !== null) return unknown(blocked, negative('ok', 'not_checked', { why: blocked }));
  if (input.previous === null) {
    const why = 'there is no previous reading';
    return unknown(why, negative('ok', 'no_previous', {}));
  }
  if (input.meterExchanged === true) {
    const why = 'the meter was exchanged';
    return unknown(why, negative('ok', 'meter_exchange', { previous: input.previous.reading }));
  }
  if (reading === null)
    return unknown(
      'the reading is not a number',
      negative('ok', 'not_checked', { why: 'the reading is not a number' }),
    );
  if (input.exchange !== undefined) {
    const { oldFinal, newStart } = input.exchange;
    const why = 'the meter was exchanged';
    const over = exchangeConsumption(input.previous.reading, oldFinal, newStart, reading.text);
    const neg = negative('ok', 'meter_exchange', { previous: input.previous.reading });
    if (over === null) return unknown(why, neg);
    const roll = rollover('ok', 'not_checked', { why });
    return { negative: neg, rollover: roll, consumption: over, rolledOver: false, missing: null };
  }
  if (previous === null) {
    const why = 'the previous reading is not a number';
    return unknown(
      why,
      negative('warning', 'previous_invalid', { previous: input.previous.reading }),
    );
  }
  const scale = Math.max(reading.scale, previous.scale);
  const diff = rescale(reading, scale) - rescale(previous, scale);
  const params = { reading: reading.text, previous: previous.text, unit: facts.config.unit };
  const done = (
    consumption: number,
    neg: RuleResult,
    roll: RuleResult,
    rolledOver = false,
  ): ConsumptionStep => ({
    negative: neg,
    rollover: roll,
    consumption,
    rolledOver,
    missing: null,
  });
  const noWrap = rollover('ok', 'not_needed', params);
  if (diff >= 0n) {
    const c = toNumber(diff, scale);
    return done(
      c,
      negative('ok', 'none', {
        ...params,
        consumption: c,
        previousReadAt: input.previous.readAt ?? '',
      }),
      noWrap,
    );
  }
  const lastDigits = input.registerDecimals ?? scale;
  const tolerance =
    BigInt(facts.config.negativeToleranceDigits) * 10n ** BigInt(Math.max(scale - lastDigits, 0));
  const below = toNumber(-diff, scale);
  if (-diff <= tolerance && lastDigits <= scale) {
    const tol = toNumber(tolerance, scale);
    return done(
      0,
      negative('ok', 'within_tolerance', { ...params, below, tolerance: tol }),
      rollover('ok', 'not_needed', { ...params, tolerance: tol }),
    );
  }
  const wrap = wrapped(facts, scale, diff);
  const error = negative('error', 'consumption', {
    ...params,
    below,
    previousReadAt: input.previous.readAt ?? '',
  });
  if (wrap.accepted) {
    const nines = wrap.nines;
    return done(
      wrap.consumption,
      negative('ok', 'rollover', { ...params, nines }),
      rollover('ok', 'accepted', { ...params, nines, consumption: wrap.consumption }),
      true,
    );
  }
  return {
    negative: error,
    rollover: wrap.result,
    consumption: null,
    rolledOver: false,
    missing: 'the consumption is negative',
  };
}

type Wrap =
  { accepted: true; consumption: number; nines: string } | { accepted: false; result: RuleResult };

function wrapped(facts: Facts, scale: number, diff: bigint): Wrap {
  const digits = facts.input.registerDigits;
  const { reading, previous } = facts;
  if (digits === null) {
    return {
      accepted: false,
      result: rollover('ok', 'no_register', {}),
    };
  }
  if (!reading || !previous || previous.wholeDigits > digits || reading.wholeDigits > digits) {
    return {
      accepted: false,
      result: rollover('ok', 'impossible', { digits }),
    };
  }
  const nines = allNines(digits, facts.input.registerDecimals ?? 0);
  const consumption = toNumber(10n ** BigInt(digits + scale) + diff, scale);
  const params = { nines, consumption, unit: facts.config.unit };
  const { expected, days } = facts;
  if (expected === null || expected === 0 || days === null) {
    return {
      accepted: false,
      result: rollover('ok', 'unverified', params),
    };
  }
  const verdict = highLow(facts, consumption, expected);
  if (verdict.verdict === 'high') {
    return {
      accepted: false,
      result: rollover('ok', 'rejected', { ...params, upper: verdict.upper }),
    };
  }
  const limit = dailyLimit(facts);
  if (limit !== null && perDay(consumption, days) > limit.limit) {
    return {
      accepted: false,
      result: rollover('ok', 'rejected', { ...params, limit: limit.limit }),
    };
  }
  return { accepted: true, consumption, nines };
}
