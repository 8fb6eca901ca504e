// Every queued job through the engine's transitions queued -> uploading -> submitted -> done, with
// the repository calls and call sizes the engine uses, each call timed:
//   dueUploads(now, n)   picks the next unit          (engine.ts dispatchUploads)
//   markUploading(ids)   one unit                     (engine.ts dispatchUploads)
//   markSubmitted(items) one upload's answer          (uploads.ts runUpload)
//   applyResults(items)  one poll's final results     (polls.ts finish)
// `perCall` 8 is a batch (MAX_BATCH_FILES: batch mode auto/always, the default); 1 is a single
// task (batch mode never, and a task polled on its own).
import type { Store } from '../../main/store/store';
import type { TaskResult } from '../../main/store/jobs-repo';

export type CycleStep = 'dueUploads' | 'markUploading' | 'markSubmitted' | 'applyResults';

export interface CycleTiming {
  readonly perCall: number;
  readonly jobs: number;
  readonly calls: number;
  /** Total time per step over all calls. */
  readonly totalMs: Readonly<Record<CycleStep, number>>;
  /** Per-call times of the step, for the median and the slowest. */
  readonly callMs: Readonly<Record<CycleStep, readonly number[]>>;
}

function resultFor(id: number): TaskResult {
  return {
    taskId: `task_${id}`,
    state: 'done',
    remoteStatus: 'done',
    finalReading: `${String(10_000 + (id % 90_000)).padStart(5, '0')}.${String(id % 1000).padStart(3, '0')}`,
    meterType: 'pointer',
    resultSource: 'fresh',
    isLatestAiVersion: true,
    aiVersion: 'bench:1',
    resultSummary: { resultKind: 'reading', primaryLabel: 'Reading', summaryText: 'ok' },
    errorMessage: null,
    failureKind: null,
    serviceFailureKind: null,
    remoteCreatedAt: '2025-06-02T08:00:00Z',
  };
}

/** Runs until no job is due; `limit` stops earlier (jobs, rounded up to a whole call). */
export function runJobCycle(store: Store, perCall: number, limit = Infinity): CycleTiming {
  const callMs: Record<CycleStep, number[]> = {
    dueUploads: [],
    markUploading: [],
    markSubmitted: [],
    applyResults: [],
  };
  const timed = <T>(step: CycleStep, fn: () => T): T => {
    const t0 = performance.now();
    const out = fn();
    callMs[step].push(performance.now() - t0);
    return out;
  };
  let jobs = 0;
  let batch = 0;
  while (jobs < limit) {
    const due = timed('dueUploads', () => store.jobs.dueUploads(Date.now(), perCall));
    if (due.length === 0) break;
    const moved = timed('markUploading', () => store.jobs.markUploading(due.map((j) => j.id)));
    const batchId = perCall > 1 ? `batch_${++batch}` : null;
    timed('markSubmitted', () => {
      store.jobs.markSubmitted(
        moved.map((id, index) => ({
          id,
          submission: {
            taskId: `task_${id}`,
            batchId,
            batchIndex: batchId ? index : null,
            business: null,
            remoteStatus: 'pending',
            remoteCreatedAt: null,
            nextAttemptAt: Date.now() + 500,
          },
        })),
      );
    });
    const done = timed('applyResults', () =>
      store.jobs.applyResults(moved.map((id) => ({ jobId: id, result: resultFor(id) }))),
    );
    if (done.length !== moved.length) {
      throw new Error(`store bench: ${moved.length} jobs submitted, ${done.length} finished`);
    }
    jobs += done.length;
  }
  const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
  return {
    perCall,
    jobs,
    calls: callMs.markUploading.length,
    totalMs: {
      dueUploads: sum(callMs.dueUploads),
      markUploading: sum(callMs.markUploading),
      markSubmitted: sum(callMs.markSubmitted),
      applyResults: sum(callMs.applyResults),
    },
    callMs,
  };
}
