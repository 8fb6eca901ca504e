// JSON shapes of spec 2.1, 2.2 and 2.6, exactly the documented fields per endpoint.

import { isoUtc } from './clock';
import type { BatchRecord } from './stores';
import { FINAL_STATUSES } from './task-record';
import type { TaskRecord } from './task-record';

export interface ResultSummary {
  resultKind: string;
  primaryLabel: string;
  primaryValue: string;
  secondaryLabel: string;
  secondaryValue: string;
  summaryText: string;
}

const PENDING_TEXT: Readonly<Record<string, string>> = {
  queued: 'No result yet: the image is queued for recognition.',
  running: 'No result yet: recognition is in progress.',
  waiting_ai: 'No result yet: waiting for the AI service to come back online.',
};

function summaryText(task: TaskRecord): string {
  const what = `${task.finalReading} (${task.meterType} meter)`;
  switch (task.resultSource) {
    case 'fresh':
      return `Water meter reading ${what}.`;
    case 'cached_exact':
      return `Water meter reading ${what}, from the cached result of ${task.resultAiVersion ?? 'the current AI version'}.`;
    case 'cached_stale':
      return `Historical water meter reading ${what} from ${task.resultAiVersion ?? 'an earlier AI version'}, returned while the AI service is offline; review it.`;
    case 'failed':
      return `Recognition failed: ${task.errorMessage}`;
    case 'pending':
      return PENDING_TEXT[task.status] ?? 'No result yet.';
  }
}

export function resultSummary(task: TaskRecord): ResultSummary {
  const hasResult = task.status === 'done';
  return {
    resultKind: hasResult ? 'water_meter' : 'unknown',
    primaryLabel: 'Reading',
    primaryValue: hasResult ? task.finalReading : '-',
    secondaryLabel: 'Meter type',
    secondaryValue: hasResult ? task.meterType : '-',
    summaryText: summaryText(task),
  };
}

/** 'yes' for done, 'no' for failed, '-' while not final. */
function successOf(task: TaskRecord): string {
  if (task.status === 'done') return 'yes';
  if (task.status === 'failed') return 'no';
  return '-';
}

/** POST /api/open/tasks (spec 4.3): no meter_type, no success. */
export function creationView(task: TaskRecord, aiOnline: boolean): Record<string, unknown> {
  return {
    ok: true,
    task_id: task.id,
    status: task.status,
    result_source: task.resultSource,
    visibility: 'private',
    ai_online: aiOnline,
    is_latest_ai_version: task.isLatestAiVersion,
    final_reading: task.finalReading,
    result_summary: resultSummary(task),
    error_message: task.errorMessage,
    created_at: isoUtc(task.createdAt),
  };
}

/** GET /api/open/tasks/{id} (spec 4.4). */
export function readView(task: TaskRecord, aiOnline: boolean): Record<string, unknown> {
  return {
    ok: true,
    task_id: task.id,
    status: task.status,
    result_source: task.resultSource,
    ai_online: aiOnline,
    is_latest_ai_version: task.isLatestAiVersion,
    final_reading: task.finalReading,
    meter_type: task.meterType,
    success: successOf(task),
    result_summary: resultSummary(task),
    error_message: task.errorMessage,
    created_at: isoUtc(task.createdAt),
  };
}

/** An item of GET /api/open/tasks (spec 4.5). */
export function listItemView(
  task: TaskRecord,
  aiOnline: boolean,
  emptySummary: boolean,
): Record<string, unknown> {
  return {
    task_id: task.id,
    status: task.status,
    result_source: task.resultSource,
    final_reading: task.finalReading,
    meter_type: task.meterType,
    success: successOf(task),
    result_summary: emptySummary ? {} : resultSummary(task),
    ai_online: aiOnline,
    is_latest_ai_version: task.isLatestAiVersion,
    created_at: isoUtc(task.createdAt),
    error_message: task.errorMessage,
  };
}

/**
 * Batch status: batch_done once every item is final (failed items included: failed_count says
 * how many); batch_waiting_ai when every unfinished item waits for the AI; else batch_running.
 */
export function batchStatus(batch: BatchRecord): string {
  const open = batch.tasks.filter((t) => !FINAL_STATUSES.has(t.status));
  if (open.length === 0) return 'batch_done';
  if (open.every((t) => t.status === 'waiting_ai')) return 'batch_waiting_ai';
  return 'batch_running';
}

/** POST and GET of batches (spec 2.6). */
export function batchView(batch: BatchRecord): Record<string, unknown> {
  let done = 0;
  let failed = 0;
  for (const t of batch.tasks) {
    if (t.status === 'done') done += 1;
    else if (t.status === 'failed') failed += 1;
  }
  return {
    ok: true,
    batch_id: batch.id,
    status: batchStatus(batch),
    total_count: batch.tasks.length,
    done_count: done,
    failed_count: failed,
    pending_count: batch.tasks.length - done - failed,
    items: batch.tasks.map((t, index) => ({
      index,
      file_name: t.fileName,
      task_id: t.id,
      status: t.status,
      result_source: t.resultSource,
      final_reading: t.finalReading,
      failure_kind: t.failureKind,
      error_message: t.errorMessage,
    })),
  };
}
