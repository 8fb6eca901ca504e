import type { CheckLevel } from './billing/plausibility-types';
import type { MatchHow, ReadingCheck } from './billing/reading-check';
import type { ReadDateNote } from './billing/read-date-notes';
import type { FailureKind, JobState } from './job';
import type { JobMessage } from './job-messages';
import type { HoldReason } from './photo-checks';

/** One file MeterDesk knows about, as the engine stores it and the UI shows it. */
export interface JobRecord {
  id: number;
  rootId: number;
  path: string;
  relPath: string;
  size: number;
  mtimeMs: number;
  sha256: string | null;
  format: string | null;
  state: JobState;
  /** The service's last reported status (task or batch item), when submitted. */
  remoteStatus: string | null;
  taskId: string | null;
  batchId: string | null;
  batchIndex: number | null;
  business: string | null;
  /** What the AI read (the service's final_reading); the billed reading is billedReading(). */
  aiReading: string | null;
  meterType: string | null;
  resultSource: string | null;
  isLatestAiVersion: boolean | null;
  /** The AI version that read the photo, when known (a result marked latest, AI status known). */
  aiVersion: string | null;
  resultSummary: ResultSummary | null;
  /** Why it failed, was not sent or waits: a coded message, worded at the edge (job-messages.ts). */
  errorMessage: JobMessage | null;
  failureKind: FailureKind | null;
  /** The service's own failure_kind of a failed task, as it said it. */
  serviceFailureKind: string | null;
  toReview: boolean;
  reviewAction: 'accepted' | 'corrected' | null;
  reviewedReading: string | null;
  reviewedAt: string | null;
  uploadAttempts: number;
  resubmits: number;
  /** Upload or poll not before this time (ms since epoch). */
  nextAttemptAt: number;
  /** Upload as a single task even when batches are in use (a batch once refused it). */
  solo: boolean;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  remoteCreatedAt: string | null;
  finishedAt: string | null;
  /** Times the service was asked about this job's task. */
  pollCount: number;
  /** The meter of a loaded route sheet this photo was matched to, and how. */
  meterId: string | null;
  matchHow: MatchHow | null;
  /** When the photo was taken (EXIF), or its file time when the camera left none. */
  readAt: string | null;
  readAtSource: 'exif' | 'file_time' | null;
  /** Why the read date is less than sure (a file time, no time zone), as a code the edges word. */
  readAtNote: ReadDateNote | null;
  /** The plausibility of the reading for its meter; null without a meter or a reading. */
  plausibility: CheckLevel | null;
  plausibilityDetail: ReadingCheck | null;
  /** Why the quality check holds this queued photo back (not sent, no quota spent); null if not. */
  holdReason: HoldReason | null;
  /**
   * Office mode: the desk of the office whose reading this photo waits for (queued) or took
   * (done, not sent or paid here); null when this desk sends it itself or works alone.
   */
  officeDesk: string | null;
}

export interface ResultSummary {
  resultKind?: string;
  primaryLabel?: string;
  primaryValue?: string;
  secondaryLabel?: string;
  secondaryValue?: string;
  summaryText?: string;
}

export interface RootRecord {
  id: number;
  path: string;
  kind: 'folder' | 'file';
  addedAt: string;
}

export interface JobEvent {
  jobId: number;
  at: string;
  state: JobState;
  message: JobMessage;
}

/** `held`: queued photos the quality check holds back, not counted in `queued`. */
export type StateCounts = Record<JobState, number> & {
  /** Photos a person still has to look at (jobs.to_review); a meter's count is flaggedMeters. */
  photosToReview: number;
  total: number;
  held: number;
};

/** The counts of an empty queue, a fresh object each time. */
export function emptyCounts(): StateCounts {
  return {
    queued: 0,
    uploading: 0,
    submitted: 0,
    done: 0,
    failed: 0,
    rejected: 0,
    photosToReview: 0,
    total: 0,
    held: 0,
  };
}
