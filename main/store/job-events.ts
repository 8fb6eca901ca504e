import type Database from 'better-sqlite3';
import type { JobState } from '../../common/job';
import type { JobEvent } from '../../common/job-record';

/**
 * The sentences the store itself writes into a job's history, one place for all of them (the
 * engine's own come from common/job-messages.ts and arrive here as written).
 */
export const STORE_EVENTS = {
  resultReused: (relPath: string) => `Same photo as ${relPath}: result reused, not uploaded again`,
  readableNow: () => 'Scanned again: the file is a readable photo now',
  uploading: () => 'Uploading',
  submitted: (taskId: string, batchId: string | null, batchIndex: number | null) =>
    `Submitted as task ${taskId} (${batchId ? `batch ${batchId} item ${String(batchIndex)}` : 'single task'})`,
  reading: (reading: string | null, source: string | null) =>
    `Reading ${reading ?? '-'} (${source ?? 'unknown source'})`,
  failed: (reason: string | null) => `Failed: ${reason ?? 'no reason given'}`,
  sharedWithTwin: (what: string) => `${what}, shared with an identical photo`,
  confirmed: () => 'Reading confirmed in review',
  corrected: (reading: string | null) => `Reading corrected to ${reading ?? ''}`,
  reviewUndoneToReview: () => 'Review undone: the reading waits for review again',
  reviewUndoneToConfirmed: () => 'Review undone: back to confirmed as read by the AI',
  reviewUndoneToCorrected: (reading: string | null) =>
    `Review undone: back to corrected to ${reading ?? ''}`,
  retryRequested: () => 'Retry requested',
} as const;

/** A job's history: the one statement that writes it and the one that reads it. */
export class JobEventLog {
  private readonly insert;
  private readonly byJob;

  constructor(db: Database.Database) {
    this.insert = db.prepare<[number, string, JobState, string]>(
      'INSERT INTO job_events (job_id, at, state, message) VALUES (?, ?, ?, ?)',
    );
    this.byJob = db.prepare<
      [number],
      { job_id: number; at: string; state: JobState; message: string }
    >('SELECT job_id, at, state, message FROM job_events WHERE job_id = ? ORDER BY id');
  }

  write(jobId: number, state: JobState, message: string, at: string): void {
    this.insert.run(jobId, at, state, message);
  }

  list(jobId: number): JobEvent[] {
    return this.byJob
      .all(jobId)
      .map((e) => ({ jobId: e.job_id, at: e.at, state: e.state, message: e.message }));
  }
}
