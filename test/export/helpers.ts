// Shared by the export suites: records, temporary folders and a real CSV parser.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ExportRecord } from '../../main/export/columns';
import type { CsvDelimiter } from '../../main/export/csv';

/** OWASP's CSV-injection payloads: each must come back as text a spreadsheet does not run. */
export const OWASP_PAYLOADS = [
  "=cmd|' /C calc'!A0",
  '@SUM(1+1)',
  '+1+1',
  '-2+3',
  '=HYPERLINK("http://x","y")',
  '\t=1',
  '\r=1',
];

export function record(overrides: Partial<ExportRecord> = {}): ExportRecord {
  return {
    rootPath: '/srv/meters/2024-05',
    relPath: 'block-a/IMG_0001.jpg',
    state: 'done',
    billedReading: '01234.567',
    aiReading: '01234.567',
    reviewAction: null,
    resultSource: 'fresh',
    toReview: false,
    meterType: 'pointer',
    taskId: 'tsk_01HZX',
    batchId: null,
    errorMessage: null,
    sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    createdAt: '2024-05-01T10:00:00.000Z',
    finishedAt: '2024-05-01T10:00:04.000Z',
    aiVersion: 'water_v3_meter:v3.2',
    copyOf: null,
    meterId: null,
    readAt: null,
    registerDecimals: null,
    ...overrides,
  };
}

/** A fresh folder under the OS temp dir; remove it with `cleanup`. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'meterdesk-export-'));
  return {
    dir,
    cleanup: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Parses the file with csv-parse exactly as a consumer would; `bom` says whether one must be there. */
export function readCsv(
  file: string,
  options: { bom?: boolean; delimiter?: CsvDelimiter } = {},
): string[][] {
  const bytes = readFileSync(file);
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (hasBom !== (options.bom ?? true)) {
    throw new Error(`BOM expected: ${String(options.bom ?? true)}, found: ${String(hasBom)}`);
  }
  return parse(bytes.subarray(hasBom ? 3 : 0), {
    delimiter: options.delimiter ?? ',',
    record_delimiter: '\r\n',
    relax_column_count: false,
  });
}

/** Names in `dir` other than the expected ones: leftovers of a failed export. */
export function strayFiles(dir: string, expected: readonly string[] = []): string[] {
  return readdirSync(dir).filter((name) => !expected.includes(name));
}
