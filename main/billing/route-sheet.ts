// Route sheets from the billing system: bytes (or a path) in, every meter or every problem out.
// Two steps for the window: inspectRouteSheet shows encoding, delimiter, headers, sample rows and
// the mapping the headers suggest; parseRouteSheet loads with the mapping the clerk confirmed.
// Nothing is ever loaded half-way: any problem makes the whole result { ok: false }.
import { readFile, stat } from 'node:fs/promises';
import { suggestMapping, type ColumnMapping } from '../../common/billing/column-mapping';
import type { EncodingGuess } from '../../common/billing/encoding-guess';
import type { MeterField, MeterRecord } from '../../common/billing/meter-record';
import {
  MAX_REPORTED_PROBLEMS,
  MAX_SHEET_BYTES,
  MAX_SHEET_COLUMNS,
  MAX_SHEET_ROWS,
  SAMPLE_ROWS,
} from '../../common/billing/route-sheet-limits';
import {
  columnLetter,
  ProblemList,
  type ProblemParams,
  type RowProblem,
  type RowProblemCode,
} from '../../common/billing/row-problem';
import { clip, type DateOrder } from '../../common/billing/sheet-values';
import { resolveColumns } from './route-sheet-columns';
import { recordsToMeters } from './route-sheet-rows';
import { keepOtherColumns } from './sheet-other-columns';
import { decodeSheet, type SheetEncoding } from './sheet-encoding';
import { parseRecords, sniffDelimiter, type SheetDelimiter } from './sheet-records';

/** A sheet's bytes, or the path of its file. */
export type SheetSource = Uint8Array | string;

export interface SheetReadOptions {
  /** Overrides detection (the window offers it when a guess was wrong). */
  encoding?: SheetEncoding;
  delimiter?: SheetDelimiter;
}

export interface SheetFormat {
  encoding: SheetEncoding;
  delimiter: SheetDelimiter;
  /** Set when the encoding was a guess the clerk should check, with an example cell. */
  encodingGuess: EncodingGuess | null;
}

export interface RouteSheetInspection extends SheetFormat {
  headers: string[];
  /** The first data rows as text, padded or cut to the header's width. */
  sampleRows: string[][];
  suggestedMapping: ColumnMapping;
  unmappedRequired: MeterField[];
  /** From the sample's slashed dates: "13/10/2026" proves day first; null when it cannot tell. */
  dateOrderHint: DateOrder | null;
}

export type InspectResult =
  | ({ ok: true } & RouteSheetInspection)
  | { ok: false; problems: RowProblem[]; moreProblems: number };

export type ParseResult =
  | ({
      ok: true;
      meters: MeterRecord[];
      warnings: RowProblem[];
      moreWarnings: number;
      /** The columns no field takes, whose cells the meters carry (MeterRecord.sheetCells). */
      otherHeaders: string[];
    } & SheetFormat)
  | { ok: false; problems: RowProblem[]; moreProblems: number };

export async function inspectRouteSheet(
  source: SheetSource,
  options: SheetReadOptions = {},
): Promise<InspectResult> {
  const bytes = await loadBytes(source);
  return 'problem' in bytes ? failure([bytes.problem]) : inspectRouteSheetBytes(bytes, options);
}

export async function parseRouteSheet(
  source: SheetSource,
  mapping: ColumnMapping,
  options: SheetReadOptions = {},
): Promise<ParseResult> {
  const bytes = await loadBytes(source);
  return 'problem' in bytes
    ? failure([bytes.problem])
    : parseRouteSheetBytes(bytes, mapping, options);
}

export function inspectRouteSheetBytes(
  bytes: Uint8Array,
  options: SheetReadOptions = {},
): InspectResult {
  const read = readTable(bytes, options, SAMPLE_ROWS + 1);
  if (!read.ok) return read;
  const { headers, records, format } = read;
  const suggested = suggestMapping(headers);
  const sampleRows = records
    .slice(1, SAMPLE_ROWS + 1)
    .map((r) => headers.map((_, i) => r[i] ?? ''));
  const dateColumn = headers.indexOf(suggested.mapping.fields.previousReadAt ?? '\u0000');
  return {
    ok: true,
    ...format,
    headers,
    sampleRows,
    suggestedMapping: suggested.mapping,
    unmappedRequired: suggested.unmappedRequired,
    dateOrderHint:
      dateColumn < 0 ? null : dateOrderHint(sampleRows.map((r) => r[dateColumn] ?? '')),
  };
}

