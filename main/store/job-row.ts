import type { FailureKind, JobState } from '../../common/job';
import type { CheckLevel } from '../../common/billing/plausibility-types';
import type { MatchHow, ReadingCheck } from '../../common/billing/reading-check';
import { storedReadDateNote } from '../../common/billing/read-date-notes';
import type { JobRecord, ResultSummary } from '../../common/job-record';
import { isHoldReason, type PhotoCheckState } from '../../common/photo-checks';
import { errorOf } from './job-events';

/** A jobs row exactly as SQLite returns it. */
export interface JobRow {
  id: number;
  root_id: number;
  path: string;
  rel_path: string;
  size: number;
  mtime_ms: number;
  sha256: string | null;
  format: string | null;
  state: JobState;
  remote_status: string | null;
  task_id: string | null;
  batch_id: string | null;
  batch_index: number | null;
  business: string | null;
  final_reading: string | null;
  meter_type: string | null;
  result_source: string | null;
  is_latest_ai_version: number | null;
  ai_version: string | null;
  result_summary: string | null;
  error_code: string | null;
  error_params: string | null;
  failure_kind: string | null;
  service_failure_kind: string | null;
  review_action: 'accepted' | 'corrected' | null;
  reviewed_reading: string | null;
  reviewed_at: string | null;
  upload_attempts: number;
  resubmits: number;
  next_attempt_at: number;
  solo: number;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  remote_created_at: string | null;
  finished_at: string | null;
  to_review: number;
  poll_count: number;
  meter_id: string | null;
  match_how: MatchHow | null;
  read_at: string | null;
  read_at_source: 'exif' | 'file_time' | null;
  read_at_note_code: string | null;
  read_at_note_params: string | null;
  plausibility: CheckLevel | null;
  plausibility_detail: string | null;
  photo_check: PhotoCheckState | null;
  hold_reason: string | null;
  office_desk: string | null;
}

/** Damaged JSON must not take the row down with it (one bad row never blocks the rest). */
function parseObject(text: string | null): object | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}

// Written by this program (jobs-repo, billing/assess) as these shapes.
const parseSummary = (text: string | null): ResultSummary | null => parseObject(text);

export function toJobRecord(r: JobRow): JobRecord {
  return {
    id: r.id,
    rootId: r.root_id,
    path: r.path,
    relPath: r.rel_path,
    size: r.size,
    mtimeMs: r.mtime_ms,
    sha256: r.sha256,
    format: r.format,
    state: r.state,
    remoteStatus: r.remote_status,
    taskId: r.task_id,
    batchId: r.batch_id,
    batchIndex: r.batch_index,
    business: r.business,
    aiReading: r.final_reading,
    meterType: r.meter_type,
    resultSource: r.result_source,
    // Only a reading has an AI version: a failed task's flag (the service sends false) said
    // "older AI version" beside a photo that was never read.
    isLatestAiVersion:
      r.state !== 'done' || r.is_latest_ai_version === null ? null : r.is_latest_ai_version === 1,
    aiVersion: r.ai_version,
    resultSummary: parseSummary(r.result_summary),
    errorMessage: errorOf(r.error_code, r.error_params),
    failureKind: r.failure_kind as FailureKind | null,
    serviceFailureKind: r.service_failure_kind,
    // What the review queue holds: historical results and readings a rule flagged.
    toReview: r.to_review === 1,
    reviewAction: r.review_action,
    reviewedReading: r.reviewed_reading,
    reviewedAt: r.reviewed_at,
    uploadAttempts: r.upload_attempts,
    resubmits: r.resubmits,
    nextAttemptAt: r.next_attempt_at,
    solo: r.solo === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    submittedAt: r.submitted_at,
    remoteCreatedAt: r.remote_created_at,
    finishedAt: r.finished_at,
    pollCount: r.poll_count,
    meterId: r.meter_id,
    matchHow: r.match_how,
    readAt: r.read_at,
    readAtSource: r.read_at_source,
    readAtNote: storedReadDateNote(r.read_at_note_code, r.read_at_note_params),
    plausibility: r.plausibility,
    plausibilityDetail: parseObject(r.plausibility_detail) as ReadingCheck | null,
    holdReason:
      r.state === 'queued' && r.photo_check === 'held' && isHoldReason(r.hold_reason)
        ? r.hold_reason
        : null,
    officeDesk: r.office_desk,
  };
}
