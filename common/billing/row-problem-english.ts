// Route-sheet problems in English, for the CLI and any log: one template per code, from the
// problem's params. The window words the same codes in its language (renderer/billing/sheet-words.ts).
import { METER_FIELD_LABELS, METER_FIELDS, type MeterField } from './meter-record';
import type { ProblemParams, RowProblem, RowProblemCode } from './row-problem';
import type { ValueFault, ValueFaultCode } from './sheet-values';

type Words = (p: ProblemParams) => string;

const str = (p: ProblemParams, key: string): string => String(p[key] ?? '');
const count = (p: ProblemParams, key: string): string => {
  const v = p[key];
  return typeof v === 'number' ? v.toLocaleString('en-US') : str(p, key);
};

/** The English name of a field in params ("previous reading"); the raw value if unknown. */
export function fieldLabel(p: ProblemParams): string {
  const field = str(p, 'field');
  return METER_FIELDS.includes(field as MeterField)
    ? METER_FIELD_LABELS[field as MeterField]
    : field;
}

const EXCEL_SHORTENED =
  'looks like a number Excel shortened to scientific notation (format the column as Text before exporting the sheet)';

const VALUE_FAULTS: Record<ValueFaultCode, Words> = {
  scientific: (p) => `"${str(p, 'text')}" ${EXCEL_SHORTENED}`,
  not_number: (p) => `"${str(p, 'text')}" is not a number`,
  not_reading: (p) =>
    `"${str(p, 'text')}" is not a meter reading (digits with at most one decimal mark, e.g. 00123 or 00123,4)`,
  not_day_first: (p) =>
    `"${str(p, 'text')}" is not a date when read day first (month ${str(p, 'month')} does not exist); if the sheet writes the month first, set the date order to "month first" in the column mapping`,
  not_month_first: (p) =>
    `"${str(p, 'text')}" is not a date when read month first (month ${str(p, 'month')} does not exist); if the sheet writes the day first, set the date order to "day first" in the column mapping`,
  not_date: (p) => `"${str(p, 'text')}" is not a date`,
  unknown_date: (p) =>
    `"${str(p, 'text')}" is not a date (write 2026-10-12, 12.10.2026 or 12/10/2026)`,
  date_serial: (p) =>
    `"${str(p, 'text')}" looks like an Excel date serial number (format the column as a date before exporting the sheet)`,
  no_such_day: (p) =>
    `"${str(p, 'text')}" is not a date (no day ${str(p, 'day')} in month ${str(p, 'month')} of ${str(p, 'year')})`,
  two_digit_year: (p) =>
    `"${str(p, 'text')}" has a two-digit year; write the year with four digits (the century is not guessed)`,
  below: (p) => `${str(p, 'value')} is below ${str(p, 'min')}`,
  not_whole_in: (p) =>
    `"${str(p, 'text')}" is not a whole number from ${str(p, 'min')} to ${str(p, 'max')}`,
  not_status: (p) =>
    `"${str(p, 'text')}" is not an account status (write active or vacant; aktiv or Leerstand)`,
};

function valueWords(p: ProblemParams): string {
  const words = VALUE_FAULTS[p.fault as ValueFaultCode] as Words | undefined;
  return words === undefined ? 'not a valid value' : words(p);
}

/** Why a cell is not a value, in English (no place, no full stop). */
export function valueFaultEnglish(fault: ValueFault): string {
  return VALUE_FAULTS[fault.fault](fault.params);
}

const METER_ID_FAULTS: Readonly<Record<string, Words>> = {
  too_long: (p) =>
    `the meter id has ${str(p, 'length')} characters; at most ${str(p, 'max')} are allowed.`,
  control: () => 'the meter id contains control characters.',
  formula: (p) =>
    `the meter id "${str(p, 'id')}" starts like a spreadsheet formula; meter ids start with a letter or digit.`,
  scientific: (p) =>
    `the meter id "${str(p, 'id')}" looks like a number Excel shortened to scientific notation; format the column as Text before exporting the sheet.`,
  no_letter: (p) => `the meter id "${str(p, 'id')}" has no letter or digit.`,
};

const UNREADABLE: Readonly<Record<string, string>> = {
  missing: 'it does not exist',
  denied: 'permission denied',
};

