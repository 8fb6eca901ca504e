// The billing CSV export: records in, one finished file out (or no file at all).

import path from 'node:path';
import { officeTimeZone } from '../../common/billing/export-read-at';
import { COLUMN_KINDS, HEADERS, toCells, type ExportRecord } from './columns';
import { CsvFileWriter, type CsvDelimiter } from './csv';

export interface ExportOptions {
  /** UTF-8 byte order mark at the start (Excel needs it to read UTF-8). Default true. */
  bom?: boolean;
  /** Default ','. */
  delimiter?: CsvDelimiter;
  /** Cancels the export; the target is left untouched and the rejection is the signal's reason. */
  signal?: AbortSignal;
  /** The office's time zone for read_at (common/billing/export-read-at.ts); this computer's by default. */
  timeZone?: string;
}

export interface ExportResult {
  /** Data rows written, header excluded. */
  rows: number;
  /** Absolute path of the finished file. */
  path: string;
}

/**
 * Streams `records` to `outPath`. Records are pulled one at a time and the disk's pace is
 * respected, so memory stays flat however many jobs there are. The file appears (or is replaced)
 * only when complete; on any failure the previous file, if any, is untouched and the promise
 * rejects with a CsvExportError (write problems) or the records source's own error.
 */
export async function exportCsv(
  records: Iterable<ExportRecord> | AsyncIterable<ExportRecord>,
  outPath: string,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const { signal } = options;
  signal?.throwIfAborted();
  const target = path.resolve(outPath);
  const writer = await CsvFileWriter.create(target, options);
  let rows = 0;
  try {
    await writer.writeRow(HEADERS);
    const cells = {
      decimalMark: writer.delimiter === ';' ? ',' : '.',
      timeZone: options.timeZone ?? officeTimeZone(),
    } as const;
    for await (const record of records) {
      signal?.throwIfAborted();
      await writer.writeRow(toCells(record, cells), COLUMN_KINDS);
      rows++;
    }
    signal?.throwIfAborted();
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return { rows, path: target };
}
