// A billing row as the template writes it, before CSV quoting and encoding. Pure, so the window
// can preview an export exactly. Decisions (docs/billing.md, "Export"):
// - Readings stay text-exact, leading zeros included; only the decimal mark follows the template,
//   and with a known register the decimals are padded to the register's count (00123.4 → 00123.400).
// - Numbers (readings, consumption, sequence) are "number" cells: a writer may leave them unquoted
//   and un-neutralised because they match NUMBER_CELL and nothing else.
// - Dates follow the template; a time is added to read dates that have one when includeTime is
//   set. read_at follows one time-zone rule, the office's local time (export-read-at.ts): ISO
//   carries the office's offset, the other formats the local wall time.
import { parseIsoStamp } from './calendar';
import { officeIso, officeTimeZone } from './export-read-at';
import type { BillingRow } from './billing-row';
import { reasonsIn } from './export-reasons';
import {
  exportLanguageOf,
  SHEET_FIELD,
  type ExportField,
  type ExportTemplate,
} from './export-template';

export type ExportCellKind = 'number' | 'text';

/** What a number cell may hold: digits, one optional sign and one decimal mark. */
export const NUMBER_CELL = /^-?\d+(?:[.,]\d+)?$/;

const NO_READING = '-';

export function templateHeaders(template: ExportTemplate): string[] {
  return template.columns.map((c) => c.header);
}

export function templateKinds(template: ExportTemplate): ExportCellKind[] {
  return template.columns.map((c) => (NUMBER_FIELDS.has(c.field) ? 'number' : 'text'));
}

const NUMBER_FIELDS: ReadonlySet<string> = new Set<ExportField>([
  'sequence',
  'reading',
  'ai_reading',
  'consumption',
  'previous_reading',
]);

/** The row's cells in the template's column order; `zone` is the office's time zone. */
export function templateCells(
  row: BillingRow,
  template: ExportTemplate,
  zone: string = officeTimeZone(),
): string[] {
  // A sheet's column carries its cells as written: text, neutralised like any other.
  return template.columns.map((c) =>
    c.field === SHEET_FIELD
      ? (row.sheetCells?.[c.source] ?? '')
      : cell(row, c.field, template, zone),
  );
}

function cell(row: BillingRow, field: ExportField, t: ExportTemplate, zone: string): string {
  switch (field) {
    case 'meter_id':
      return row.meterId ?? '';
    case 'account':
      return row.account ?? '';
    case 'address':
      return row.address ?? '';
    case 'route':
      return row.route ?? '';
    case 'sequence':
      return row.sequence === null ? '' : plainNumber(row.sequence, t);
    case 'read_at':
      return row.readAt === null ? '' : readAtCell(row.readAt, t, zone);
    case 'reading':
      return readingCell(row.reading, row.registerDecimals, t);
    case 'ai_reading':
      return readingCell(row.aiReading, null, t);
    case 'confirmation':
      return row.confirmation ?? '';
    case 'read_type':
      return row.readType;
    case 'skip_code':
      return row.skipCode ?? '';
    case 'skip_note':
      return row.skipNote ?? '';
    case 'consumption':
      return row.consumption === null ? '' : fixedNumber(row.consumption, row.registerDecimals, t);
    case 'previous_reading':
      return readingCell(row.previousReading, row.registerDecimals, t);
    case 'previous_read_at':
      return row.previousReadAt === null ? '' : formatDate(row.previousReadAt, t, false);
    case 'plausibility':
      return row.unmatched ? 'error' : (row.plausibility ?? '');
    case 'reasons':
      return reasonsIn(row, exportLanguageOf(t));
    case 'use_on_bill':
      return row.useOnBill && !row.unmatched ? 'yes' : 'no';
    case 'photo':
      return row.photo?.replaceAll('\\', '/') ?? '';
    case 'photo_sha256':
      return row.photoSha256 ?? '';
    case 'task_id':
      return row.taskId ?? '';
    case 'unmatched':
      return row.unmatched ? 'yes' : 'no';
    case 'duplicate_of':
      return row.duplicateOf ?? '';
    case 'photo_codes':
      return (row.photoCodes ?? []).join(' | ');
    case 'meter_serial':
      return row.meterSerial ?? '';
  }
}

/** Text-exact, with the template's decimal mark and the register's decimals when known. */
export function readingCell(
  text: string | null,
  decimals: number | null,
  t: Pick<ExportTemplate, 'decimalMark'>,
): string {
  const value = text?.trim() ?? '';
  if (value === '' || value === NO_READING) return '';
  const m = /^(\d+)(?:[.,](\d+))?$/.exec(value);
  if (!m) return value;
  const whole = m[1] ?? '';
  let fraction = m[2] ?? '';
  if (decimals !== null && fraction.length <= decimals) fraction = fraction.padEnd(decimals, '0');
  return fraction === '' ? whole : `${whole}${t.decimalMark}${fraction}`;
}

function fixedNumber(value: number, decimals: number | null, t: ExportTemplate): string {
  const text = decimals === null ? trimmed(value) : value.toFixed(decimals);
  return text.replace('.', t.decimalMark);
}

function plainNumber(value: number, t: ExportTemplate): string {
  return trimmed(value).replace('.', t.decimalMark);
}

/** At most three decimals, no exponent, no trailing zeros. */
function trimmed(value: number): string {
  return value.toFixed(3).replace(/\.?0+$/, '');
}

/** A read date in the office's local time (export-read-at.ts), in the template's format. */
export function readAtCell(stamp: string, t: ExportTemplate, zone: string): string {
  return formatDate(officeIso(stamp, zone), t, t.includeTime);
}

export function formatDate(stamp: string, t: ExportTemplate, withTime: boolean): string {
  const parts = parseIsoStamp(stamp);
  if (parts === null) return stamp;
  const dd = String(parts.day).padStart(2, '0');
  const mm = String(parts.month).padStart(2, '0');
  const yyyy = String(parts.year);
  const time = withTime && parts.time !== null ? parts.time : null;
  switch (t.dateFormat) {
    case 'iso':
      return time === null ? parts.date : `${parts.date}T${time}${parts.offset ?? ''}`;
    case 'dd.mm.yyyy':
      return `${dd}.${mm}.${yyyy}${time === null ? '' : ` ${time}`}`;
    case 'dd/mm/yyyy':
      return `${dd}/${mm}/${yyyy}${time === null ? '' : ` ${time}`}`;
    case 'mm/dd/yyyy':
      return `${mm}/${dd}/${yyyy}${time === null ? '' : ` ${time}`}`;
  }
}
