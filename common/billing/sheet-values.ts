// How a route sheet's cells become values. Decisions (docs/billing.md, "Numbers and dates"):
// - One separator ("0,9", "1.5") is the decimal mark, whichever it is: meters and daily averages
//   are written without grouping, so "1.234" is one point two three four, never 1234.
// - Grouping is read only where it cannot be a decimal mark: both marks present ("1.234,5",
//   "1,234.5"), the same mark repeated in groups of three ("1.234.567"), or a space or apostrophe
//   ("1 234", "1'234").
// - Readings are digits with at most one decimal mark and no grouping; their text is kept as
//   written.
// - Dates: ISO (2026-10-12), dotted (12.10.2026, always day first), slashed or dashed with the
//   day first unless the mapping says month first; a month above 12 is reported with the hint.

import { isCalendarDate, isoDate } from './calendar';

export type DateOrder = 'day_first' | 'month_first';

/** Why a cell is not a value: a code and its numbers, worded at the edges (row-problem-english). */
export type ValueFaultCode =
  | 'scientific'
  | 'not_number'
  | 'not_reading'
  | 'not_day_first'
  | 'not_month_first'
  | 'not_date'
  | 'unknown_date'
  | 'date_serial'
  | 'no_such_day'
  | 'two_digit_year'
  | 'below'
  | 'not_whole_in'
  | 'not_status';

export interface ValueFault {
  readonly fault: ValueFaultCode;
  readonly params: Readonly<Record<string, string | number>>;
}

export type ValueResult<T> = { ok: true; value: T } | ({ ok: false } & ValueFault);

const ok = <T>(value: T): ValueResult<T> => ({ ok: true, value });
const fail = <T>(fault: ValueFaultCode, params: ValueFault['params']): ValueResult<T> => ({
  ok: false,
  fault,
  params,
});

const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?[eE][+-]?\d+$/;

/** True for "1.23457E+14": Excel's display of a long number, whose digits are lost. */
export function looksScientific(text: string): boolean {
  return SCIENTIFIC.test(text);
}

const PLAIN = /^\d+$/;
const ONE_MARK = /^(\d+)[.,](\d+)$/;
const GROUPED_INT = /^\d{1,3}(?:([.,' \u00a0\u202f])\d{3})(?:\1\d{3})*$/;
const GROUPED_DEC = /^\d{1,3}(?:([.,' \u00a0\u202f])\d{3})(?:\1\d{3})*([.,])(\d+)$/;

/** A number as a billing export writes it; see the rules at the top of this file. */
export function parseSheetNumber(raw: string): ValueResult<number> {
  const text = raw.trim();
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const signed = (n: number) => ok(negative ? -n : n);
  if (PLAIN.test(body)) return signed(Number(body));
  const one = ONE_MARK.exec(body);
  if (one) return signed(Number(`${one[1] ?? ''}.${one[2] ?? ''}`));
  const dec = GROUPED_DEC.exec(body);
  if (dec && dec[1] !== dec[2]) {
    const whole = body.slice(0, body.length - (dec[3]?.length ?? 0) - 1).replace(/\D/g, '');
    return signed(Number(`${whole}.${dec[3] ?? ''}`));
  }
  const grouped = GROUPED_INT.exec(body);
  // A single "." or "," group ("1.234") was read as a decimal above; only repeats reach here.
  if (grouped) return signed(Number(body.replace(/\D/g, '')));
  if (looksScientific(text)) return fail('scientific', { text });
  return fail('not_number', { text: clip(text) });
}

export interface ReadingValue {
  /** As written (trimmed), leading zeros kept. */
  text: string;
  value: number;
  wholeDigits: number;
  decimals: number;
}

const READING = /^(\d+)(?:[.,](\d+))?$/;

/** A meter reading: digits, optionally one decimal mark and decimals; no sign, no grouping. */
export function parseReadingText(raw: string): ValueResult<ReadingValue> {
  const text = raw.trim();
  const m = READING.exec(text);
  if (!m) {
    if (looksScientific(text)) return fail('scientific', { text });
    return fail('not_reading', { text: clip(text) });
  }
  const whole = m[1] ?? '';
  const fraction = m[2] ?? '';
  return ok({
    text,
    value: Number(`${whole}.${fraction || '0'}`),
    wholeDigits: whole.length,
    decimals: fraction.length,
  });
}

const ISO_DATE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/;
const SLASHED =
  /^(\d{1,2})([/-])(\d{1,2})\2(\d{2}|\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?(?: ?[AaPp][Mm])?)?$/;
const EXCEL_SERIAL = /^\d{5}(?:[.,]\d+)?$/;

/** A date cell as yyyy-mm-dd; a time after the date (Excel writes one) is ignored. */
export function parseSheetDate(raw: string, order: DateOrder): ValueResult<string> {
  const text = raw.trim();
  const iso = ISO_DATE.exec(text);
  if (iso) return calendar(text, Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dotted = DOTTED.exec(text);
  if (dotted) {
    if ((dotted[3] ?? '').length === 2) return fail('two_digit_year', { text });
    return calendar(text, Number(dotted[3]), Number(dotted[2]), Number(dotted[1]));
  }
  const slashed = SLASHED.exec(text);
  if (slashed) {
    if ((slashed[4] ?? '').length === 2) return fail('two_digit_year', { text });
    const [a, b, year] = [Number(slashed[1]), Number(slashed[3]), Number(slashed[4])];
    const [day, month] = order === 'day_first' ? [a, b] : [b, a];
    if (isCalendarDate(year, month, day)) return ok(isoDate(year, month, day));
    const [otherDay, otherMonth] = [month, day];
    if (isCalendarDate(year, otherMonth, otherDay)) {
      return fail(order === 'day_first' ? 'not_day_first' : 'not_month_first', { text, month });
    }
    return fail('not_date', { text });
  }
  if (EXCEL_SERIAL.test(text)) return fail('date_serial', { text });
  return fail('unknown_date', { text: clip(text) });
}

function calendar(text: string, year: number, month: number, day: number): ValueResult<string> {
  return isCalendarDate(year, month, day)
    ? ok(isoDate(year, month, day))
    : fail('no_such_day', { text, day, month, year });
}

/** Long cell values are cut in messages so one problem stays one line. */
export function clip(text: string, max = 40): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
