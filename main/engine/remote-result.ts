import type { ResultSummary } from '../../common/job-record';
import type { BatchItem, Task } from '../api/schemas';
import type { TaskResult } from '../store/jobs-repo';
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
 * Turns a final task (or batch item) into what the queue stores, or null while it is not final.
 * A "done" without a reading is not trusted: billing must never get an empty value that looks
 * like a success.
 */
export function taskResultOf(t: Task | BatchItem): TaskResult | null {
  if (!isFinalTaskStatus(t.status)) return null;
  const full = 'isLatestAiVersion' in t ? t : null;
  const base = {
    taskId: t.taskId,
    remoteStatus: t.status,
    meterType: full?.meterType?.trim() && full.meterType.trim() !== '-' ? full.meterType : null,
    resultSource: t.resultSource,
    isLatestAiVersion: full ? (full.isLatestAiVersion ?? null) : latestFromSource(t.resultSource),
    resultSummary: full ? summaryOf(full.resultSummary) : null,
    remoteCreatedAt: full?.createdAt ?? null,
    // Known only to the engine, which knows the service's current version (stampAiVersion).
    aiVersion: null,
  };
  if (t.status === 'done' && t.reading !== null) {
    return {
      ...base,
      state: 'done',
      finalReading: t.reading,
      errorMessage: null,
      failureKind: null,
    };
  }
  const kind = 'failureKind' in t && t.failureKind ? ` (${t.failureKind})` : '';
  const message =
    t.status === 'done'
      ? 'The service reported the task done but gave no reading'
      : `${t.errorMessage || 'The service could not read this photo'}${kind}`;
  return {
    ...base,
    state: 'failed',
    finalReading: null,
    errorMessage: message,
    failureKind: 'ai_failed',
  };
}

/**
 * Stores final results and tells the window. A result marked latest was read by the version the
 * service names current now: the task itself never says which version read it.
 */
export function storeResults(
  ctx: EngineContext,
  results: readonly { jobId: number; result: TaskResult }[],
): void {
  if (results.length === 0) return;
  const current = ctx.currentAiVersion();
  const stamped = results.map(({ jobId, result }) => ({
    jobId,
    result:
      result.isLatestAiVersion === true && current ? { ...result, aiVersion: current } : result,
  }));
  ctx.changed(ctx.store.jobs.applyResults(stamped));
}
