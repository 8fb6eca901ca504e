// A problem in a route sheet, placed the way the clerk finds it in Excel: row 1 is the header row,
// columns have letters and the header's text.

/** What went wrong; the words are chosen at the edges (row-problem-english.ts, the window's). */
export type RowProblemCode =
  | 'empty_file'
  | 'no_rows'
  | 'file_too_large'
  | 'not_a_file'
  | 'unreadable'
  | 'not_csv'
  | 'binary_file'
  | 'invalid_utf8'
  | 'invalid_text'
  | 'malformed_csv'
  | 'unclosed_quote'
  | 'too_many_rows'
  | 'too_many_columns'
  | 'header_only'
  | 'no_meters'
  | 'required_column_unmapped'
  | 'mapped_column_missing'
  | 'ambiguous_header'
  | 'cell_too_large'
  | 'extra_cells'
  | 'short_row'
  | 'missing_meter_id'
  | 'invalid_meter_id'
  | 'duplicate_meter_id'
  | 'invalid_value'
  | 'previous_reading_too_long'
  | 'previous_reading_decimals'
  | 'blank_rows';

export type ProblemParams = Readonly<Record<string, string | number>>;

export interface RowProblem {
  /** 1-based spreadsheet row (header = 1); null for the whole file. */
  row: number | null;
  /** Column letter ("C"), null when the problem is not one cell's. */
  column: string | null;
  /** The column's header text, when there is one. */
  header: string | null;
  code: RowProblemCode;
  /** The numbers and texts the words need (a field's name, a cell's text, a limit). */
  params: ProblemParams;
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

/** Collects problems up to `cap` and counts the rest. */
export class ProblemList {
  readonly items: RowProblem[] = [];
  private dropped = 0;

  constructor(private readonly cap: number) {}

  add(problem: RowProblem): void {
    if (this.items.length >= this.cap) {
      this.dropped += 1;
      return;
    }
    this.items.push(problem);
  }

  get more(): number {
    return this.dropped;
  }

  get size(): number {
    return this.items.length + this.dropped;
  }
}
