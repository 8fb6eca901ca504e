// Rows of cells → meters. Every cell is checked and every problem kept (up to the cap), so one
// pass tells the clerk everything to fix; formulas and markup are plain text here and stay so.
import {
  MAX_REGISTER_DECIMALS,
  MAX_REGISTER_DIGITS,
  type MeterField,
  type MeterRecord,
} from '../../common/billing/meter-record';
import { parseAccountStatus } from '../../common/billing/account-status';
import { MAX_CELL_CHARS } from '../../common/billing/route-sheet-limits';
import {
  columnLetter,
  type ProblemList,
  type ProblemParams,
  type RowProblemCode,
} from '../../common/billing/row-problem';
import {
  clip,
  looksScientific,
  parseReadingText,
  parseSheetDate,
  parseSheetNumber,
  type DateOrder,
  type ValueResult,
} from '../../common/billing/sheet-values';
import type { ColumnIndex } from './route-sheet-columns';

export const MAX_METER_ID_CHARS = 64;
// Characters with which a spreadsheet starts a formula: such an id is an injection attempt or junk.
const FORMULA_START = /^[=+\-@]/;
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u001f\u007f]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

interface RowContext {
  record: readonly string[];
  row: number;
  headers: readonly string[];
  problems: ProblemList;
  warnings: ProblemList;
}

export interface RowsOutcome {
  meters: MeterRecord[];
  blankRows: number;
}

/** Converts data records (header excluded; `records[0]` is spreadsheet row 2). */
export function recordsToMeters(
  records: readonly (readonly string[])[],
  headers: readonly string[],
  columns: ColumnIndex,
  dateOrder: DateOrder,
  problems: ProblemList,
  warnings: ProblemList,
): RowsOutcome {
  const meters: MeterRecord[] = [];
  const seen = new Map<string, { row: number; id: string }>();
  let blankRows = 0;
  records.forEach((record, i) => {
    const ctx: RowContext = { record, row: i + 2, headers, problems, warnings };
    if (record.every((c) => c.trim() === '')) {
      blankRows++;
      return;
    }
    if (!checkShape(ctx)) return;
    const { meter, meterId } = toMeter(ctx, columns, dateOrder);
    if (meterId === null) return;
    const key = meterId.toLowerCase();
    const first = seen.get(key);
    if (first) {
      problem(ctx, columns.meterId, 'duplicate_meter_id', {
        id: clip(meterId),
        firstRow: first.row,
        firstId: first.id === meterId ? clip(meterId) : first.id,
      });
      return;
    }
    seen.set(key, { row: ctx.row, id: meterId });
    if (meter) meters.push(meter);
  });
  return { meters, blankRows };
}

/** Cell sizes and cell counts; false when the row cannot be read further. */
function checkShape(ctx: RowContext): boolean {
  let fine = true;
  for (let i = 0; i < ctx.record.length; i++) {
    const cell = ctx.record[i] ?? '';
    if (cell.length > MAX_CELL_CHARS) {
      problem(ctx, i, 'cell_too_large', { length: cell.length, max: MAX_CELL_CHARS });
      fine = false;
    }
  }
  const width = ctx.headers.length;
  if (ctx.record.length > width && ctx.record.slice(width).some((c) => c.trim() !== '')) {
    ctx.problems.add({
      row: ctx.row,
      column: null,
      header: null,
      code: 'extra_cells',
      params: { cells: ctx.record.length, width },
    });
    fine = false;
  } else if (ctx.record.length < width) {
    ctx.warnings.add({
      row: ctx.row,
      column: null,
      header: null,
      code: 'short_row',
      params: { cells: ctx.record.length, width },
    });
  }
  return fine;
}

