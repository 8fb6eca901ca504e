// `meter-desk export inspection.csv --inspection`: the inspection list (common/billing/
// history-inspection.ts) from the queue's history, one row per meter worth a visit, most urgent
// first, each with its reason in English and its numbers in columns of their own. Written through
// the one atomic CSV writer: the file appears complete or not at all.
import { inspectionEnglish } from '../../../common/billing/history-inspection-english';
import { CsvFileWriter } from '../../export/csv';
import type { ExportOptions, ExportResult } from '../../export/export';
import type { Store } from '../../store/store';
import { inspectionOf } from './inspection-rows';

export const INSPECTION_HEADERS = [
  'rank',
  'meter_id',
  'route',
  'address',
  'code',
  'reason',
  'zero_periods',
  'fall_percent_per_month',
  'periods',
  'since',
] as const;

export async function exportInspection(
  store: Store,
  outPath: string,
  options: Pick<ExportOptions, 'bom' | 'delimiter'> = {},
): Promise<ExportResult> {
  const { rows } = inspectionOf(store);
  const writer = await CsvFileWriter.create(outPath, options);
  const decimal = (n: number): string =>
    writer.delimiter === ';' ? String(n).replace('.', ',') : String(n);
  try {
    await writer.writeRow(INSPECTION_HEADERS);
    for (const row of rows) {
      const p = row.params;
      await writer.writeRow([
        String(row.rank),
        row.meterId,
        row.route ?? '',
        row.address ?? '',
        row.code,
        inspectionEnglish(row),
        row.code === 'zero_streak' ? String(p.count ?? '') : '',
        // The fall as a positive number: a leading minus is what the writer neutralises in a cell.
        row.code === 'falling' ? decimal(Math.abs(Number(p.percent))) : '',
        row.code === 'falling' ? String(p.periods ?? '') : '',
        String(p.since ?? ''),
      ]);
    }
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return { rows: rows.length, path: writer.targetPath };
}
