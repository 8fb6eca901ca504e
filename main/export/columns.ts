// The billing export's columns. The first eight are the contract billing tools read by name and
// position; the rest are for audits and may grow at the end only.

import path from 'node:path';
import { readingCell } from '../../common/billing/export-cells';
import { officeIso, officeTimeZone } from '../../common/billing/export-read-at';
import { exportStatusOf, type JobState } from '../../common/job';
import type { CellKind } from './csv';

/**
 * What a person did in review, in the window's words ("Confirmed", "Corrected"): one name for an
 * accepted reading everywhere. The queue stores the action as `accepted`.
 */
const REVIEW_WORDS: Readonly<Record<'accepted' | 'corrected' | 'none', string>> = {
  accepted: 'confirmed',
  corrected: 'corrected',
  none: '',
};

/** Everything the export needs to know about one job; the store produces these. */
export interface ExportRecord {
  /** The folder the user added, as given (native separators). */
  rootPath: string;
  /** The file's path below rootPath (native separators). */
  relPath: string;
  state: JobState;
  /** The reading to bill (common/billing/billed-reading.ts). */
  billedReading: string | null;
  /** What the AI read: the service's final_reading as received. */
  aiReading: string | null;
  reviewAction: 'accepted' | 'corrected' | null;
  resultSource: string | null;
  toReview: boolean;
  meterType: string | null;
  taskId: string | null;
  batchId: string | null;
  errorMessage: string | null;
  sha256: string | null;
  createdAt: string | null;
  finishedAt: string | null;
  /** The AI version that read the photo, when known. */
  aiVersion: string | null;
  /** For a byte-identical copy: the photo it repeats (relPath); null for an original. */
  copyOf: string | null;
  /** The meter of a loaded route sheet the photo was matched to. */
  meterId: string | null;
  /** When the photo was taken (EXIF, else the file's time). */
  readAt: string | null;
  /** Decimals of the meter's register, when known: readings are written with that many. */
  registerDecimals: number | null;
  /** The codes read on the photo (a serial sticker), each as its text; absent: none read. */
  photoCodes?: readonly string[];
}

/** How the cells are written: the decimal mark follows the file's separator. */
export interface CellOptions {
  readonly decimalMark: '.' | ',';
  /** The office's time zone: read_at is its local time (common/billing/export-read-at.ts). */
  readonly timeZone: string;
}

interface Column {
  readonly header: string;
  readonly kind: CellKind;
  readonly cell: (rec: ExportRecord, options: CellOptions) => string;
}

/**
 * Text-exact (leading zeros kept, the service's `-` empty), with the file's decimal mark (a
 * `;` file is opened by an Excel whose decimal mark is a comma: 0951.302 would read as 951302)
 * and the register's decimals when known.
 */
function reading(value: string | null, r: ExportRecord, o: CellOptions): string {
  return readingCell(value, r.registerDecimals, o);
}

/** Always `/`, so exports from Windows and macOS machines compare equal. */
function portablePath(relPath: string): string {
  return path.sep === '/' ? relPath : relPath.split(path.sep).join('/');
}

export const COLUMNS: readonly Column[] = [
  { header: 'file', kind: 'text', cell: (r) => portablePath(r.relPath) },
  { header: 'reading', kind: 'numeric', cell: (r, o) => reading(r.billedReading, r, o) },
  { header: 'status', kind: 'text', cell: (r) => exportStatusOf(r.state) },
  { header: 'result_source', kind: 'text', cell: (r) => r.resultSource ?? '' },
  { header: 'to_review', kind: 'text', cell: (r) => (r.toReview ? 'yes' : 'no') },
  { header: 'meter_type', kind: 'text', cell: (r) => r.meterType ?? '' },
  { header: 'task_id', kind: 'text', cell: (r) => r.taskId ?? '' },
  { header: 'error', kind: 'text', cell: (r) => r.errorMessage ?? '' },
  { header: 'folder', kind: 'text', cell: (r) => r.rootPath },
  { header: 'ai_reading', kind: 'numeric', cell: (r, o) => reading(r.aiReading, r, o) },
  { header: 'review', kind: 'text', cell: (r) => REVIEW_WORDS[r.reviewAction ?? 'none'] },
  { header: 'batch_id', kind: 'text', cell: (r) => r.batchId ?? '' },
  { header: 'sha256', kind: 'text', cell: (r) => r.sha256 ?? '' },
  { header: 'created_at', kind: 'text', cell: (r) => r.createdAt ?? '' },
  { header: 'finished_at', kind: 'text', cell: (r) => r.finishedAt ?? '' },
  { header: 'ai_version', kind: 'text', cell: (r) => r.aiVersion ?? '' },
  {
    header: 'copy_of',
    kind: 'text',
    cell: (r) => (r.copyOf === null ? '' : portablePath(r.copyOf)),
  },
  { header: 'meter_id', kind: 'text', cell: (r) => r.meterId ?? '' },
  {
    header: 'read_at',
    kind: 'text',
    cell: (r, o) => (r.readAt === null ? '' : officeIso(r.readAt, o.timeZone)),
  },
  { header: 'codes', kind: 'text', cell: (r) => (r.photoCodes ?? []).join(' | ') },
];

export const HEADERS: readonly string[] = COLUMNS.map((c) => c.header);

/** Per column: whether the writer may pass the value through as a number. */
export const COLUMN_KINDS: readonly CellKind[] = COLUMNS.map((c) => c.kind);

/** The raw cell values of one record, in HEADERS order (neutralising is the writer's job). */
export function toCells(
  rec: ExportRecord,
  options: CellOptions = { decimalMark: '.', timeZone: officeTimeZone() },
): string[] {
  return COLUMNS.map((c) => c.cell(rec, options));
}
