// `meter-desk history import FILE`: a billing system's history of readings into the queue
// (migration 023). The file is read in the sheet dialects MeterDesk reads (UTF-8 or Windows-1252,
// comma, semicolon, tab or bar); every line is checked, the good ones stored in one transaction and
// every other one named with its line and reason, so nothing is lost without a word. Importing
// the same file again adds nothing; a corrected file adds what was missing.
import { readFile } from 'node:fs/promises';
import {
  historyColumnsOf,
  HISTORY_COLUMN_LABELS,
  HISTORY_COLUMNS,
  readTypeOf,
} from '../../../common/billing/history-columns';
import type { HistoryProblem } from '../../../common/billing/history-import-problems';
import {
  parseReadingText,
  parseSheetDate,
  type DateOrder,
} from '../../../common/billing/sheet-values';
import type { AddOutcome, HistoryRow } from '../../store/history-repo';
import type { Store } from '../../store/store';
import { decodeSheet } from '../sheet-encoding';
import { parseRecords, sniffDelimiter } from '../sheet-records';

export interface HistoryImportResult {
  /** Data lines read (blank lines not counted). */
  lines: number;
  added: number;
  /** Already stored with the same reading. */
  unchanged: number;
  /** The meters the file names (good lines only). */
  meterIds: string[];
  problems: HistoryProblem[];
}

export interface ParsedHistory {
  rows: { line: number; row: HistoryRow }[];
  lines: number;
  problems: HistoryProblem[];
}

/** The file's text → rows, and the problems of the lines that are no row. */
export function parseHistoryText(text: string, dateOrder: DateOrder = 'day_first'): ParsedHistory {
  const parsed = parseRecords(text, sniffDelimiter(text), Number.MAX_SAFE_INTEGER);
  if (!parsed.ok) {
    const quote = parsed.unclosedQuote ? ' (a quote is not closed)' : '';
    const detail = `line ${String(parsed.row)} is not CSV${quote}`;
    return {
      rows: [],
      lines: 0,
      problems: [{ line: null, code: 'unreadable_file', params: { detail } }],
    };
  }
  const [header = [], ...records] = parsed.records;
  const columns = historyColumnsOf(header);
  const problems: HistoryProblem[] = [];
  // A file without a read type column holds actual readings only.
  for (const column of HISTORY_COLUMNS.filter((c) => c !== 'readType')) {
    if (columns[column] === undefined)
      problems.push({
        line: null,
        code: 'missing_column',
        params: { column: HISTORY_COLUMN_LABELS[column], headers: header.join(', ') },
      });
  }
  if (problems.length > 0) return { rows: [], lines: 0, problems };
  const rows: ParsedHistory['rows'] = [];
  let lines = 0;
  records.forEach((record, i) => {
    const line = i + 2;
    if (record.every((c) => c.trim() === '')) return;
    lines++;
    const cell = (c: keyof typeof columns): string => {
      const at = columns[c];
      return at === undefined ? '' : (record[at]?.trim() ?? '');
    };
    const meterId = cell('meterId');
    const date = parseSheetDate(cell('readAt'), dateOrder);
    const reading = parseReadingText(cell('reading'));
    const readType = readTypeOf(cell('readType'));
    if (meterId === '') problems.push({ line, code: 'no_meter', params: {} });
    if (!date.ok)
      problems.push({ line, code: 'bad_date', params: { text: cell('readAt'), why: date.fault } });
    if (!reading.ok)
      problems.push({ line, code: 'bad_reading', params: { text: cell('reading') } });
    if (readType === null)
      problems.push({ line, code: 'bad_type', params: { text: cell('readType') } });
    if (meterId === '' || !date.ok || !reading.ok || readType === null) return;
    rows.push({
      line,
      row: { meterId, readAt: date.value, reading: reading.value.text, readType },
    });
  });
  if (lines === 0) problems.push({ line: null, code: 'no_rows', params: {} });
  return { rows, lines, problems };
}

/** Stores the rows of a parsed file; conflicts with stored readings join the problems. */
export function storeHistory(store: Store, parsed: ParsedHistory): HistoryImportResult {
  return historyResult(
    parsed,
    store.history.add(
      parsed.rows.map((r) => r.row),
      'import',
    ),
  );
}

/** What became of a parsed file's rows, by where they were stored (the queue, the office). */
export function historyResult(
  parsed: ParsedHistory,
  outcomes: readonly AddOutcome[],
): HistoryImportResult {
  const problems = [...parsed.problems];
  let added = 0;
  let unchanged = 0;
  outcomes.forEach((o, i) => {
    const r = parsed.rows[i];
    if (o.kind === 'added') added++;
    else if (o.kind === 'same') unchanged++;
    else if (r !== undefined)
      problems.push({ line: r.line, code: 'conflict', params: { ...r.row, stored: o.stored } });
  });
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const meterIds = [...new Set(parsed.rows.map((r) => r.row.meterId))];
  return { lines: parsed.lines, added, unchanged, meterIds, problems };
}

/** The file's rows and the problems of its lines, in the sheet dialects MeterDesk reads. */
export async function readHistoryFile(
  file: string,
  dateOrder: DateOrder = 'day_first',
): Promise<ParsedHistory> {
  const decoded = decodeSheet(await readFile(file));
  if (!decoded.ok) {
    const detail = `${decoded.code} ${JSON.stringify(decoded.params)}`;
    return {
      rows: [],
      lines: 0,
      problems: [{ line: null, code: 'unreadable_file', params: { detail } }],
    };
  }
  return parseHistoryText(decoded.sheet.text, dateOrder);
}

export async function importHistoryFile(
  store: Store,
  file: string,
  dateOrder: DateOrder = 'day_first',
): Promise<HistoryImportResult> {
  return storeHistory(store, await readHistoryFile(file, dateOrder));
}