/** The meter when the whole row is good; the id alone when it is (for the duplicate check). */
function toMeter(
  ctx: RowContext,
  columns: ColumnIndex,
  dateOrder: DateOrder,
): { meter: MeterRecord | null; meterId: string | null } {
  const before = ctx.problems.size;
  const meterId = checkMeterId(ctx, columns.meterId);
  const previous = optional(ctx, columns, 'previousReading', parseReadingText);
  const meter: MeterRecord = {
    meterId: meterId ?? '',
    account: text(ctx, columns.account),
    address: text(ctx, columns.address),
    route: text(ctx, columns.route),
    sequence: optional(ctx, columns, 'sequence', (t) => atLeast(parseSheetNumber(t), 0)),
    registerDigits: optional(ctx, columns, 'registerDigits', (t) =>
      wholeIn(t, 1, MAX_REGISTER_DIGITS),
    ),
    registerDecimals: optional(ctx, columns, 'registerDecimals', (t) =>
      wholeIn(t, 0, MAX_REGISTER_DECIMALS),
    ),
    previousReading: previous?.text ?? null,
    previousReadingValue: previous?.value ?? null,
    previousReadAt: optional(ctx, columns, 'previousReadAt', (t) => parseSheetDate(t, dateOrder)),
    avgDailyUse: optional(ctx, columns, 'avgDailyUse', (t) => atLeast(parseSheetNumber(t), 0)),
    // Only a sheet with the column carries it: the meter's other sheets stay as they were read.
    ...(columns.barcode === undefined ? {} : { barcode: text(ctx, columns.barcode) }),
    ...(columns.accountStatus === undefined
      ? {}
      : {
          accountStatus: optional(ctx, columns, 'accountStatus', (t) =>
            parseAccountStatus(t, ctx.headers[columns.accountStatus ?? -1] ?? ''),
          ),
        }),
    ...(columns.statusSince === undefined
      ? {}
      : {
          statusSince: optional(ctx, columns, 'statusSince', (t) => parseSheetDate(t, dateOrder)),
        }),
    ...(columns.meterClass === undefined ? {} : { meterClass: text(ctx, columns.meterClass) }),
  };
  if (meterId === null || ctx.problems.size > before) return { meter: null, meterId };
  if (previous) checkAgainstRegister(ctx, columns.previousReading, previous, meter);
  return { meter, meterId };
}

function checkMeterId(ctx: RowContext, col: number | undefined): string | null {
  const id = cell(ctx, col);
  if (id === '') {
    problem(ctx, col, 'missing_meter_id', {});
    return null;
  }
  const fault: ProblemParams | null =
    id.length > MAX_METER_ID_CHARS
      ? { fault: 'too_long', length: id.length, max: MAX_METER_ID_CHARS }
      : CONTROL.test(id)
        ? { fault: 'control' }
        : FORMULA_START.test(id)
          ? { fault: 'formula', id: clip(id) }
          : looksScientific(id)
            ? { fault: 'scientific', id }
            : !LETTER_OR_DIGIT.test(id)
              ? { fault: 'no_letter', id: clip(id) }
              : null;
  if (fault === null) return id;
  problem(ctx, col, 'invalid_meter_id', fault);
  return null;
}

function optional<T>(
  ctx: RowContext,
  columns: ColumnIndex,
  field: MeterField,
  parse: (text: string) => ValueResult<T>,
): T | null {
  const col = columns[field];
  const raw = cell(ctx, col);
  if (raw === '') return null;
  const parsed = parse(raw);
  if (parsed.ok) return parsed.value;
  problem(ctx, col, 'invalid_value', { field, fault: parsed.fault, ...parsed.params });
  return null;
}

function atLeast(parsed: ValueResult<number>, min: number): ValueResult<number> {
  if (!parsed.ok || parsed.value >= min) return parsed;
  return { ok: false, fault: 'below', params: { value: parsed.value, min } };
}

function wholeIn(raw: string, min: number, max: number): ValueResult<number> {
  const parsed = parseSheetNumber(raw);
  if (!parsed.ok) return parsed;
  if (!Number.isInteger(parsed.value) || parsed.value < min || parsed.value > max) {
    return { ok: false, fault: 'not_whole_in', params: { text: clip(raw), min, max } };
  }
  return parsed;
}

/** Inconsistent set-ups are the billing system's data: warned, loaded, and caught by plausibility. */
function checkAgainstRegister(
  ctx: RowContext,
  col: number | undefined,
  previous: { text: string; wholeDigits: number; decimals: number },
  meter: MeterRecord,
): void {
  const { registerDigits: digits, registerDecimals: decimals } = meter;
  if (digits !== null && previous.wholeDigits > digits) {
    warning(ctx, col, 'previous_reading_too_long', {
      reading: previous.text,
      wholeDigits: previous.wholeDigits,
      registerDigits: digits,
    });
  }
  if (decimals !== null && previous.decimals > decimals) {
    warning(ctx, col, 'previous_reading_decimals', {
      reading: previous.text,
      decimals: previous.decimals,
      registerDecimals: decimals,
    });
  }
}

function cell(ctx: RowContext, col: number | undefined): string {
  return col === undefined ? '' : (ctx.record[col] ?? '').trim();
}

function text(ctx: RowContext, col: number | undefined): string | null {
  const value = cell(ctx, col);
  return value === '' ? null : value;
}

type Note = (
  ctx: RowContext,
  col: number | undefined,
  code: RowProblemCode,
  params: ProblemParams,
) => void;

const problem: Note = (ctx, col, code, params) => {
  ctx.problems.add({ ...place(ctx, col), code, params });
};

const warning: Note = (ctx, col, code, params) => {
  ctx.warnings.add({ ...place(ctx, col), code, params });
};

function place(ctx: RowContext, col: number | undefined) {
  return {
    row: ctx.row,
    column: col === undefined ? null : columnLetter(col),
    header: col === undefined ? null : (ctx.headers[col] ?? null),
  };
}
