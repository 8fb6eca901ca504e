// What the plausibility rules need from the route sheet, and which rules go quiet without it. A
// rule that cannot run passes nothing: a reading whose checks could not all run is "not checked"
// (its own outcome, never billed without a person), and the mapping step names the checks an
// unmapped column switches off from the same table.
import type { MeterField } from './meter-record';
import {
  CHECK_INPUTS,
  type CheckInput,
  type CheckLevel,
  type PlausibilityInput,
  type RuleName,
} from './plausibility-types';

/** The rules each missing input switches off. */
export const CHECKS_OFF: Readonly<Record<CheckInput, readonly RuleName[]>> = {
  previous_reading: ['negative', 'rollover', 'high_low', 'zero', 'daily_jump', 'misread'],
  previous_date: ['high_low', 'daily_jump', 'rollover', 'misread'],
  avg_daily_use: ['high_low', 'daily_jump', 'rollover', 'misread'],
  register: ['format', 'rollover'],
};

/** The route-sheet column that gives each input. */
export const INPUT_FIELD: Readonly<Record<CheckInput, MeterField>> = {
  previous_reading: 'previousReading',
  previous_date: 'previousReadAt',
  avg_daily_use: 'avgDailyUse',
  register: 'registerDigits',
};

/** The checks an unmapped column switches off (none for a column the rules do not read). */
export function checksOffWithout(field: MeterField): readonly RuleName[] {
  const input = CHECK_INPUTS.find((i) => INPUT_FIELD[i] === field);
  return input === undefined ? [] : CHECKS_OFF[input];
}

/** The inputs this reading's check lacks; the order of CHECK_INPUTS. */
export function missingInputs(input: PlausibilityInput): CheckInput[] {
  const missing: CheckInput[] = [];
  // An exchange is a person's statement about this period: not a missing input.
  if (input.meterExchanged === true) return [];
  if (input.previous === null) missing.push('previous_reading');
  else if (input.previous.readAt === null || input.previous.readAt.trim() === '')
    missing.push('previous_date');
  if (input.avgDailyUse === null) missing.push('avg_daily_use');
  if (input.registerDigits === null) missing.push('register');
  return missing;
}

const RANK: Readonly<Record<CheckLevel, number>> = { ok: 0, not_checked: 1, warning: 2, error: 3 };

/** A flag a person must look at outranks "not checked"; "not checked" outranks a pass. */
export function worstCheckLevel(levels: Iterable<CheckLevel>): CheckLevel {
  let worst: CheckLevel = 'ok';
  for (const level of levels) if (RANK[level] > RANK[worst]) worst = level;
  return worst;
}
