// Why a line of a history file was not taken: a code and its parameters (the CLI words them in
// English from this table, as the route sheet's problems are worded). A file-level problem has no
// line. Every line that is not taken is named, so nothing is lost without a word.

export const HISTORY_PROBLEM_CODES = [
  'unreadable_file',
  'no_rows',
  'missing_column',
  'no_meter',
  'bad_date',
  'bad_reading',
  'bad_type',
  'conflict',
] as const;
export type HistoryProblemCode = (typeof HISTORY_PROBLEM_CODES)[number];

export interface HistoryProblem {
  /** The file's line (1 = the header), null for the file as a whole. */
  line: number | null;
  code: HistoryProblemCode;
  params: Readonly<Record<string, string | number>>;
}

type Params = HistoryProblem['params'];
const s = (p: Params, key: string): string => String(p[key] ?? '');

const ENGLISH: Readonly<Record<HistoryProblemCode, (p: Params) => string>> = {
  unreadable_file: (p) => `The file cannot be read: ${s(p, 'detail')}.`,
  no_rows: () => 'The file has a header but no readings.',
  missing_column: (p) =>
    `No column for ${s(p, 'column')} (the header says: ${s(p, 'headers')}); expected e.g. meter_id,read_at,reading,read_type.`,
  no_meter: () => 'The meter id is empty.',
  bad_date: (p) =>
    `The read date "${s(p, 'text')}" is not a date MeterDesk reads (${s(p, 'why').replace(/_/g, ' ')}).`,
  bad_reading: (p) => `The reading "${s(p, 'text')}" is not a meter reading.`,
  bad_type: (p) =>
    `The read type "${s(p, 'text')}" is none of actual, customer, estimated, removal, install.`,
  conflict: (p) =>
    `Meter ${s(p, 'meterId')} already has the ${s(p, 'readType')} reading ${s(p, 'stored')} on ${s(p, 'readAt')}; ${s(p, 'reading')} was not stored over it.`,
};

export function historyProblemEnglish(problem: HistoryProblem): string {
  const where = problem.line === null ? '' : `line ${String(problem.line)}: `;
  return `${where}${ENGLISH[problem.code](problem.params)}`;
}
