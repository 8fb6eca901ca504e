// What MeterDesk concluded about one photo's reading for its meter: the plausibility rules'
// outcome against the baseline, and the read-date and duplicate notes, as the queue stores it
// (jobs.plausibility_detail) and the window shows it.
import type { CodeMismatch } from '../photo-codes';
import type { ExpectationBasis } from './history-types';
import type { Baseline, CheckInput, CheckLevel, RuleResult } from './plausibility-types';
import type { ReadDateNote } from './read-date-notes';
import type { ReadDateCode } from './read-date-checks';

/** How a photo came to belong to a meter (code: the serial sticker's code on the photo). */
export const MATCH_HOWS = ['pattern', 'token', 'folder', 'code', 'manual'] as const;
export type MatchHow = (typeof MATCH_HOWS)[number];

/**
 * The consumption the rules expected for the period and the band they allowed around it (the
 * high/low rule's figures, in the meter's unit), kept whether the reading fell inside or not: the
 * window shows where it fell. Absent when the rule had nothing to compare with.
 */
export interface CheckBand {
  readonly expected: number;
  readonly lower: number;
  readonly upper: number;
  readonly days: number;
  readonly unit: string;
}

/** The band of the high/low rule's result, when it compared the reading with an expectation. */
export function bandOf(results: readonly RuleResult[]): CheckBand | null {
  const p = results.find((r) => r.rule === 'high_low')?.params;
  if (!p) return null;
  const { expected, lower, upper, days, unit } = p;
  if (
    typeof expected !== 'number' ||
    typeof lower !== 'number' ||
    typeof upper !== 'number' ||
    typeof days !== 'number'
  ) {
    return null;
  }
  return { expected, lower, upper, days, unit: typeof unit === 'string' ? unit : '' };
}

export interface ReadingCheck {
  level: CheckLevel;
  /** The inputs the rules lacked (not checked); absent in checks stored before it existed. */
  unchecked?: CheckInput[];
  useOnBill: boolean;
  /** Units since the baseline (rollover included); null when it cannot be computed. */
  consumption: number | null;
  rolledOver: boolean;
  /** The reading and date the rules compared with, or null when there was none. */
  baseline: Baseline | null;
  /** The rules' results that are not ok (an ok rule says nothing a clerk needs). */
  flagged: RuleResult[];
  /** Read-date warnings that send the reading to review: in the future, far from the route's. */
  dateFlags: { code: ReadDateCode; params: Record<string, string | number> }[];
  /**
   * The code on the photo names another meter of the route (a swapped photo): an error, never
   * billed until a person confirms it or moves the photo. Absent in checks stored before it existed.
   */
  codeFlag?: CodeMismatch | null;
  /** Said, not flagged: the date is the file's time, or has no time zone (a code the edges word). */
  dateNote: ReadDateNote | null;
  /**
   * What the expected consumption rested on when a meter's history gave it (issue 33): its
   * history and its class's season, or its recent periods. Absent: the sheet's average.
   */
  basis?: Exclude<ExpectationBasis, 'sheet'>;
  /** Where the reading fell against the expectation (absent in checks stored before it). */
  band?: CheckBand | null;
  // No sentences: the edges word `flagged`, `dateFlags` and `codeFlag` (checkReasons in
  // plausibility-english.ts, the window's rule-words.ts). Older stored checks also hold a
  // `reasons` and a `text` per result; nothing reads them, and their code + params suffice.
}
