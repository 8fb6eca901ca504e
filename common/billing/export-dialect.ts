// The dialect of the loaded route sheet (encoding, delimiter, decimal mark, date format), so that
// the default billing export goes back to the billing system the way its sheet came out of it: a
// German Excel's sheet (Windows-1252, ";", decimal comma, 12.10.2026) gets such an export without
// the clerk touching the template. Read from the sheet's first rows when it is loaded and kept in
// the queue's settings (the latest sheet's); a saved template always wins over it.
import { z } from 'zod';
import { normaliseHeader, type ColumnMapping } from './column-mapping';
import {
  DATE_FORMATS,
  DECIMAL_MARKS,
  DEFAULT_EXPORT_TEMPLATE,
  EXPORT_DELIMITERS,
  EXPORT_ENCODINGS,
  type ExportTemplate,
} from './export-template';
import type { MeterField } from './meter-record';

export type SheetDialect = Pick<
  ExportTemplate,
  'encoding' | 'delimiter' | 'decimalMark' | 'dateFormat'
>;

/** The settings key the latest loaded sheet's dialect is kept under. */
export const SHEET_DIALECT_SETTING = 'routeSheetDialect';

export interface SheetSample {
  /** As the sheet loader found it: utf-8, utf-16le, utf-16be or windows-1252. */
  readonly encoding: string;
  /** As the sheet loader sniffed it: , ; TAB or |. */
  readonly delimiter: string;
  readonly headers: readonly string[];
  /** The first rows, cells as written. */
  readonly sampleRows: readonly (readonly string[])[];
  readonly mapping: ColumnMapping;
}

const NUMBER_FIELDS: readonly MeterField[] = ['previousReading', 'avgDailyUse'];
const DECIMAL_COMMA = /^\d{1,3}(?:\.\d{3})*,\d+$|^\d+,\d+$/;
const DECIMAL_POINT = /^\d{1,3}(?:,\d{3})*\.\d+$|^\d+\.\d+$/;

function cellsOf(sample: SheetSample, fields: readonly MeterField[]): string[] {
  const wanted = fields
    .map((f) => sample.mapping.fields[f])
    .filter((h): h is string => h !== undefined)
    .map(normaliseHeader);
  const columns = sample.headers
    .map((h, i) => (wanted.includes(normaliseHeader(h)) ? i : -1))
    .filter((i) => i >= 0);
  return sample.sampleRows.flatMap((row) =>
    columns.map((i) => (row[i] ?? '').trim()).filter((c) => c !== ''),
  );
}

function decimalMarkOf(sample: SheetSample): SheetDialect['decimalMark'] {
  const cells = cellsOf(sample, NUMBER_FIELDS);
  const commas = cells.filter((c) => DECIMAL_COMMA.test(c)).length;
  const points = cells.filter((c) => DECIMAL_POINT.test(c)).length;
  if (commas !== points) return commas > points ? ',' : '.';
  // No decimals in the sample: the convention that goes with the separator.
  return sample.delimiter === ';' ? ',' : '.';
}

function dateFormatOf(sample: SheetSample): SheetDialect['dateFormat'] {
  const first = cellsOf(sample, ['previousReadAt'])[0];
  if (first !== undefined) {
    if (/^\d{4}-\d{1,2}-\d{1,2}/.test(first)) return 'iso';
    if (/^\d{1,2}\.\d{1,2}\.\d{4}/.test(first)) return 'dd.mm.yyyy';
    if (/^\d{1,2}[/-]\d{1,2}[/-]\d{4}/.test(first))
      return sample.mapping.dateOrder === 'month_first' ? 'mm/dd/yyyy' : 'dd/mm/yyyy';
  }
  return sample.delimiter === ';' ? 'dd.mm.yyyy' : 'iso';
}

/** The sheet's dialect, in what an export template can write. */
export function sheetDialect(sample: SheetSample): SheetDialect {
  const decimalMark = decimalMarkOf(sample);
  // "|" is not an export delimiter; "," cannot be both delimiter and decimal mark.
  const delimiter =
    sample.delimiter === ';' || sample.delimiter === '\t'
      ? sample.delimiter
      : decimalMark === ','
        ? ';'
        : ',';
  return {
    // Excel needs the BOM to read UTF-8; UTF-16 sheets (Excel's "Unicode text") come back as it.
    encoding: sample.encoding === 'windows-1252' ? 'windows-1252' : 'utf-8-bom',
    delimiter,
    decimalMark,
    dateFormat: dateFormatOf(sample),
  };
}

const dialectSchema = z.strictObject({
  encoding: z.enum(EXPORT_ENCODINGS),
  delimiter: z.enum(EXPORT_DELIMITERS),
  decimalMark: z.enum(DECIMAL_MARKS),
  dateFormat: z.enum(DATE_FORMATS),
});

/** A stored dialect, or null when there is none or it is not one. */
export function storedDialect(value: unknown): SheetDialect | null {
  const parsed = dialectSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The default template in the sheet's dialect; the built-in default without a sheet. */
export function dialectTemplate(dialect: SheetDialect | null): ExportTemplate {
  return dialect === null ? DEFAULT_EXPORT_TEMPLATE : { ...DEFAULT_EXPORT_TEMPLATE, ...dialect };
}