export function parseRouteSheetBytes(
  bytes: Uint8Array,
  mapping: ColumnMapping,
  options: SheetReadOptions = {},
): ParseResult {
  const read = readTable(bytes, options);
  if (!read.ok) return read;
  const { headers, records, format } = read;
  const problems = new ProblemList(MAX_REPORTED_PROBLEMS);
  const warnings = new ProblemList(MAX_REPORTED_PROBLEMS);
  const columns = resolveColumns(headers, mapping, problems);
  if (problems.size > 0) return failure(problems.items, problems.more);
  const dataRows = records.slice(1);
  const { meters, blankRows } = recordsToMeters(
    dataRows,
    headers,
    columns,
    mapping.dateOrder ?? 'day_first',
    problems,
    warnings,
  );
  if (problems.size > 0) return failure(problems.items, problems.more);
  if (meters.length === 0) return failure([fileProblem('no_meters')]);
  if (blankRows > 0) {
    warnings.add({
      row: null,
      column: null,
      header: null,
      code: 'blank_rows',
      params: { count: blankRows },
    });
  }
  const other = keepOtherColumns(headers, columns, dataRows, meters);
  return {
    ok: true,
    meters,
    warnings: warnings.items,
    moreWarnings: warnings.more,
    otherHeaders: other.headers,
    ...format,
  };
}

type TableRead =
  | { ok: true; headers: string[]; records: string[][]; format: SheetFormat }
  | { ok: false; problems: RowProblem[]; moreProblems: number };

/** Decoded, split and size-checked; `maxRecords` stops early for a sample. */
function readTable(bytes: Uint8Array, options: SheetReadOptions, maxRecords?: number): TableRead {
  const decoded = decodeSheet(bytes, options.encoding);
  if (!decoded.ok) return failure([fileProblem(decoded.code, decoded.params)]);
  const { text, encoding, guessed } = decoded.sheet;
  const delimiter = options.delimiter ?? sniffDelimiter(text);
  const parsed = parseRecords(text, delimiter, maxRecords);
  if (!parsed.ok) {
    return failure([
      {
        row: parsed.row,
        column: null,
        header: null,
        code: parsed.unclosedQuote ? 'unclosed_quote' : 'malformed_csv',
        params: parsed.unclosedQuote ? {} : { detail: parsed.detail },
      },
    ]);
  }
  const records = dropTrailingBlank(parsed.records);
  const headerRow = records[0];
  if (headerRow === undefined) return failure([fileProblem('no_rows')]);
  if (parsed.tooManyRows) return failure([fileProblem('too_many_rows', { max: MAX_SHEET_ROWS })]);
  if (headerRow.length > MAX_SHEET_COLUMNS) {
    return failure([
      fileProblem('too_many_columns', { columns: headerRow.length, max: MAX_SHEET_COLUMNS }),
    ]);
  }
  if (records.length === 1 && maxRecords === undefined) {
    return failure([fileProblem('header_only')]);
  }
  const headers = headerRow.map((h) => h.trim());
  const format: SheetFormat = {
    encoding,
    delimiter,
    encodingGuess: guessed
      ? { encoding: 'windows-1252', example: firstAccented(records, headers) }
      : null,
  };
  return { ok: true, headers, records, format };
}

function dropTrailingBlank(records: string[][]): string[][] {
  let end = records.length;
  while (end > 0 && (records[end - 1] ?? []).every((c) => c.trim() === '')) end--;
  return end === records.length ? records : records.slice(0, end);
}

/** Points the clerk at the first cell whose accents depended on the guessed encoding. */
function firstAccented(
  records: readonly string[][],
  headers: readonly string[],
): EncodingGuess['example'] {
  for (let r = 0; r < records.length; r++) {
    const row = records[r] ?? [];
    for (let c = 0; c < row.length; c++) {
      const value = row[c] ?? '';
      if (/[^\x20-\x7e]/.test(value)) {
        return {
          row: r + 1,
          column: columnLetter(c),
          header: headers[c] ?? '',
          text: clip(value.trim()),
        };
      }
    }
  }
  return null;
}

function dateOrderHint(cells: readonly string[]): DateOrder | null {
  for (const cell of cells) {
    const m = /^(\d{1,2})[/-](\d{1,2})[/-]\d{4}/.exec(cell.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) return 'day_first';
    if (Number(m[2]) > 12) return 'month_first';
  }
  return null;
}

async function loadBytes(source: SheetSource): Promise<Uint8Array | { problem: RowProblem }> {
  if (typeof source !== 'string') return source;
  try {
    const info = await stat(source);
    if (!info.isFile()) return { problem: fileProblem('not_a_file', { path: source }) };
    if (info.size > MAX_SHEET_BYTES) {
      return {
        problem: fileProblem('file_too_large', {
          mb: (info.size / 2 ** 20).toFixed(1),
          max: MAX_SHEET_BYTES / 2 ** 20,
        }),
      };
    }
    return await readFile(source);
  } catch (error) {
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    const reason =
      code === 'ENOENT' ? 'missing' : code === 'EACCES' || code === 'EPERM' ? 'denied' : 'other';
    const detail = error instanceof Error ? error.message : String(error);
    return { problem: fileProblem('unreadable', { path: source, reason, detail }) };
  }
}

function fileProblem(code: RowProblemCode, params: ProblemParams = {}): RowProblem {
  return { row: null, column: null, header: null, code, params };
}

function failure(
  problems: RowProblem[],
  moreProblems = 0,
): { ok: false; problems: RowProblem[]; moreProblems: number } {
  return { ok: false, problems, moreProblems };
}