/** The English template per code; exported so a test can rename one and see the window unchanged. */
export const ROW_PROBLEM_ENGLISH: Record<RowProblemCode, Words> = {
  empty_file: () => 'The file is empty.',
  no_rows: () => 'The file has no rows.',
  file_too_large: (p) =>
    `The file is ${str(p, 'mb')} MB; route sheets of at most ${str(p, 'max')} MB are read. Split the route into several sheets.`,
  not_a_file: (p) => `"${str(p, 'path')}" is not a file.`,
  unreadable: (p) =>
    `The file "${str(p, 'path')}" cannot be read: ${UNREADABLE[str(p, 'reason')] ?? str(p, 'detail')}.`,
  not_csv: (p) =>
    p.format === 'xls'
      ? 'This is an old Excel workbook (.xls), not a CSV. In Excel choose "Save as" and "CSV UTF-8".'
      : 'This is an Excel workbook (.xlsx) or another zip file, not a CSV. In Excel choose "Save as" and "CSV UTF-8".',
  binary_file: () =>
    'The file contains NUL bytes and is not a text file. Export the route sheet as CSV.',
  invalid_utf8: (p) =>
    `The file is not valid UTF-8 (first bad byte on line ${str(p, 'line')}). Save it again as "CSV UTF-8", or read it as Windows-1252.`,
  invalid_text: (p) => `The file is not valid ${str(p, 'encoding').toUpperCase()} text.`,
  malformed_csv: (p) => `the row cannot be read as CSV (${str(p, 'detail')}).`,
  unclosed_quote: () =>
    'a quoted value that starts in this row is never closed (a missing " ?); nothing after it can be read.',
  too_many_rows: (p) =>
    `The sheet has more than ${count(p, 'max')} rows of meters; split the route into several sheets.`,
  too_many_columns: (p) =>
    `The sheet has ${str(p, 'columns')} columns; at most ${str(p, 'max')} are read. Remove the columns billing does not need.`,
  header_only: () => 'The sheet has a header row but no meters.',
  no_meters: () => 'The sheet has a header row but no meters.',
  required_column_unmapped: (p) =>
    `No column is chosen for the ${fieldLabel(p)}, and no header is a name MeterDesk knows for it (such as meter_id, serial or Zählernummer). Choose the column in the column mapping.`,
  mapped_column_missing: (p) =>
    `the column mapping takes the ${fieldLabel(p)} from a column "${str(p, 'name')}", but no header has that name (headers: ${str(p, 'headers')}).`,
  ambiguous_header: (p) =>
    `the header "${str(p, 'name')}" (${fieldLabel(p)}) appears in columns ${str(p, 'columns').split(',').join(' and ')}; rename all but one.`,
  cell_too_large: (p) =>
    `the cell has ${count(p, 'length')} characters; at most ${count(p, 'max')} are read.`,
  extra_cells: (p) =>
    `the row has ${str(p, 'cells')} cells but the header row has ${str(p, 'width')} columns (a delimiter inside a value that is not in quotes?).`,
  short_row: (p) =>
    `the row has ${str(p, 'cells')} cells but the header row has ${str(p, 'width')} columns; the missing cells were read as empty.`,
  missing_meter_id: () => 'the meter id is empty.',
  invalid_meter_id: (p) => METER_ID_FAULTS[str(p, 'fault')]?.(p) ?? 'the meter id is not valid.',
  duplicate_meter_id: (p) => {
    const same =
      p.firstId === p.id
        ? ''
        : ` ("${str(p, 'firstId')}"; ids are compared ignoring case, as file names are)`;
    return `meter id "${str(p, 'id')}" is already in row ${str(p, 'firstRow')}${same}.`;
  },
  invalid_value: (p) => `${fieldLabel(p)}: ${valueWords(p)}.`,
  previous_reading_too_long: (p) =>
    `the previous reading ${str(p, 'reading')} has ${str(p, 'wholeDigits')} whole digits, but the register has ${str(p, 'registerDigits')}.`,
  previous_reading_decimals: (p) =>
    `the previous reading ${str(p, 'reading')} has ${str(p, 'decimals')} decimals, but the register has ${str(p, 'registerDecimals')}.`,
  blank_rows: (p) => `${str(p, 'count')} blank ${p.count === 1 ? 'row was' : 'rows were'} skipped.`,
};

/** "Row 5, column C (previous_reading): " or "" for a file-level problem. */
export function placeOf(row: number | null, column: string | null, header: string | null): string {
  if (row === null) return '';
  if (column === null) return `Row ${row}: `;
  const named = header !== null && header !== '' ? ` (${header})` : '';
  return `Row ${row}, column ${column}${named}: `;
}

/** One problem as a full English sentence, place included. */
export function rowProblemEnglish(problem: RowProblem): string {
  return (
    placeOf(problem.row, problem.column, problem.header) +
    ROW_PROBLEM_ENGLISH[problem.code](problem.params)
  );
}

/** The problems as lines for the CLI, ending with "…and N more problems." */
export function describeProblems(problems: readonly RowProblem[], more: number): string[] {
  const lines = problems.map(rowProblemEnglish);
  if (more > 0) lines.push(`…and ${more.toLocaleString('en-US')} more problems.`);
  return lines;
}
