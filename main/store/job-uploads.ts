import type { JobRecord } from '../../common/job-record';
import type { JobMessage } from '../../common/job-messages';
import { errorColumns, STORE_EVENTS } from './job-events';
import { toJobRecord, type JobRow } from './job-row';
import type { JobsContext } from './jobs-context';
import { from, setState } from './transition-sql';

export interface Submission {
  taskId: string;
  batchId: string | null;
  batchIndex: number | null;
  business: string | null;
  remoteStatus: string;
  remoteCreatedAt: string | null;
  nextAttemptAt: number;
}

/** The sending side: which photos go next, their uploads, tasks created, and jobs put back. */
export function jobUploads({ db, now: stamp, events }: JobsContext) {
  const s = {
    dueUploads: db.prepare<[number, number, number], JobRow>(
      `SELECT * FROM jobs j
        WHERE j.state = 'queued' AND j.next_attempt_at <= ?
          AND j.id = (SELECT MIN(m.id) FROM jobs m WHERE m.sha256 = j.sha256 AND m.state = 'queued')
          AND NOT EXISTS (SELECT 1 FROM jobs k WHERE k.sha256 = j.sha256
                            AND k.state IN ('uploading', 'submitted'))
          AND (? = 0 OR j.photo_check IN ('passed', 'sent_anyway'))
        ORDER BY j.next_attempt_at, j.id
        LIMIT ?`,
    ),
    // Jobs put back in the queue (next_attempt_at set; never-sent ones have 0): a range of the
    // (state, next_attempt_at) index, so the never-sent backlog is not scanned.
    dueAgain: db.prepare<[number, number, number], JobRow>(
      `SELECT * FROM jobs j
        WHERE j.state = 'queued' AND j.next_attempt_at > 0 AND j.next_attempt_at <= ?
          AND j.id = (SELECT MIN(m.id) FROM jobs m WHERE m.sha256 = j.sha256 AND m.state = 'queued')
          AND NOT EXISTS (SELECT 1 FROM jobs k WHERE k.sha256 = j.sha256
                            AND k.state IN ('uploading', 'submitted'))
          AND (? = 0 OR j.photo_check IN ('passed', 'sent_anyway'))
        ORDER BY j.next_attempt_at, j.id
        LIMIT ?`,
    ),
    nextQueuedAt: db.prepare<[number], { at: number | null }>(
      `SELECT MIN(next_attempt_at) AS at FROM jobs
        WHERE state = 'queued' AND (? = 0 OR photo_check IN ('passed', 'sent_anyway'))`,
    ),
    markUploading: db.prepare(
      `UPDATE jobs SET ${setState('startUpload')}, upload_attempts = upload_attempts + 1,
         error_code = NULL, error_params = NULL, office_desk = NULL, updated_at = ?
       WHERE id = ? AND ${from('startUpload')}`,
    ),
    submitted: db.prepare(
      `UPDATE jobs SET ${setState('submit')}, task_id = @taskId, batch_id = @batchId,
         batch_index = @batchIndex, business = @business, remote_status = @remoteStatus,
         remote_created_at = @remoteCreatedAt, next_attempt_at = @nextAttemptAt,
         submitted_at = @now, updated_at = @now, error_code = NULL, error_params = NULL
       WHERE id = @id AND ${from('submit')}`,
    ),
    requeue: db.prepare(
      `UPDATE jobs SET ${setState('requeue')}, task_id = NULL, batch_id = NULL, batch_index = NULL,
         remote_status = NULL, next_attempt_at = @nextAttemptAt, error_code = @errorCode,
         error_params = @errorParams,
         solo = MAX(solo, @solo), upload_attempts = upload_attempts - @refund,
         resubmits = resubmits + @resubmit, updated_at = @now
       WHERE id = @id AND ${from('requeue')}`,
    ),
    updateContent: db.prepare(
      `UPDATE jobs SET sha256 = @sha256, format = @format, size = @size, mtime_ms = @mtimeMs,
         updated_at = @now WHERE id = @id AND ${from('refreshContent')}`,
    ),
    recoverUploading: db.prepare(
      `UPDATE jobs SET ${setState('recover')}, next_attempt_at = ?, updated_at = ?
        WHERE ${from('recover')}`,
    ),
    recoverSubmitted: db.prepare(
      `UPDATE jobs SET next_attempt_at = 0 WHERE ${from('resumePolls')}`,
    ),
  };

  // Off unless the engine runs the quality check: then only photos that passed (or a person sent
  // anyway) are picked, and the others wait for their check beside the uploads.
  let checksFirst = 0;

  return {
    /** Whether queued photos wait for the quality check before they are picked. */
    photoChecksFirst(on: boolean): void {
      checksFirst = on ? 1 : 0;
    },

    /** Queued jobs ready to upload, one per distinct content, none whose twin is already in flight. */
    dueUploads(now: number, limit: number): JobRecord[] {
      // Photos sent before go first once due (cut off by a crash, answer lost, retried): their
      // task may exist at the service, and sent again soon it comes back from the cache, free.
      // Behind a long backlog of never-sent photos the resend came minutes later, after an AI
      // version bump had made it a fresh, charged reading.
      const again = s.dueAgain.all(now, checksFirst, limit);
      if (again.length >= limit) return again.map(toJobRecord);
      const taken = new Set(again.map((r) => r.id));
      const rest = s.dueUploads
        .all(now, checksFirst, limit + again.length)
        .filter((r) => !taken.has(r.id))
        .slice(0, limit - again.length);
      return [...again, ...rest].map(toJobRecord);
    },

    nextQueuedAt(): number | null {
      return s.nextQueuedAt.get(checksFirst)?.at ?? null;
    },

    /** Returns the ids that really moved (a job removed meanwhile is skipped). */
    markUploading(ids: readonly number[]): number[] {
      const now = stamp();
      return db.transaction(() =>
        ids.filter((id) => {
          const moved = s.markUploading.run(now, id).changes === 1;
          if (moved) events.write(id, 'uploading', STORE_EVENTS.uploading(), now);
          return moved;
        }),
      )();
    },

    /**
     * Records the tasks the service created. Returns the ids that moved: a job no longer
     * uploading (put back meanwhile) keeps its state, and the caller learns that its task has no
     * job here.
     */
    markSubmitted(items: readonly { id: number; submission: Submission }[]): number[] {
      const now = stamp();
      return db.transaction(() =>
        items.flatMap(({ id, submission: sub }) => {
          if (s.submitted.run({ id, now, ...sub }).changes !== 1) return [];
          const text = STORE_EVENTS.submitted(sub.taskId, sub.batchId, sub.batchIndex);
          events.write(id, 'submitted', text, now);
          return [id];
        }),
      )();
    },

    /**
     * Puts jobs back in the queue. `refundAttempt` undoes the attempt count for waits that are
     * not the file's fault (rate limits, network, quota), so they never use up its retries.
     */
    requeue(
      ids: readonly number[],
      opts: {
        nextAttemptAt: number;
        message: JobMessage | null;
        solo?: boolean;
        refundAttempt?: boolean;
        resubmit?: boolean;
      },
    ): void {
      const now = stamp();
      db.transaction(() => {
        for (const id of ids) {
          const changed = s.requeue.run({
            id,
            now,
            nextAttemptAt: opts.nextAttemptAt,
            ...errorColumns(opts.message),
            solo: opts.solo ? 1 : 0,
            refund: opts.refundAttempt ? 1 : 0,
            resubmit: opts.resubmit ? 1 : 0,
          }).changes;
          if (changed && opts.message) events.write(id, 'queued', opts.message, now);
        }
      })();
    },

    /** The photo was edited after the scan; what is sent is what is on disk now. */
    updateContent(
      id: number,
      c: { sha256: string; format: string; size: number; mtimeMs: number },
    ): void {
      s.updateContent.run({ id, ...c, now: stamp() });
    },

    /**
     * After a crash: an upload that was cut off is sent again, not before `resendAt` (by then a
     * task the service did create has finished and is cached, so the resend is free); every
     * submitted task is polled now.
     */
    recoverAfterRestart(resendAt = 0): { requeued: number; resumed: number } {
      const now = stamp();
      return db.transaction(() => ({
        requeued: s.recoverUploading.run(resendAt, now).changes,
        resumed: s.recoverSubmitted.run().changes,
      }))();
    },
  };
}

export type JobUploads = ReturnType<typeof jobUploads>;
