import type { FailureKind } from '../../common/job';
import type { TargetState } from '../../common/job-transitions';
import type { JobRecord } from '../../common/job-record';
import type { JobMessage } from '../../common/job-messages';
import { errorColumns, STORE_EVENTS } from './job-events';
import { toJobRecord, type JobRow } from './job-row';
import type { JobsContext } from './jobs-context';
import { from, setState, toOneOf } from './transition-sql';

/** What the service finally said about one task, in the job's own fields where it has them. */
export interface TaskResult extends Pick<
  JobRecord,
  | 'meterType'
  | 'resultSource'
  | 'isLatestAiVersion'
  | 'resultSummary'
  | 'errorMessage'
  | 'failureKind'
  | 'serviceFailureKind'
> {
  taskId: string;
  state: TargetState<'finish'>;
  remoteStatus: string;
  finalReading: string | null;
  /** The AI version that read it, when already known (engine/ai-versions.ts); else null. */
  aiVersion: string | null;
  remoteCreatedAt: string | null;
}

/** The answering side: tasks polled, their final results, and jobs given up. */
export function jobResults({ db, now: stamp, events, rowById }: JobsContext) {
  const s = {
    duePolls: db.prepare<[number, number], JobRow>(
      `SELECT * FROM jobs WHERE state = 'submitted' AND next_attempt_at <= ?
        ORDER BY next_attempt_at, id LIMIT ?`,
    ),
    nextPollAt: db.prepare<[], { at: number | null }>(
      `SELECT MIN(next_attempt_at) AS at FROM jobs WHERE state = 'submitted'`,
    ),
    fail: db.prepare(
      `UPDATE jobs SET ${setState('fail')}, failure_kind = @failureKind,
         error_code = @errorCode, error_params = @errorParams,
         remote_status = COALESCE(@remoteStatus, remote_status), finished_at = @now, updated_at = @now
       WHERE id = @id AND ${from('fail')}`,
    ),
    reschedulePoll: db.prepare(
      `UPDATE jobs SET remote_status = COALESCE(@remoteStatus, remote_status),
         error_code = @errorCode, error_params = @errorParams, next_attempt_at = @nextAttemptAt, updated_at = @now,
         poll_count = poll_count + @polled
       WHERE id = @id AND ${from('reschedulePoll')}`,
    ),
    jobsOfTask: db.prepare<[string], JobRow>(
      `SELECT * FROM jobs WHERE task_id = ? AND state = 'submitted'`,
    ),
    jobsOfBatch: db.prepare<[string], JobRow>(
      `SELECT * FROM jobs WHERE batch_id = ? AND state = 'submitted' ORDER BY batch_index`,
    ),
    queuedTwins: db.prepare<[string], JobRow>(
      `SELECT * FROM jobs WHERE sha256 = ? AND state = 'queued'`,
    ),
    applyResult: db.prepare(
      `UPDATE jobs SET state = @state, task_id = @taskId, remote_status = @remoteStatus,
         final_reading = @finalReading, meter_type = @meterType, result_source = @resultSource,
         is_latest_ai_version = @isLatest, ai_version = @aiVersion, result_summary = @resultSummary,
         error_code = @errorCode, error_params = @errorParams, failure_kind = @failureKind,
         service_failure_kind = @serviceFailureKind,
         remote_created_at = COALESCE(@remoteCreatedAt, remote_created_at),
         business = COALESCE(business, @business), batch_id = COALESCE(batch_id, @batchId),
         finished_at = @now, updated_at = @now
       WHERE id = @id AND ${from('finish')} AND ${toOneOf('finish', '@state')}`,
    ),
    // Only a result marked latest and not stamped yet: a later read never rewrites a stamp.
    stampAiVersion: db.prepare<{ taskId: string; aiVersion: string; now: string }, { id: number }>(
      `UPDATE jobs SET ai_version = @aiVersion, updated_at = @now
       WHERE task_id = @taskId AND state = 'done' AND is_latest_ai_version = 1
         AND ai_version IS NULL
       RETURNING id`,
    ),
  };

  return {
    duePolls(now: number, limit: number): JobRecord[] {
      return s.duePolls.all(now, limit).map(toJobRecord);
    },

    nextPollAt(): number | null {
      return s.nextPollAt.get()?.at ?? null;
    },

    jobsOfBatch(batchId: string): JobRecord[] {
      return s.jobsOfBatch.all(batchId).map(toJobRecord);
    },

    jobsOfTask(taskId: string): JobRecord[] {
      return s.jobsOfTask.all(taskId).map(toJobRecord);
    },

    fail(
      ids: readonly number[],
      failureKind: FailureKind,
      message: JobMessage,
      remoteStatus: string | null = null,
    ): void {
      const now = stamp();
      db.transaction(() => {
        for (const id of ids) {
          const error = errorColumns(message);
          if (s.fail.run({ id, failureKind, ...error, remoteStatus, now }).changes) {
            events.write(id, 'failed', message, now);
          }
        }
      })();
    },

    /** `polled`: the service answered about the task (false when the request failed). */
    reschedulePolls(
      items: readonly {
        id: number;
        nextAttemptAt: number;
        remoteStatus: string | null;
        message: JobMessage | null;
        polled: boolean;
      }[],
    ): void {
      const now = stamp();
      db.transaction(() => {
        for (const { message, ...it } of items) {
          s.reschedulePoll.run({ ...it, ...errorColumns(message), polled: it.polled ? 1 : 0, now });
        }
      })();
    },

    /**
     * Stores a final result on every job waiting on that task, and on queued twins with the same
     * content (they were held back so the photo is paid for once). Returns the ids updated.
     */
    applyResults(results: readonly { jobId: number; result: TaskResult }[]): number[] {
      const now = stamp();
      return db.transaction(() => {
        const touched: number[] = [];
        for (const { jobId, result: r } of results) {
          const job = rowById(jobId);
          // An answer about a task the job no longer waits for (its photo went again) is stale.
          if (job?.state !== 'submitted' || job.task_id !== r.taskId) continue;
          const targets = [job, ...(job.sha256 ? s.queuedTwins.all(job.sha256) : [])];
          for (const t of targets) {
            s.applyResult.run({
              id: t.id,
              state: r.state,
              taskId: r.taskId,
              remoteStatus: r.remoteStatus,
              finalReading: r.finalReading,
              meterType: r.meterType,
              resultSource: r.resultSource,
              isLatest: r.isLatestAiVersion === null ? null : r.isLatestAiVersion ? 1 : 0,
              aiVersion: r.isLatestAiVersion === true ? r.aiVersion : null,
              resultSummary: r.resultSummary ? JSON.stringify(r.resultSummary) : null,
              ...errorColumns(r.errorMessage),
              failureKind: r.failureKind,
              serviceFailureKind: r.serviceFailureKind,
              remoteCreatedAt: r.remoteCreatedAt,
              business: job.business,
              batchId: job.batch_id,
              now,
            });
            const what =
              r.state === 'done'
                ? STORE_EVENTS.reading(r.finalReading, r.resultSource, t.id !== job.id)
                : STORE_EVENTS.failed(r.errorMessage);
            events.write(t.id, r.state, what, now);
            touched.push(t.id);
          }
        }
        return touched;
      })();
    },

    /** Records which AI version read the results of these tasks; returns the ids updated. */
    stampAiVersions(stamps: readonly { taskId: string; aiVersion: string }[]): number[] {
      const now = stamp();
      return db.transaction(() =>
        stamps.flatMap((st) => s.stampAiVersion.all({ ...st, now }).map((r) => r.id)),
      )();
    },
  };
}

export type JobResults = ReturnType<typeof jobResults>;
