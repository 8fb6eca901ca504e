// Domain vocabulary shared by the engine, the IPC contract and the UI.

/** Where a job is in MeterDesk's own life cycle (not the service's task status). */
export const JOB_STATES = [
  'queued',
  'uploading',
  'submitted',
  'done',
  'failed',
  'rejected',
] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Result sources of spec 2.5; the service may add others, so treat the type as open. */
export type ResultSource = 'fresh' | 'cached_exact' | 'cached_stale' | 'pending' | 'failed';

/** Why a file was not sent (rejected) or why it ended failed. */
export const FAILURE_KINDS = [
  // rejected locally by the scanner, never sent
  'empty_file',
  'too_large',
  'unsupported_format',
  'unreadable',
  'vanished',
  // given up after the service refused or failed it
  'server_rejected_size',
  'server_rejected_type',
  'ai_failed',
  'task_lost',
  'changed_on_disk',
  'service_error',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export type BatchMode = 'auto' | 'always' | 'never';

/** Business values seen in the spec; any other string is passed through. */
export const KNOWN_BUSINESSES = ['water_v3_meter', 'water_v3_foreign', 'cax'] as const;

export const ACCEPTED_FORMATS = ['JPEG', 'PNG', 'WEBP'] as const;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_BATCH_FILES = 8;
export const MAX_BATCH_BYTES = 20 * 1024 * 1024;

/** The states the export and the UI group jobs into. */
export type ExportStatus = 'done' | 'failed' | 'rejected' | 'pending';

export function exportStatusOf(state: JobState): ExportStatus {
  return state === 'done' || state === 'failed' || state === 'rejected' ? state : 'pending';
}
