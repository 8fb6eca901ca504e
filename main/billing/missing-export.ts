// The field list: meters still without a reading, sent for re-read or skipped for a reason a
// visit can fix, in walking order (field-list.ts), as a CSV the readers take back to the field:
// written by `meter-desk routes --missing` and the window's "Export missing meters".
import { CsvFileWriter } from '../export/csv';
import type { MissingMeter } from './field-list';

export const MISSING_HEADER = [
  'meter_id',
  'account',
  'address',
  'route',
  'sequence',
  'why',
  'visit',
  'photo',
  'previous_reading',
  'previous_read_at',
];

export async function writeMissingMeters(
  target: string,
  missing: readonly MissingMeter[],
): Promise<{ path: string; rows: number }> {
  const out = await CsvFileWriter.create(target);
  try {
    await out.writeRow(MISSING_HEADER);
    for (const m of missing) {
      await out.writeRow([
        m.meterId,
        m.account ?? '',
        m.address ?? '',
        m.route ?? '',
        m.sequence === null ? '' : String(m.sequence),
        m.note,
        m.why,
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
