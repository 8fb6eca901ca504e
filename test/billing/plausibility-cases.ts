// Shared by the plausibility tests: a default reading and a compact way to run one case.
import {
  FIXED_BANDS_CONFIG,
  type PlausibilityConfig,
} from '../../common/billing/plausibility-config';
import { checkReading } from '../../common/billing/plausibility';
import { ruleEnglish } from '../../common/billing/plausibility-english';
import type {
  PlausibilityInput,
  PlausibilityOutcome,
  RuleName,
} from '../../common/billing/plausibility-types';

/** 5-digit register without decimals, last read 30 days before, 0.9 m³ a day. */
export const BASE: PlausibilityInput = {
  reading: '00127',
  readAt: '2026-11-11T09:30:00+01:00',
  registerDigits: 5,
  registerDecimals: 0,
  previous: { reading: '00100', readAt: '2026-10-12' },
  avgDailyUse: 0.9,
};

/**
 * One case against the published fixed bands (the meter's own band and the misread signature
 * have their tests in plausibility-misread.test.ts).
 */
export function check(
  input: Partial<PlausibilityInput>,
  config: Partial<PlausibilityConfig> = {},
): PlausibilityOutcome {
  return checkReading({ ...BASE, ...input }, { ...FIXED_BANDS_CONFIG, ...config });
}

export function codes(outcome: PlausibilityOutcome): Partial<Record<RuleName, string>> {
  return Object.fromEntries(outcome.results.map((r) => [r.rule, `${r.code}:${r.level}`]));
}

export function textOf(outcome: PlausibilityOutcome, rule: RuleName): string {
  const result = outcome.results.find((r) => r.rule === rule);
  return result === undefined ? '' : ruleEnglish(result);
}

/** A reading `consumption` units above 00000, padded to `digits`. */
export function after(consumption: number, digits = 5): Partial<PlausibilityInput> {
  return {
    reading: String(consumption).padStart(digits, '0'),
    previous: { reading: '0'.repeat(digits), readAt: '2026-10-12' },
    registerDigits: digits,
  };
}
