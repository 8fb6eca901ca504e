import type { FailureKind, JobState } from '../../common/job';
import type { JobRecord } from '../../common/job-record';
import type { JobMessage } from '../../common/job-messages';
import { errorColumns, STORE_EVENTS } from './job-events';
import type { JobRow } from './job-row';
import type { JobsContext } from './jobs-context';
import { from, setState } from './transition-sql';

export interface NewJob {
  rootId: number;
  path: string;
  relPath: string;
  size: number;
  mtimeMs: number;
  accepted: { sha256: string; format: string } | null;
  rejected: { failureKind: FailureKind; reason: JobMessage } | null;
}

export type InsertOutcome = 'queued' | 'rejected' | 'copied' | 'known';

type KnownPath = Pick<JobRow, 'id' | 'state' | 'size' | 'mtime_ms' | 'failure_kind'>;

const RESULT_COLUMNS = `final_reading, meter_type, result_source, is_latest_ai_version, ai_version,
  result_summary, error_code, error_params, failure_kind, service_failure_kind`;

/** Scanned files entering the queue: new paths recorded, known ones judged again. */
export function jobIntake({ db, now: stamp, events }: JobsContext) {
  const s = {
    byPath: db.prepare<[string], KnownPath>(
      'SELECT id, state, size, mtime_ms, failure_kind FROM jobs WHERE path = ?',
    ),
    rescanAccepted: db.prepare(
      `UPDATE jobs SET ${setState('rescan', 'queued')}, sha256 = @sha256, format = @format, size = @size,
         mtime_ms = @mtimeMs, error_code = NULL, error_params = NULL, failure_kind = NULL, next_attempt_at = 0,
         upload_attempts = 0, updated_at = @now
       WHERE id = @id AND ${from('rescan')}`,
    ),
    rescanRejected: db.prepare(
      `UPDATE jobs SET size = @size, mtime_ms = @mtimeMs, error_code = @errorCode,
         error_params = @errorParams, failure_kind = @failureKind, updated_at = @now
       WHERE id = @id AND ${from('rescan')}`,
    ),
    firstTwin: db.prepare<[string, number], { rel_path: string }>(
      `SELECT rel_path FROM jobs WHERE sha256 = ? AND id < ? ORDER BY id LIMIT 1`,
    ),
    doneTwin: db.prepare<[string], JobRow>(
      `SELECT * FROM jobs WHERE sha256 = ? AND state = 'done' ORDER BY id LIMIT 1`,
    ),
    insert: db.prepare(
      `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, sha256, format, state,
         error_code, error_params, failure_kind, created_at, updated_at)
       VALUES (@rootId, @path, @relPath, @size, @mtimeMs, @sha256, @format, @state,
         @errorCode, @errorParams, @failureKind, @now, @now)`,
    ),
    copyResult: db.prepare(
      `UPDATE jobs SET ${setState('reuseResult')}, (task_id, batch_id, business, remote_status, ${RESULT_COLUMNS},
         remote_created_at, submitted_at, finished_at) =
         (SELECT task_id, batch_id, business, remote_status, ${RESULT_COLUMNS},
            remote_created_at, submitted_at, finished_at FROM jobs WHERE id = @fromId),
         updated_at = @now
       WHERE id = @toId AND ${from('reuseResult')}`,
    ),
  };

  /** Content already read (same SHA-256, done) is answered from that result at once. */
  const reuseTwin = (id: number, sha256: string, now: string): InsertOutcome => {
    const twin = s.doneTwin.get(sha256);
    if (!twin) return 'queued';
    s.copyResult.run({ fromId: twin.id, toId: id, now });
    events.write(id, 'done', STORE_EVENTS.resultReused(twin.rel_path), now);
    return 'copied';
  };

  /**
   * A path scanned again. Left alone, except a file that was rejected and is not the same file
   * any more (it was still being copied, or could not be read then): it is judged again, so adding
   * the folder again after the copy finished reads it instead of keeping the old rejection.
   */
  const rescanned = (known: KnownPath, f: NewJob, now: string): InsertOutcome => {
    if (known.state !== 'rejected') return 'known';
    const mtimeMs = Math.trunc(f.mtimeMs);
    if (f.accepted) {
      s.rescanAccepted.run({
        id: known.id,
        sha256: f.accepted.sha256,
        format: f.accepted.format,
        size: f.size,
        mtimeMs,
        now,
      });
      events.write(known.id, 'queued', STORE_EVENTS.readableNow(), now);
      return reuseTwin(known.id, f.accepted.sha256, now);
    }
    const rejected = f.rejected;
    const changed =
      known.size !== f.size ||
      known.mtime_ms !== mtimeMs ||
      known.failure_kind !== (rejected?.failureKind ?? null);
    if (rejected && changed) {
      s.rescanRejected.run({
        id: known.id,
        size: f.size,
        mtimeMs,
        ...errorColumns(rejected.reason),
        failureKind: rejected.failureKind,
        now,
      });
      events.write(known.id, 'rejected', rejected.reason, now);
    }
    return 'known';
  };

  return {
    /** For a byte-identical copy of an earlier photo: that photo's relPath; else null. */
    copyOf(job: Pick<JobRecord, 'id' | 'sha256'>): string | null {
      return job.sha256 === null ? null : (s.firstTwin.get(job.sha256, job.id)?.rel_path ?? null);
    },

    /**
     * Records scanned files in one transaction. A path already known is left alone; content
     * already read (same SHA-256, done) is answered from that result at once and never uploaded
     * again.
     */
    insertScanned(files: readonly NewJob[]): InsertOutcome[] {
      const now = stamp();
      return db.transaction(() =>
        files.map((f): InsertOutcome => {
          const known = s.byPath.get(f.path);
          if (known) return rescanned(known, f, now);
          const state: JobState = f.accepted ? 'queued' : 'rejected';
          const info = s.insert.run({
            rootId: f.rootId,
            path: f.path,
            relPath: f.relPath,
            size: f.size,
            mtimeMs: Math.trunc(f.mtimeMs),
            sha256: f.accepted?.sha256 ?? null,
            format: f.accepted?.format ?? null,
            state,
            ...errorColumns(f.rejected?.reason ?? null),
            failureKind: f.rejected?.failureKind ?? null,
            now,
          });
          const id = Number(info.lastInsertRowid);
          if (!f.accepted) return 'rejected';
          return reuseTwin(id, f.accepted.sha256, now);
        }),
      )();
    },

    /**
     * Whether a scan of this path would only answer `known` (see rescanned): it is in the queue
     * and not rejected. Watch folders skip reading such files again after a restart.
     */
    isKnownPath(path: string): boolean {
      const known = s.byPath.get(path);
      return known !== undefined && known.state !== 'rejected';
    },
  };
}

export type JobIntake = ReturnType<typeof jobIntake>;
