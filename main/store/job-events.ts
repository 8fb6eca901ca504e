import type Database from 'better-sqlite3';
import type { JobState } from '../../common/job';
import {
  jobMessage,
  quotedMessage,
  storedJobMessage,
  type JobMessage,
} from '../../common/job-messages';
import type { JobEvent } from '../../common/job-record';

/**
 * The store's own lines in a job's history, one place for all of them, as codes and parameters
 * (common/job-messages.ts; the engine's own arrive here coded too).
 */
export const STORE_EVENTS = {
  resultReused: (relPath: string) => jobMessage('sameAs', { file: relPath }),
  readableNow: () => jobMessage('scannedAgain', {}),
  uploading: () => jobMessage('uploading', {}),
  submitted: (taskId: string, batchId: string | null, batchIndex: number | null) =>
    batchId
      ? jobMessage('submittedBatch', { task: taskId, batch: batchId, item: String(batchIndex) })
      : jobMessage('submittedSingle', { task: taskId }),
  reading: (reading: string | null, source: string | null, shared: boolean) =>
    jobMessage(shared ? 'readShared' : 'read', {
      reading: reading ?? '-',
      source: source ?? 'unknown source',
    }),
  /** Another desk of the office read the same photo: its reading taken, nothing sent here. */
  readByDesk: (reading: string, source: string | null, desk: string) =>
    jobMessage('readByDesk', { reading, source: source ?? 'unknown source', desk }),
  /** A failed task's history line is its error. */
  failed: (reason: JobMessage | null) => reason ?? quotedMessage('no reason given'),
  confirmed: () => jobMessage('confirmed', {}),
  corrected: (reading: string | null) => jobMessage('corrected', { reading: reading ?? '' }),
  reviewUndoneToReview: () => jobMessage('undoneToReview', {}),
  reviewUndoneToConfirmed: () => jobMessage('undoneToConfirmed', {}),
  reviewUndoneToCorrected: (reading: string | null) =>
    jobMessage('undoneToCorrected', { reading: reading ?? '' }),
  /** Office mode: another desk's review of the same photo, taken from the office. */
  confirmedAtDesk: (desk: string) => jobMessage('confirmedAtDesk', { desk }),
  correctedAtDesk: (reading: string | null, desk: string) =>
    jobMessage('correctedAtDesk', { reading: reading ?? '', desk }),
  reviewUndoneAtDesk: (desk: string) => jobMessage('undoneAtDesk', { desk }),
  retryRequested: () => jobMessage('retryRequested', {}),
} as const;

/** A job's error as its two columns (error_code, error_params); both null for none. */
export function errorColumns(message: JobMessage | null): {
  errorCode: string | null;
  errorParams: string | null;
} {
  return message === null
    ? { errorCode: null, errorParams: null }
    : { errorCode: message.code, errorParams: JSON.stringify(message.params) };
}

/** A job's error from its two columns. */
export function errorOf(code: string | null, params: string | null): JobMessage | null {
  return code === null ? null : storedJobMessage(code, params ?? '{}');
}

/** A job's history: the one statement that writes it and the one that reads it. */
export class JobEventLog {
  private readonly insert;
  private readonly byJob;

  constructor(db: Database.Database) {
    this.insert = db.prepare<[number, string, JobState, string, string]>(
      'INSERT INTO job_events (job_id, at, state, code, params) VALUES (?, ?, ?, ?, ?)',
    );
    this.byJob = db.prepare<
      [number],
      { job_id: number; at: string; state: JobState; code: string; params: string }
    >('SELECT job_id, at, state, code, params FROM job_events WHERE job_id = ? ORDER BY id');
  }

  write(jobId: number, state: JobState, message: JobMessage, at: string): void {
    this.insert.run(jobId, at, state, message.code, JSON.stringify(message.params));
  }

  list(jobId: number): JobEvent[] {
    return this.byJob.all(jobId).map((e) => ({
      jobId: e.job_id,
      at: e.at,
      state: e.state,
      message: storedJobMessage(e.code, e.params),
    }));
  }
}
