// What the plausibility rules read and what they answer. A leaf of the rules' modules: the inputs'
// table (plausibility-inputs.ts) and every outcome import from here.
import type { HistoryFacts } from './history-facts';
import type { AccountStatus, ExpectationBasis } from './history-types';
import type { PlausibilityLevel } from './plausibility-config';

export const RULES = [
  'format',
  'dates',
  'negative',
  'rollover',
  'high_low',
  'zero',
  'daily_jump',
  'misread',
] as const;
export type RuleName = (typeof RULES)[number];

export const CHECK_INPUTS = [
  'previous_reading',
  'previous_date',
  'avg_daily_use',
  'register',
] as const;
/** An input of the rules the sheet (or an earlier reading) did not give. */
export type CheckInput = (typeof CHECK_INPUTS)[number];

/** The stored outcome of a reading: the rules' worst level, or not checked when some could not run. */
export type CheckLevel = PlausibilityLevel | 'not_checked';

export interface RuleResult {
  rule: RuleName;
  level: PlausibilityLevel;
  /** Stable, e.g. "high_low.high"; with `params` each edge words it (plausibility-english.ts, the window's catalogue). */
  code: string;
  params: Record<string, string | number>;
}

/** The reading the baseline is compared with: a confirmed earlier reading or the sheet's. */
export interface Baseline {
  reading: string;
  /** yyyy-mm-dd or an ISO stamp; null when the billing system gave no date. */
  readAt: string | null;
}

export interface PlausibilityInput {
  /** The reading to bill, as text (leading zeros kept). */
  reading: string;
  /** When it was read (ISO date or stamp). */
  readAt: string;
  registerDigits: number | null;
  registerDecimals: number | null;
  previous: Baseline | null;
  avgDailyUse: number | null;
  /**
   * Confirmed readings before `previous`, oldest first (earlier periods): the bands follow the
   * meter's own variation from them.
   */
  history?: readonly Baseline[];
  /** The meter was exchanged since `previous`: the old meter's reading is no baseline. */
  meterExchanged?: boolean;
  /**
   * A person said the meter was exchanged and with which readings: the consumption runs over both
   * meters (the old one's since `previous`, the new one's since its start) and is checked as any.
   */
  exchange?: { readonly oldFinal: string; readonly newStart: string };
  /** The account's status from the route sheet (issue 33); absent or null: not known. */
  accountStatus?: AccountStatus | null;
  /** yyyy-mm-dd since when the status holds, when the sheet says. */
  statusSince?: string | null;
  /**
   * What the meter's imported history says (history-facts.ts): its expectation replaces the
   * sheet's average, and its zero periods and last year's level feed the zero and leak signals.
   */
  meterHistory?: HistoryFacts | null;
}

export interface PlausibilityOutcome {
  /** The worst level of the results. */
  level: PlausibilityLevel;
  /** `level`, or not_checked when it is ok but some rules lacked an input. */
  checkLevel: CheckLevel;
  /** The inputs the check lacked (their rules said "not checked"). */
  unchecked: CheckInput[];
  /** False on an error or when not checked: billing must not use the reading unconfirmed. */
  useOnBill: boolean;
  /** Units since the previous reading (rollover included), null when it cannot be computed. */
  consumption: number | null;
  rolledOver: boolean;
  days: number | null;
  expected: number | null;
  /**
   * What `expected` rests on: the meter's history and its class's season ("seasonal"), its recent
   * periods alone ("recent"), or the sheet's average daily use ("sheet", today's rules).
   */
  basis: ExpectationBasis;
  /** One result per rule, in RULES order. */
  results: RuleResult[];
  /** The results that are not ok in English (plausibility-english.ts), joined. */
  reasons: string;
}
