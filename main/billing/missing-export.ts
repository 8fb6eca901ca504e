// The field list: meters still without a reading, sent for re-read or skipped for a reason a
// visit can fix, in walking order (field-list.ts), as a CSV the readers take back to the field:
// written by `meter-desk routes --missing` and the window's "Export missing meters" (in the
// window's language: field-list-words.ts). Written in the dialect the sheet came in (encoding,
// separator, decimal mark, date format), as the billing export is, so it opens in the same
// spreadsheet the sheet came from: a desk's own list in its sheet's (billing-export.ts
// sheetDialectOf), the office's (`routes --missing --office`, main/office/office-missing.ts) in the
// office's sheets'. Without a dialect kept (a sheet loaded by an older version): UTF-8, commas, ISO.
import type { SheetDialect } from '../../common/billing/export-dialect';
import { formatDate } from '../../common/billing/export-cells';
import { billingLine } from '../../common/billing/export-line';
import { DEFAULT_EXPORT_TEMPLATE, type ExportLanguage } from '../../common/billing/export-template';
import {
  FIELD_HEADER_EN,
  fieldHeader,
  fieldNoteIn,
  fieldVisitIn,
} from '../../common/billing/field-list-words';
import { CsvFileWriter, openExportFile } from '../export/csv';
import type { MissingMeter } from './field-list';
import { encodeWindows1252 } from './windows-1252';

export const MISSING_HEADER = FIELD_HEADER_EN;

function cellsOf(m: MissingMeter, lang: ExportLanguage, dialect: SheetDialect | null): string[] {
  const previous =
    m.previousReading !== null && dialect?.decimalMark === ','
      ? m.previousReading.replace('.', ',')
      : m.previousReading;
  const previousAt =
    m.previousReadAt !== null && dialect
      ? formatDate(m.previousReadAt, { ...DEFAULT_EXPORT_TEMPLATE, ...dialect }, false)
      : m.previousReadAt;
  return [
    m.meterId,
    m.account ?? '',
    m.address ?? '',
    m.route ?? '',
    m.sequence === null ? '' : String(m.sequence),
    fieldNoteIn(m.said, m.note, lang),
    fieldVisitIn(m.why, lang),
    m.photo ?? '',
    previous ?? '',
    previousAt ?? '',
  ];
}

export async function writeMissingMeters(
  target: string,
  missing: readonly MissingMeter[],
  /** The language of the header and the reasons (the window's); English for the CLI. */
  lang: ExportLanguage = 'en',
  /** The sheet's dialect to write in; null: UTF-8 with a byte order mark, commas, ISO dates. */
  dialect: SheetDialect | null = null,
): Promise<{ path: string; rows: number }> {
  if (dialect !== null) return writeInDialect(target, missing, lang, dialect);
  const out = await CsvFileWriter.create(target);
  try {
    await out.writeRow(fieldHeader(lang));
    for (const m of missing) await out.writeRow(cellsOf(m, lang, null));
    await out.commit();
  } catch (error) {
    await out.abort();
    throw error;
  }
  return { path: out.targetPath, rows: missing.length };
}

/** Windows-1252 writes a character it cannot hold as "?": a field list is read, not imported. */
async function writeInDialect(
  target: string,
  missing: readonly MissingMeter[],
  lang: ExportLanguage,
  dialect: SheetDialect,
): Promise<{ path: string; rows: number }> {
  const lines = [fieldHeader(lang), ...missing.map((m) => cellsOf(m, lang, dialect))]
    .map((cells) => `${billingLine(cells, null, dialect.delimiter)}\r\n`)
    .join('');
  const file = await openExportFile(target);
  try {
    if (dialect.encoding === 'windows-1252') await file.write(encodeWindows1252(lines));
    else await file.write(`${dialect.encoding === 'utf-8-bom' ? '\uFEFF' : ''}${lines}`);
    await file.commit();
  } catch (error) {
    await file.abort();
    throw error;
  }
  return { path: file.targetPath, rows: missing.length };
}
