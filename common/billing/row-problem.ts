// A problem in a route sheet, placed the way the clerk finds it in Excel: row 1 is the header row,
// columns have letters and the header's text.

export interface RowProblem {
  /** 1-based spreadsheet row (header = 1); null for the whole file. */
  row: number | null;
  /** Column letter ("C"), null when the problem is not one cell's. */
  column: string | null;
  /** The column's header text, when there is one. */
  header: string | null;
  /** Stable identifier for translation and tests, e.g. "duplicate_meter_id". */
  code: string;
  /** A full sentence in English, place included. */
  message: string;
}

/** "A".."Z", "AA".. as spreadsheets label columns; `index` is 0-based. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** "Row 5, column C (previous_reading): " or "" for a file-level problem. */
export function placeOf(row: number | null, column: string | null, header: string | null): string {
  if (row === null) return '';
  if (column === null) return `Row ${row}: `;
  const named = header !== null && header !== '' ? ` (${header})` : '';
  return `Row ${row}, column ${column}${named}: `;
}

/** Collects problems up to `cap` and counts the rest. */
export class ProblemList {
  readonly items: RowProblem[] = [];
  private dropped = 0;

  constructor(private readonly cap: number) {}

  add(problem: Omit<RowProblem, 'message'> & { text: string }): void {
    if (this.items.length >= this.cap) {
      this.dropped += 1;
      return;
    }
    const { text, ...rest } = problem;
    this.items.push({ ...rest, message: placeOf(rest.row, rest.column, rest.header) + text });
  }

  get more(): number {
    return this.dropped;
  }

  get size(): number {
    return this.items.length + this.dropped;
  }
}

/** The problems as lines for a message box or the CLI, ending with "…and N more problems." */
export function describeProblems(problems: readonly RowProblem[], more: number): string[] {
  const lines = problems.map((p) => p.message);
  if (more > 0) lines.push(`…and ${more.toLocaleString('en-US')} more problems.`);
  return lines;
}
