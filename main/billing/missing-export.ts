// The meters still without a reading, in walking order, as a CSV the readers take back to the
// field: written by `meter-desk routes --missing` and the window's "Export missing meters".
import { CsvFileWriter } from '../export/csv';
import type { MissingMeter } from './meter-readings';

export const MISSING_HEADER = ['meter_id', 'account', 'address', 'route', 'sequence', 'why'];

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
      ]);
    }
    await out.commit();
  } catch (error) {
    await out.abort();
    throw error;
  }
  return { path: out.targetPath, rows: missing.length };
}
