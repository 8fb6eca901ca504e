// The billing export's columns. The first eight are the contract billing tools read by name and
// position; the rest are for audits and may grow at the end only.

import path from 'node:path';
import { exportStatusOf, type JobState } from '../../common/job';
import type { CellKind } from './csv';

/** Everything the export needs to know about one job; the store produces these. */
export interface ExportRecord {
  /** The folder the user added, as given (native separators). */
  rootPath: string;
  /** The file's path below rootPath (native separators). */
  relPath: string;
  state: JobState;
  /** The reading to bill: the reviewer's when reviewed, else the service's final_reading. */
  finalReading: string | null;
  /** The service's final_reading as received. */
  aiReading: string | null;
  reviewAction: 'accepted' | 'corrected' | null;
  resultSource: string | null;
  needsReview: boolean;
  meterType: string | null;
  taskId: string | null;
  batchId: string | null;
  errorMessage: string | null;
  sha256: string | null;
  createdAt: string | null;
  finishedAt: string | null;
  /** The AI version that read the photo, when known. */
  aiVersion: string | null;
}

interface Column {
  readonly header: string;
  readonly kind: CellKind;
  readonly cell: (rec: ExportRecord) => string;
}

/** The service reports `-` while it has no reading (spec 2.2); the export shows an empty cell. */
const NO_READING = '-';

function reading(value: string | null): string {
  const trimmed = value?.trim() ?? '';
  return trimmed === NO_READING ? '' : trimmed;
}

/** Always `/`, so exports from Windows and macOS machines compare equal. */
function portablePath(relPath: string): string {
  return path.sep === '/' ? relPath : relPath.split(path.sep).join('/');
}

export const COLUMNS: readonly Column[] = [
  { header: 'file', kind: 'text', cell: (r) => portablePath(r.relPath) },
  {
    header: 'reading',
    kind: 'numeric',
    cell: (r) => reading(r.finalReading) || reading(r.aiReading),
  },
  { header: 'status', kind: 'text', cell: (r) => exportStatusOf(r.state) },
  { header: 'result_source', kind: 'text', cell: (r) => r.resultSource ?? '' },
  { header: 'needs_review', kind: 'text', cell: (r) => (r.needsReview ? 'yes' : 'no') },
  { header: 'meter_type', kind: 'text', cell: (r) => r.meterType ?? '' },
  { header: 'task_id', kind: 'text', cell: (r) => r.taskId ?? '' },
  { header: 'error', kind: 'text', cell: (r) => r.errorMessage ?? '' },
  { header: 'folder', kind: 'text', cell: (r) => r.rootPath },
  { header: 'ai_reading', kind: 'numeric', cell: (r) => reading(r.aiReading) },
  { header: 'review', kind: 'text', cell: (r) => r.reviewAction ?? '' },
  { header: 'batch_id', kind: 'text', cell: (r) => r.batchId ?? '' },
  { header: 'sha256', kind: 'text', cell: (r) => r.sha256 ?? '' },
  { header: 'created_at', kind: 'text', cell: (r) => r.createdAt ?? '' },
  { header: 'finished_at', kind: 'text', cell: (r) => r.finishedAt ?? '' },
  { header: 'ai_version', kind: 'text', cell: (r) => r.aiVersion ?? '' },
];

export const HEADERS: readonly string[] = COLUMNS.map((c) => c.header);

/** Per column: whether the writer may pass the value through as a number. */
export const COLUMN_KINDS: readonly CellKind[] = COLUMNS.map((c) => c.kind);

/** The raw cell values of one record, in HEADERS order (neutralising is the writer's job). */
export function toCells(rec: ExportRecord): string[] {
  return COLUMNS.map((c) => c.cell(rec));
}
