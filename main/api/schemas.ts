// Response schemas (spec section 2). They are deliberately tolerant: extra fields are ignored,
// enumerations the spec leaves open pass through as strings, and fields the engine does not rely on
// are optional (a wrong type there is dropped, not fatal). The few fields a reading depends on are
// required and strictly typed, so a damaged answer is an error and never a silently wrong reading.
import { z } from 'zod';
import type { ResultSource } from '../../common/job';

/** An open string type that still autocompletes the values the spec shows. */
type Open<T extends string> = T | (string & Record<never, never>);

export type TaskStatus = Open<'queued' | 'running' | 'waiting_ai' | 'done' | 'failed'>;
export type BatchStatus = Open<'batch_waiting_ai' | 'batch_running' | 'batch_done'>;
export type ResultSourceValue = Open<ResultSource>;

/** The text the service puts in final_reading while there is no result (spec 2.1). */
export const NO_READING = '-';

/** An informational field: kept when well-typed, dropped (undefined) when absent or garbage. */
function info<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

const text = z.string();
const id = z.string().min(1);
/**
 * A task or batch id: the client asks about it later as one path segment (client.ts), so an id
 * that cannot be one ('.', '..', absurdly long) makes the answer unusable here, where it is a
 * retry, rather than a task that can never be polled.
 */
const resourceId = id.max(256).refine((v) => v !== '.' && v !== '..', 'not usable as an id');
const count = z.number().int();

/** The reading, or null while the service still shows its placeholder. */
function readingOf(finalReading: string): string | null {
  const trimmed = finalReading.trim();
  return trimmed === '' || trimmed === NO_READING ? null : finalReading;
}

const resultSummarySchema = z
  .object({
    resultKind: info(text),
    primaryLabel: info(text),
    primaryValue: info(text),
    secondaryLabel: info(text),
    secondaryValue: info(text),
    summaryText: info(text),
  })
  .catch({});
export type ResultSummary = z.output<typeof resultSummarySchema>;

/** A task as the engine sees it (creation, read and list item share it; spec 2.1). */
export interface Task {
  readonly taskId: string;
  readonly status: TaskStatus;
  readonly resultSource: ResultSourceValue;
  /** Exactly what the service sent, placeholder included. */
  readonly finalReading: string;
  /** The reading, or null while the service shows no result ('-' or empty). */
  readonly reading: string | null;
  readonly visibility: string | undefined;
  readonly aiOnline: boolean | undefined;
  /** false: historical result, usable but to be reviewed; undefined: the service did not say. */
  readonly isLatestAiVersion: boolean | undefined;
  readonly meterType: string | undefined;
  readonly success: string | undefined;
  readonly resultSummary: ResultSummary;
  /** '' when none; on a non-final task the latest retry or wait reason. */
  readonly errorMessage: string;
  readonly createdAt: string | undefined;
  /** Not in the spec's task object (only batch items have it), but kept when a service sends it. */
  readonly failureKind: string | undefined;
}

/** Every task shape (creation, read, list item) shares these; the differences are optional. */
const taskSchema = z
  .object({
    task_id: resourceId,
    status: id,
    result_source: id,
    final_reading: text,
    visibility: info(text),
    ai_online: info(z.boolean()),
    is_latest_ai_version: info(z.boolean()),
    meter_type: info(text),
    success: info(text),
    result_summary: resultSummarySchema.optional(),
    error_message: info(text),
    created_at: info(text),
    failure_kind: info(text),
  })
  .transform((t): Task => ({
    taskId: t.task_id,
    status: t.status,
    resultSource: t.result_source,
    finalReading: t.final_reading,
    reading: readingOf(t.final_reading),
    visibility: t.visibility,
    aiOnline: t.ai_online,
    isLatestAiVersion: t.is_latest_ai_version,
    meterType: t.meter_type,
    success: t.success,
    resultSummary: t.result_summary ?? {},
    errorMessage: t.error_message ?? '',
    createdAt: t.created_at,
    failureKind: t.failure_kind,
  }));

// `ok` is checked in client.ts before these schemas run: ok:false is a classified error.

export const taskResponseSchema = taskSchema;

// One damaged list item must not hide the others: items are validated one by one in client.ts.
export const taskListResponseSchema = z.object({ items: z.array(z.unknown()) });
export const taskListItemSchema = taskSchema;

