// Text → rows of cells. The delimiter is sniffed from the first lines (",", ";", TAB or "|"; the
// one that splits the header into most columns and the following lines into the same count);
// quoting, embedded line breaks and doubled quotes are csv-parse's (RFC 4180). Every record is
// one spreadsheet row, blank ones included, so row numbers match what Excel shows.
import { CsvError, parse } from 'csv-parse/sync';
import { MAX_SHEET_ROWS } from '../../common/billing/route-sheet-limits';

export const SHEET_DELIMITERS = [',', ';', '\t', '|'] as const;
export type SheetDelimiter = (typeof SHEET_DELIMITERS)[number];

const SNIFF_LINES = 50;
const SNIFF_CHARS = 256 * 1024;

/** The delimiter that splits the first lines most consistently; "," for a one-column sheet. */
export function sniffDelimiter(text: string): SheetDelimiter {
  const lines = firstLines(text);
  let best: { delimiter: SheetDelimiter; consistent: number; columns: number } = {
    delimiter: ',',
    consistent: 0,
    columns: 1,
  };
  for (const delimiter of SHEET_DELIMITERS) {
    const counts = lines.map((line) => countFields(line, delimiter));
    const columns = counts[0] ?? 1;
    if (columns < 2) continue;
    const consistent = counts.filter((c) => c === columns).length;
    if (
      consistent > best.consistent ||
      (consistent === best.consistent && columns > best.columns)
    ) {
      best = { delimiter, consistent, columns };
    }
  }
  return best.delimiter;
}

/** Up to SNIFF_LINES records' text, line breaks inside quotes kept inside their record. */
function firstLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  let quoted = false;
  const end = Math.min(text.length, SNIFF_CHARS);
  for (let i = 0; i < end && lines.length < SNIFF_LINES; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\n' && !quoted) {
      const line = text.slice(start, i).replace(/\r$/, '');
      if (line.trim() !== '') lines.push(line);
      start = i + 1;
    }
  }
  if (lines.length < SNIFF_LINES && start < end) {
    const rest = text.slice(start, end);
    if (rest.trim() !== '') lines.push(rest);
  }
  return lines;
}

function countFields(line: string, delimiter: string): number {
  let count = 1;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) count++;
  }
  return count;
}

export type RecordsResult =
  | { ok: true; records: string[][]; tooManyRows: boolean }
  | { ok: false; row: number; unclosedQuote: boolean; detail: string };

/**
 * All records, or where the text stops being CSV. Reading stops after MAX_SHEET_ROWS + 1 data rows
 * (`tooManyRows`), so a hostile file of millions of tiny lines costs no more than the limit.
 */
export function parseRecords(
  text: string,
  delimiter: SheetDelimiter,
  maxRecords = MAX_SHEET_ROWS + 2,
): RecordsResult {
  try {
    const records = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
      to: Math.min(maxRecords, MAX_SHEET_ROWS + 2),
    });
    return { ok: true, records, tooManyRows: records.length > MAX_SHEET_ROWS + 1 };
  } catch (error) {
    if (error instanceof CsvError) {
      const row = typeof error.records === 'number' ? error.records + 1 : 1;
      return {
        ok: false,
        row,
        unclosedQuote: error.code === 'CSV_QUOTE_NOT_CLOSED',
        detail: error.message,
      };
    }
    throw error;
  }
}
