import type Database from 'better-sqlite3';
import type { FailureKind, JobState } from '../../common/job';
import {
  emptyCounts,
  type JobEvent,
  type JobRecord,
  type ResultSummary,
  type StateCounts,
} from '../../common/job-record';
import { JOB_TRANSITIONS, type TransitionName } from '../../common/job-transitions';
import type { MadeReview, ReviewState } from '../../common/ipc/schemas';
import { toJobRecord, type JobRow } from './job-row';
import { systemClock, type Clock } from '../time/clock';

export interface NewJob {
  rootId: number;
  path: string;
  relPath: string;
  size: number;
  mtimeMs: number;
  accepted: { sha256: string; format: string } | null;
  rejected: { failureKind: FailureKind; reason: string } | null;
}

export type InsertOutcome = 'queued' | 'rejected' | 'copied' | 'known';

/** What the service finally said about one task. */
export interface TaskResult {
  taskId: string;
  state: 'done' | 'failed';
  remoteStatus: string;
  finalReading: string | null;
  meterType: string | null;
  resultSource: string | null;
  isLatestAiVersion: boolean | null;
  /** The AI version the service named current when this result, marked latest, came back. */
  aiVersion: string | null;
  resultSummary: ResultSummary | null;
  errorMessage: string | null;
  failureKind: FailureKind | null;
  /** The service's own failure_kind, as it said it (spec 2.6). */
  serviceFailureKind: string | null;
  remoteCreatedAt: string | null;
}

export interface Submission {
  taskId: string;
  batchId: string | null;
  batchIndex: number | null;
  business: string | null;
  remoteStatus: string;
  remoteCreatedAt: string | null;
  nextAttemptAt: number;
}

/** The state guard of a transition's UPDATE: rows in another state are left as they are. */
function from(transition: TransitionName): string {
  const states = JOB_TRANSITIONS[transition].from.map((state) => `'${state}'`);
  return `state IN (${states.join(', ')})`;
}

const RESULT_COLUMNS = `final_reading, meter_type, result_source, is_latest_ai_version, ai_version,
  result_summary, error_message, failure_kind, service_failure_kind`;

/**
 * Every statement the engine runs against the jobs table, prepared once. Each public method is
 * one transaction, so a killed process leaves every job in a state it can resume from.
 */
