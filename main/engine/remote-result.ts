import { jobMessage, quotedMessage } from '../../common/job-messages';
import type { FailureKind } from '../../common/job';
import type { ResultSummary } from '../../common/job-record';
import type { BatchItem, Task } from '../api/schemas';
import type { TaskResult } from '../store/jobs-repo';
import { readingsChanged } from '../billing/routes';
import type { EngineContext } from './context';

const FINAL_TASK = new Set(['done', 'failed']);

function isFinalTaskStatus(status: string): boolean {
  return FINAL_TASK.has(status);
}

function summaryOf(s: Task['resultSummary']): ResultSummary | null {
  const out: ResultSummary = {};
  for (const [k, v] of Object.entries(s))
    if (typeof v === 'string') out[k as keyof ResultSummary] = v;
  return Object.keys(out).length ? out : null;
}

/** Batch items carry no freshness flag (spec 2.6); the source implies it where it can. */
function latestFromSource(source: string): boolean | null {
  if (source === 'fresh' || source === 'cached_exact') return true;
  if (source === 'cached_stale') return false;
  return null;
}

/**
 * The service's `failure_kind` as MeterDesk's own: a file it could not use as an image is not a
 * reading the AI failed at (the clerk's fix differs: retake the photo, not try again).
 */
function failureOf(serviceKind: string): { kind: FailureKind; what: string } {
  if (/invalid|image|format|corrupt|unsupported/i.test(serviceKind)) {
    return {
      kind: 'server_rejected_type',
      what: 'The service could not use this file as an image',
    };
  }
  return { kind: 'ai_failed', what: 'The service could not read this photo' };
}

export interface ResultHints {
  /**
   * A creation answer: its `is_latest_ai_version` is not to be trusted (spec 2.1: a just-created
   * task carries false), so a result it already holds takes its freshness from the source.
   */
  readonly creation?: boolean;
  /** The failure kind a batch item gave, when the task read that replaced it has none. */
  readonly failureKind?: string;
}

/**
 * Turns a final task (or batch item) into what the queue stores, or null while it is not final.
 * A "done" without a reading is not trusted: billing must never get an empty value that looks
 * like a success.
 */
export function taskResultOf(t: Task | BatchItem, hints: ResultHints = {}): TaskResult | null {
  if (!isFinalTaskStatus(t.status)) return null;
  const full = 'isLatestAiVersion' in t ? t : null;
  const flagged = full && !hints.creation ? full.isLatestAiVersion : undefined;
  const base = {
    taskId: t.taskId,
    remoteStatus: t.status,
    meterType: full?.meterType?.trim() && full.meterType.trim() !== '-' ? full.meterType : null,
    resultSource: t.resultSource,
    isLatestAiVersion: flagged ?? latestFromSource(t.resultSource),
    resultSummary: full ? summaryOf(full.resultSummary) : null,
    remoteCreatedAt: full?.createdAt ?? null,
    // No answer names it: stamped later, when AI status reads tell it (ai-versions.ts).
    aiVersion: null,
  };
  if (t.status === 'done' && t.reading !== null) {
    return {
      ...base,
      state: 'done',
      finalReading: t.reading,
      errorMessage: null,
      failureKind: null,
      serviceFailureKind: null,
    };
  }
  const serviceKind = (t.failureKind ?? '').trim() || (hints.failureKind ?? '').trim();
  const failure = failureOf(serviceKind);
  const message =
    t.status === 'done'
      ? jobMessage('doneWithoutReading', {})
      : quotedMessage(`${t.errorMessage || failure.what}${serviceKind ? ` (${serviceKind})` : ''}`);
  return {
    ...base,
    state: 'failed',
    // No reading, so no AI version to speak of (a failed task carries false).
    isLatestAiVersion: null,
    finalReading: null,
    errorMessage: message,
    failureKind: t.status === 'done' ? 'ai_failed' : failure.kind,
    serviceFailureKind: serviceKind || null,
  };
}

/**
 * Stores final results and tells the window. The task never says which AI version read it: a
 * result marked latest gets its version once AI status reads show which it was (ai-versions.ts),
 * never the version that happens to be current when the answer arrives.
 */
export function storeResults(
  ctx: EngineContext,
  results: readonly { jobId: number; result: TaskResult }[],
): void {
  if (results.length === 0) return;
  const now = ctx.now();
  const latest = results
    .filter(({ result }) => result.isLatestAiVersion === true)
    .map(({ jobId, result }) => {
      const sent = ctx.store.jobs.get(jobId)?.submittedAt;
      return { taskId: result.taskId, since: sent ? Date.parse(sent) : now, until: now };
    });
  const updated = ctx.store.jobs.applyResults(results);
  if (latest.length > 0) ctx.resultsRead(latest);
  ctx.changed(updated);
  // The readings of these photos' meters are checked now (plausibility, baselines).
  ctx.changed(readingsChanged(ctx.store, updated, new Date(ctx.now())));
  ctx.ended(
    results.map(({ result }) => ({
      taskId: result.taskId,
      fresh: result.resultSource === 'fresh',
    })),
  );
}
