// What importing a meter history file did, as the window shows it (issue 33, item 1): counts and
// the lines not taken, each a code with its parameters (common/billing/history-import-problems.ts)
// that the window words in its language. At most MAX_HISTORY_PROBLEMS are sent; the count is all.
import type { HistoryProblem } from '../billing/history-import-problems';

export const MAX_HISTORY_PROBLEMS = 50;

export interface HistoryImportView {
  /** Data lines read (blank lines not counted). */
  readonly lines: number;
  readonly added: number;
  /** Already there with the same reading. */
  readonly unchanged: number;
  /** Meters the file names. */
  readonly meters: number;
  /** Of them, meters on a route sheet loaded here (their readings were checked again). */
  readonly metersOnSheet: number;
  readonly problems: readonly HistoryProblem[];
  readonly problemCount: number;
}