export class JobsRepo {
  private readonly s;

  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock = systemClock,
  ) {
    this.s = {
      byPath: db.prepare<
        [string],
        { id: number; state: JobState; size: number; mtime_ms: number; failure_kind: string | null }
      >('SELECT id, state, size, mtime_ms, failure_kind FROM jobs WHERE path = ?'),
      rescanAccepted: db.prepare(
        `UPDATE jobs SET state = 'queued', sha256 = @sha256, format = @format, size = @size,
           mtime_ms = @mtimeMs, error_message = NULL, failure_kind = NULL, next_attempt_at = 0,
           upload_attempts = 0, updated_at = @now
         WHERE id = @id AND ${from('rescan')}`,
      ),
      rescanRejected: db.prepare(
        `UPDATE jobs SET size = @size, mtime_ms = @mtimeMs, error_message = @errorMessage,
           failure_kind = @failureKind, updated_at = @now
         WHERE id = @id AND ${from('rescan')}`,
      ),
      byId: db.prepare<[number], JobRow>('SELECT * FROM jobs WHERE id = ?'),
      firstTwin: db.prepare<[string, number], { rel_path: string }>(
        `SELECT rel_path FROM jobs WHERE sha256 = ? AND id < ? ORDER BY id LIMIT 1`,
      ),
      doneTwin: db.prepare<[string], JobRow>(
        `SELECT * FROM jobs WHERE sha256 = ? AND state = 'done' ORDER BY id LIMIT 1`,
      ),
      insert: db.prepare(
        `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, sha256, format, state,
           error_message, failure_kind, created_at, updated_at)
         VALUES (@rootId, @path, @relPath, @size, @mtimeMs, @sha256, @format, @state,
           @errorMessage, @failureKind, @now, @now)`,
      ),
      copyResult: db.prepare(
        `UPDATE jobs SET state = 'done', (task_id, batch_id, business, remote_status, ${RESULT_COLUMNS},
           remote_created_at, submitted_at, finished_at) =
           (SELECT task_id, batch_id, business, remote_status, ${RESULT_COLUMNS},
              remote_created_at, submitted_at, finished_at FROM jobs WHERE id = @fromId),
           updated_at = @now
         WHERE id = @toId AND ${from('reuseResult')}`,
      ),
      event: db.prepare('INSERT INTO job_events (job_id, at, state, message) VALUES (?, ?, ?, ?)'),
      dueUploads: db.prepare<[number, number], JobRow>(
        `SELECT * FROM jobs j
          WHERE j.state = 'queued' AND j.next_attempt_at <= ?
            AND j.id = (SELECT MIN(m.id) FROM jobs m WHERE m.sha256 = j.sha256 AND m.state = 'queued')
            AND NOT EXISTS (SELECT 1 FROM jobs k WHERE k.sha256 = j.sha256
                              AND k.state IN ('uploading', 'submitted'))
          ORDER BY j.next_attempt_at, j.id
          LIMIT ?`,
      ),
      // Jobs put back in the queue (next_attempt_at set; never-sent ones have 0): a range of the
      // (state, next_attempt_at) index, so the never-sent backlog is not scanned.
      dueAgain: db.prepare<[number, number], JobRow>(
        `SELECT * FROM jobs j
          WHERE j.state = 'queued' AND j.next_attempt_at > 0 AND j.next_attempt_at <= ?
            AND j.id = (SELECT MIN(m.id) FROM jobs m WHERE m.sha256 = j.sha256 AND m.state = 'queued')
            AND NOT EXISTS (SELECT 1 FROM jobs k WHERE k.sha256 = j.sha256
                              AND k.state IN ('uploading', 'submitted'))
          ORDER BY j.next_attempt_at, j.id
          LIMIT ?`,
      ),
      nextQueuedAt: db.prepare<[], { at: number | null }>(
        `SELECT MIN(next_attempt_at) AS at FROM jobs WHERE state = 'queued'`,
      ),
      duePolls: db.prepare<[number, number], JobRow>(
        `SELECT * FROM jobs WHERE state = 'submitted' AND next_attempt_at <= ?
          ORDER BY next_attempt_at, id LIMIT ?`,
      ),
      nextPollAt: db.prepare<[], { at: number | null }>(
        `SELECT MIN(next_attempt_at) AS at FROM jobs WHERE state = 'submitted'`,
      ),
      markUploading: db.prepare(
        `UPDATE jobs SET state = 'uploading', upload_attempts = upload_attempts + 1,
           error_message = NULL, updated_at = ? WHERE id = ? AND ${from('startUpload')}`,
      ),
      submitted: db.prepare(
        `UPDATE jobs SET state = 'submitted', task_id = @taskId, batch_id = @batchId,
           batch_index = @batchIndex, business = @business, remote_status = @remoteStatus,
           remote_created_at = @remoteCreatedAt, next_attempt_at = @nextAttemptAt,
           submitted_at = @now, updated_at = @now, error_message = NULL
         WHERE id = @id AND ${from('submit')}`,
      ),
      requeue: db.prepare(
        `UPDATE jobs SET state = 'queued', task_id = NULL, batch_id = NULL, batch_index = NULL,
           remote_status = NULL, next_attempt_at = @nextAttemptAt, error_message = @message,
           solo = MAX(solo, @solo), upload_attempts = upload_attempts - @refund,
           resubmits = resubmits + @resubmit, updated_at = @now
         WHERE id = @id AND ${from('requeue')}`,
      ),
      fail: db.prepare(
        `UPDATE jobs SET state = 'failed', failure_kind = @failureKind, error_message = @message,
           remote_status = COALESCE(@remoteStatus, remote_status), finished_at = @now, updated_at = @now
         WHERE id = @id AND ${from('fail')}`,
      ),
      reschedulePoll: db.prepare(
        `UPDATE jobs SET remote_status = COALESCE(@remoteStatus, remote_status),
           error_message = @message, next_attempt_at = @nextAttemptAt, updated_at = @now,
           poll_count = poll_count + @polled
         WHERE id = @id AND ${from('reschedulePoll')}`,
      ),
      jobsOfTask: db.prepare<[string], JobRow>(
        `SELECT * FROM jobs WHERE task_id = ? AND state = 'submitted'`,
      ),
      queuedTwins: db.prepare<[string], JobRow>(
        `SELECT * FROM jobs WHERE sha256 = ? AND state = 'queued'`,
      ),
      applyResult: db.prepare(
        `UPDATE jobs SET state = @state, task_id = @taskId, remote_status = @remoteStatus,
           final_reading = @finalReading, meter_type = @meterType, result_source = @resultSource,
           is_latest_ai_version = @isLatest, ai_version = @aiVersion, result_summary = @resultSummary,
           error_message = @errorMessage, failure_kind = @failureKind,
           service_failure_kind = @serviceFailureKind,
           remote_created_at = COALESCE(@remoteCreatedAt, remote_created_at),
           business = COALESCE(business, @business), batch_id = COALESCE(batch_id, @batchId),
           finished_at = @now, updated_at = @now
         WHERE id = @id AND ${from('finish')}`,
      ),
      recoverUploading: db.prepare(
        `UPDATE jobs SET state = 'queued', next_attempt_at = ?, updated_at = ?
          WHERE ${from('recover')}`,
      ),
      recoverSubmitted: db.prepare(`UPDATE jobs SET next_attempt_at = 0 WHERE state = 'submitted'`),
      // job_counts is kept by triggers (migration 003): a few rows, not a scan of every job.
      counts: db.prepare<[], { state: JobState; n: number; review: number }>(
        `SELECT state, SUM(n) AS n, SUM(review) AS review FROM job_counts GROUP BY state`,
      ),
      countsByRoot: db.prepare<[number], { state: JobState; n: number; review: number }>(
        `SELECT state, n, review FROM job_counts WHERE root_id = ?`,
      ),
      pendingDistinct: db.prepare<[], { n: number }>(
        `SELECT COUNT(DISTINCT sha256) AS n FROM jobs WHERE state IN ('queued', 'uploading')`,
      ),
      inFlightTasks: db.prepare<[], { n: number }>(
        `SELECT COUNT(DISTINCT task_id) AS n FROM jobs WHERE state = 'submitted'`,
      ),
      review: db.prepare(
        `UPDATE jobs SET review_action = @action, reviewed_reading = @reading,
           reviewed_at = @now, updated_at = @now WHERE id = @id AND ${from('review')}`,
      ),
      undoReview: db.prepare(
        `UPDATE jobs SET review_action = @action, reviewed_reading = @reading,
           reviewed_at = @at, updated_at = @now
         WHERE id = @id AND state = 'done' AND review_action = @undoneAction
           AND reviewed_reading IS @undoneReading AND reviewed_at = @undoneAt`,
      ),
      retryFailed: db.prepare(
        `UPDATE jobs SET state = 'queued', failure_kind = NULL, service_failure_kind = NULL,
           error_message = NULL,
           task_id = NULL, batch_id = NULL, batch_index = NULL, remote_status = NULL,
           upload_attempts = 0, resubmits = 0, next_attempt_at = 0, finished_at = NULL,
           updated_at = @now
         WHERE id = @id AND ${from('retryFailed')}`,
      ),
      failedIds: db.prepare<[], { id: number }>(`SELECT id FROM jobs WHERE state = 'failed'`),
      remove: db.prepare('DELETE FROM jobs WHERE id = ?'),
      updateContent: db.prepare(
        `UPDATE jobs SET sha256 = @sha256, format = @format, size = @size, mtime_ms = @mtimeMs,
           updated_at = @now WHERE id = @id AND ${from('refreshContent')}`,
      ),
      jobsOfBatch: db.prepare<[string], JobRow>(
        `SELECT * FROM jobs WHERE batch_id = ? AND state = 'submitted' ORDER BY batch_index`,
      ),
      events: db.prepare<
        [number],
        { job_id: number; at: string; state: JobState; message: string }
      >('SELECT job_id, at, state, message FROM job_events WHERE job_id = ? ORDER BY id'),
    };
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  private log(id: number, state: JobState, message: string, at: string): void {
    this.s.event.run(id, at, state, message);
  }

  /** For a byte-identical copy of an earlier photo: that photo's relPath; else null. */
  copyOf(job: Pick<JobRecord, 'id' | 'sha256'>): string | null {
    return job.sha256 === null
      ? null
      : (this.s.firstTwin.get(job.sha256, job.id)?.rel_path ?? null);
  }

  get(id: number): JobRecord | undefined {
    const row = this.s.byId.get(id);
    return row ? toJobRecord(row) : undefined;
  }

  /**
   * Records scanned files in one transaction. A path already known is left alone; content already
   * read (same SHA-256, done) is answered from that result at once and never uploaded again.
   */
  insertScanned(files: readonly NewJob[]): InsertOutcome[] {
    const now = this.now();
    return this.db.transaction(() =>
      files.map((f): InsertOutcome => {
        const known = this.s.byPath.get(f.path);
        if (known) return this.rescanned(known, f, now);
        const state: JobState = f.accepted ? 'queued' : 'rejected';
        const info = this.s.insert.run({
          rootId: f.rootId,
          path: f.path,
          relPath: f.relPath,
          size: f.size,
          mtimeMs: Math.trunc(f.mtimeMs),
          sha256: f.accepted?.sha256 ?? null,
          format: f.accepted?.format ?? null,
          state,
          errorMessage: f.rejected?.reason ?? null,
          failureKind: f.rejected?.failureKind ?? null,
          now,
        });
        const id = Number(info.lastInsertRowid);
        if (!f.accepted) return 'rejected';
        return this.reuseTwin(id, f.accepted.sha256, now);
      }),
    )();
  }

  /**
   * Whether a scan of this path would only answer `known` (see rescanned): it is in the queue and
   * not rejected. Watch folders skip reading such files again after a restart.
   */
  isKnownPath(path: string): boolean {
    const known = this.s.byPath.get(path);
    return known !== undefined && known.state !== 'rejected';
  }

  /** Content already read (same SHA-256, done) is answered from that result at once. */
  private reuseTwin(id: number, sha256: string, now: string): InsertOutcome {
    const twin = this.s.doneTwin.get(sha256);
    if (!twin) return 'queued';
    this.s.copyResult.run({ fromId: twin.id, toId: id, now });
    this.log(id, 'done', `Same photo as ${twin.rel_path}: result reused, not uploaded again`, now);
    return 'copied';
  }

  /**
   * A path scanned again. Left alone, except a file that was rejected and is not the same file
   * any more (it was still being copied, or could not be read then): it is judged again, so adding
   * the folder again after the copy finished reads it instead of keeping the old rejection.
   */
  private rescanned(
    known: {
      id: number;
      state: JobState;
      size: number;
      mtime_ms: number;
      failure_kind: string | null;
    },
    f: NewJob,
    now: string,
  ): InsertOutcome {
    if (known.state !== 'rejected') return 'known';
    const mtimeMs = Math.trunc(f.mtimeMs);
    if (f.accepted) {
      this.s.rescanAccepted.run({
        id: known.id,
        sha256: f.accepted.sha256,
        format: f.accepted.format,
        size: f.size,
        mtimeMs,
        now,
      });
      this.log(known.id, 'queued', 'Scanned again: the file is a readable photo now', now);
      return this.reuseTwin(known.id, f.accepted.sha256, now);
    }
    const rejected = f.rejected;
    const changed =
      known.size !== f.size ||
      known.mtime_ms !== mtimeMs ||
      known.failure_kind !== (rejected?.failureKind ?? null);
    if (rejected && changed) {
      this.s.rescanRejected.run({
        id: known.id,
        size: f.size,
        mtimeMs,
        errorMessage: rejected.reason,
        failureKind: rejected.failureKind,
        now,
      });
      this.log(known.id, 'rejected', rejected.reason, now);
    }
    return 'known';
  }

  /** Queued jobs ready to upload, one per distinct content, none whose twin is already in flight. */
  dueUploads(now: number, limit: number): JobRecord[] {
    // Photos sent before go first once due (cut off by a crash, answer lost, retried): their task
    // may exist at the service, and sent again soon it comes back from the cache, free. Behind a
    // long backlog of never-sent photos the resend came minutes later, after an AI version bump
    // had made it a fresh, charged reading.
    const again = this.s.dueAgain.all(now, limit);
    if (again.length >= limit) return again.map(toJobRecord);
    const taken = new Set(again.map((r) => r.id));
    const rest = this.s.dueUploads
      .all(now, limit + again.length)
      .filter((r) => !taken.has(r.id))
      .slice(0, limit - again.length);
    return [...again, ...rest].map(toJobRecord);
  }

  nextQueuedAt(): number | null {
    return this.s.nextQueuedAt.get()?.at ?? null;
  }

  duePolls(now: number, limit: number): JobRecord[] {
    return this.s.duePolls.all(now, limit).map(toJobRecord);
  }

  nextPollAt(): number | null {
    return this.s.nextPollAt.get()?.at ?? null;
  }

  /** Returns the ids that really moved (a job removed meanwhile is skipped). */
  markUploading(ids: readonly number[]): number[] {
    const now = this.now();
    return this.db.transaction(() =>
      ids.filter((id) => {
        const moved = this.s.markUploading.run(now, id).changes === 1;
        if (moved) this.log(id, 'uploading', 'Uploading', now);
        return moved;
      }),
    )();
  }

  /**
   * Records the tasks the service created. Returns the ids that moved: a job no longer uploading
   * (put back meanwhile) keeps its state, and the caller learns that its task has no job here.
   */
  markSubmitted(items: readonly { id: number; submission: Submission }[]): number[] {
    const now = this.now();
    return this.db.transaction(() =>
      items.flatMap(({ id, submission: s }) => {
        if (this.s.submitted.run({ id, now, ...s }).changes !== 1) return [];
        const where = s.batchId ? `batch ${s.batchId} item ${String(s.batchIndex)}` : 'single task';
        this.log(id, 'submitted', `Submitted as task ${s.taskId} (${where})`, now);
        return [id];
      }),
    )();
  }

  /**
   * Puts jobs back in the queue. `refundAttempt` undoes the attempt count for waits that are not
   * the file's fault (rate limits, network, quota), so they never use up its retries.
   */
  requeue(
    ids: readonly number[],
    opts: {
      nextAttemptAt: number;
      message: string | null;
      solo?: boolean;
      refundAttempt?: boolean;
      resubmit?: boolean;
    },
  ): void {
    const now = this.now();
    this.db.transaction(() => {
      for (const id of ids) {
        const changed = this.s.requeue.run({
          id,
          now,
          nextAttemptAt: opts.nextAttemptAt,
          message: opts.message,
          solo: opts.solo ? 1 : 0,
          refund: opts.refundAttempt ? 1 : 0,
          resubmit: opts.resubmit ? 1 : 0,
        }).changes;
        if (changed && opts.message) this.log(id, 'queued', opts.message, now);
      }
    })();
  }

  fail(
    ids: readonly number[],
    failureKind: FailureKind,
    message: string,
    remoteStatus: string | null = null,
  ): void {
    const now = this.now();
    this.db.transaction(() => {
      for (const id of ids) {
        if (this.s.fail.run({ id, failureKind, message, remoteStatus, now }).changes) {
          this.log(id, 'failed', message, now);
        }
      }
    })();
  }

  /** `polled`: the service was asked (false when the request never got an answer). */
  /** `polled`: the service answered about the task (false when the request failed). */
  reschedulePolls(
    items: readonly {
      id: number;
      nextAttemptAt: number;
      remoteStatus: string | null;
      message: string | null;
      polled: boolean;
    }[],
  ): void {
    const now = this.now();
    this.db.transaction(() => {
      for (const it of items) this.s.reschedulePoll.run({ ...it, polled: it.polled ? 1 : 0, now });
    })();
  }

  /**
   * Stores a final result on every job waiting on that task, and on queued twins with the same
   * content (they were held back so the photo is paid for once). Returns the ids updated.
   */
  applyResults(results: readonly { jobId: number; result: TaskResult }[]): number[] {
    const now = this.now();
    return this.db.transaction(() => {
      const touched: number[] = [];
      for (const { jobId, result: r } of results) {
        const job = this.s.byId.get(jobId);
        // An answer about a task the job no longer waits for (its photo went again) is stale.
        if (job?.state !== 'submitted' || job.task_id !== r.taskId) continue;
        const targets = [job, ...(job.sha256 ? this.s.queuedTwins.all(job.sha256) : [])];
        for (const t of targets) {
          this.s.applyResult.run({
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
            errorMessage: r.errorMessage,
            failureKind: r.failureKind,
            serviceFailureKind: r.serviceFailureKind,
            remoteCreatedAt: r.remoteCreatedAt,
            business: job.business,
            batchId: job.batch_id,
            now,
          });
          const what =
            r.state === 'done'
              ? `Reading ${r.finalReading ?? '-'} (${r.resultSource ?? 'unknown source'})`
              : `Failed: ${r.errorMessage ?? 'no reason given'}`;
          this.log(
            t.id,
            r.state,
            t.id === job.id ? what : `${what}, shared with an identical photo`,
            now,
          );
          touched.push(t.id);
        }
      }
      return touched;
    })();
  }

  /**
   * After a crash: an upload that was cut off is sent again, not before `resendAt` (by then a task
   * the service did create has finished and is cached, so the resend is free); every submitted
   * task is polled now.
   */
  recoverAfterRestart(resendAt = 0): { requeued: number; resumed: number } {
    const now = this.now();
    return this.db.transaction(() => ({
      requeued: this.s.recoverUploading.run(resendAt, now).changes,
      resumed: this.s.recoverSubmitted.run().changes,
    }))();
  }

  counts(rootId?: number): StateCounts {
    const rows = rootId === undefined ? this.s.counts.all() : this.s.countsByRoot.all(rootId);
    const out = emptyCounts();
    for (const r of rows) {
      out[r.state] = r.n;
      out.toReview += r.review;
      out.total += r.n;
    }
    return out;
  }

  /** Distinct photos still to be sent: what the quota has to cover at most. */
  pendingDistinctPhotos(): number {
    return this.s.pendingDistinct.get()?.n ?? 0;
  }

  inFlightTasks(): number {
    return this.s.inFlightTasks.get()?.n ?? 0;
  }

  review(id: number, action: 'accepted' | 'corrected', reading: string | null): boolean {
    const now = this.now();
    return this.db.transaction(() => {
      const ok = this.s.review.run({ id, action, reading, now }).changes === 1;
      if (ok) {
        const msg =
          action === 'accepted'
            ? 'Reading confirmed in review'
            : `Reading corrected to ${reading ?? ''}`;
        this.log(id, 'done', msg, now);
      }
      return ok;
    })();
  }

  /**
   * Gives the row back the review state it had before its last review, only while it still
   * carries the review undone. False when it does not (reviewed again since, or gone).
   */
  undoReview(id: number, undone: MadeReview, restore: ReviewState): boolean {
    const now = this.now();
    return this.db.transaction(() => {
      const ok =
        this.s.undoReview.run({
          id,
          undoneAction: undone.action,
          undoneReading: undone.reading,
          undoneAt: undone.reviewedAt,
          action: restore.action,
          reading: restore.reading,
          at: restore.reviewedAt,
          now,
        }).changes === 1;
      if (ok) {
        const msg =
          restore.action === null
            ? 'Review undone: the reading waits for review again'
            : restore.action === 'accepted'
              ? 'Review undone: back to confirmed as read by the AI'
              : `Review undone: back to corrected to ${restore.reading}`;
        this.log(id, 'done', msg, now);
      }
      return ok;
    })();
  }

  retryFailed(ids?: readonly number[]): number {
    const now = this.now();
    return this.db.transaction(() => {
      const targets = ids ?? this.s.failedIds.all().map((r) => r.id);
      let n = 0;
      for (const id of targets) {
        if (this.s.retryFailed.run({ id, now }).changes) {
          this.log(id, 'queued', 'Retry requested', now);
          n++;
        }
      }
      return n;
    })();
  }

  remove(ids: readonly number[]): number {
    return this.db.transaction(() => ids.reduce((n, id) => n + this.s.remove.run(id).changes, 0))();
  }

  events(jobId: number): JobEvent[] {
    return this.s.events
      .all(jobId)
      .map((e) => ({ jobId: e.job_id, at: e.at, state: e.state, message: e.message }));
  }

  /** The photo was edited after the scan; what is sent is what is on disk now. */
  updateContent(
    id: number,
    c: { sha256: string; format: string; size: number; mtimeMs: number },
  ): void {
    this.s.updateContent.run({ id, ...c, now: this.now() });
  }

  jobsOfBatch(batchId: string): JobRecord[] {
    return this.s.jobsOfBatch.all(batchId).map(toJobRecord);
  }

  jobsOfTask(taskId: string): JobRecord[] {
    return this.s.jobsOfTask.all(taskId).map(toJobRecord);
  }
}
