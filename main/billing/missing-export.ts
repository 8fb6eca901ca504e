// The field list: meters still without a reading, sent for re-read or skipped for a reason a
// visit can fix, in walking order (field-list.ts), as a CSV the readers take back to the field:
// written by `meter-desk routes --missing` and the window's "Export missing meters" (in the
// window's language: field-list-words.ts).
import {
  FIELD_HEADER_EN,
  fieldHeader,
  fieldNoteIn,
  fieldVisitIn,
} from '../../common/billing/field-list-words';
import type { ExportLanguage } from '../../common/billing/export-template';
import { CsvFileWriter } from '../export/csv';
import type { MissingMeter } from './field-list';

export const MISSING_HEADER = FIELD_HEADER_EN;

export async function writeMissingMeters(
  target: string,
  missing: readonly MissingMeter[],
  /** The language of the header and the reasons (the window's); English for the CLI. */
  lang: ExportLanguage = 'en',
): Promise<{ path: string; rows: number }> {
  const out = await CsvFileWriter.create(target);
  try {
    await out.writeRow(fieldHeader(lang));
    for (const m of missing) {
      await out.writeRow([
        m.meterId,
        m.account ?? '',
        m.address ?? '',
        m.route ?? '',
        m.sequence === null ? '' : String(m.sequence),
        fieldNoteIn(m.said, m.note, lang),
        fieldVisitIn(m.why, lang),
        m.photo ?? '',
        m.previousReading ?? '',
        m.previousReadAt ?? '',
      ]);
    }
    await out.commit();
  } catch (error) {
    await out.abort();
    throw error;
  }
  return { path: out.targetPath, rows: missing.length };
}