const quotaSchema = z
  .object({
    account_type: info(text),
    daily_limit: info(count),
    used: info(count),
    remaining: count,
    day_tag: info(text),
    is_unlimited: info(z.boolean()),
    monthly_remaining: info(count),
    monthly_bonus_remaining: info(count),
    fixed_remaining: info(count),
    nearest_expire_at: info(z.union([text, z.number()]).nullable()),
    quota_summary_text: info(text),
  })
  .transform((q) => ({
    accountType: q.account_type,
    dailyLimit: q.daily_limit,
    used: q.used,
    remaining: q.remaining,
    dayTag: q.day_tag,
    isUnlimited: q.is_unlimited ?? false,
    monthlyRemaining: q.monthly_remaining,
    monthlyBonusRemaining: q.monthly_bonus_remaining,
    fixedRemaining: q.fixed_remaining,
    nearestExpireAt: q.nearest_expire_at,
    summaryText: q.quota_summary_text ?? '',
  }));

export const quotaResponseSchema = z
  .object({ email: info(text), quota: quotaSchema })
  .transform((r) => ({ email: r.email, ...r.quota }));
export type Quota = z.output<typeof quotaResponseSchema>;

export const aiStatusResponseSchema = z
  .object({
    is_online: z.boolean(),
    accepts_new_tasks: z.boolean(),
    busy: info(z.boolean()),
    active_jobs: info(count),
    public_status: info(text),
    public_status_label: info(text),
    public_status_reason: info(text),
    can_return_cached_result: info(z.boolean()),
    queue_state: info(text),
    queue_count: info(count),
    current_ai_version: info(text),
    last_checked_at: info(text),
  })
  .transform((s) => ({
    isOnline: s.is_online,
    acceptsNewTasks: s.accepts_new_tasks,
    busy: s.busy,
    activeJobs: s.active_jobs,
    publicStatus: s.public_status,
    publicStatusLabel: s.public_status_label,
    publicStatusReason: s.public_status_reason,
    canReturnCachedResult: s.can_return_cached_result,
    queueState: s.queue_state,
    queueCount: s.queue_count,
    currentAiVersion: s.current_ai_version,
    lastCheckedAt: s.last_checked_at,
  }));
export type AiStatus = z.output<typeof aiStatusResponseSchema>;

export interface BatchItem {
  /** Zero-based position of the file in the upload. */
  readonly index: number;
  readonly taskId: string;
  readonly status: TaskStatus;
  readonly resultSource: ResultSourceValue;
  readonly finalReading: string;
  readonly reading: string | null;
  readonly fileName: string | undefined;
  readonly failureKind: string;
  readonly errorMessage: string;
}

export interface Batch {
  readonly batchId: string;
  readonly status: BatchStatus;
  /** Sorted by index; indexes are unique. */
  readonly items: readonly BatchItem[];
  readonly totalCount: number | undefined;
  readonly doneCount: number | undefined;
  readonly failedCount: number | undefined;
  readonly pendingCount: number | undefined;
}

const batchItemSchema = z
  .object({
    index: count.min(0),
    task_id: resourceId,
    status: id,
    result_source: id,
    final_reading: text,
    file_name: info(text),
    failure_kind: info(text),
    error_message: info(text),
  })
  .transform((i): BatchItem => ({
    index: i.index,
    taskId: i.task_id,
    status: i.status,
    resultSource: i.result_source,
    finalReading: i.final_reading,
    reading: readingOf(i.final_reading),
    fileName: i.file_name,
    failureKind: i.failure_kind ?? '',
    errorMessage: i.error_message ?? '',
  }));

export const batchResponseSchema = z
  .object({
    batch_id: resourceId,
    status: id,
    items: z.array(batchItemSchema),
    total_count: info(count),
    done_count: info(count),
    failed_count: info(count),
    pending_count: info(count),
  })
  // Items are matched to files by index, so a repeated index would attach a reading to the
  // wrong photo: reject the whole answer instead.
  .refine((b) => new Set(b.items.map((i) => i.index)).size === b.items.length, {
    message: 'duplicate item index',
    path: ['items'],
  })
  .transform((b): Batch => ({
    batchId: b.batch_id,
    status: b.status,
    items: [...b.items].sort((x, y) => x.index - y.index),
    totalCount: b.total_count,
    doneCount: b.done_count,
    failedCount: b.failed_count,
    pendingCount: b.pending_count,
  }));

/** A short description of what was wrong, naming paths but never echoing values. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.code}`)
    .join('; ');
}
