// Office mode on the desk's queue: a photo another desk of the office is sending, or has read,
// is not paid for here (issue 23, item 3; migration 020). Both start from a job the engine picked
// for an upload and asked the office about; neither spends an attempt.
import { STORE_EVENTS } from './job-events';
import type { JobsContext } from './jobs-context';
import { from, setState } from './transition-sql';

/** Another desk's reading of the same photo, as the office holds it. */
export interface OfficeReadingTaken {
  /** The desk that read it (and paid for it). */
  desk: string;
  reading: string;
  resultSource: string | null;
  taskId: string | null;
  /**
   * The photo's read date in the office, ISO (null: none). Taken only over a file time: a copy's
   * file time is when it was copied, and copies share their EXIF date.
   */
  readAt: string | null;
}

/** What this desk's queue says about photos other desks of the office send or read. */
export interface OfficeDeskCount {
  desk: string;
  /** Queued: waiting for that desk's reading. */
  waiting: number;
  /** Done: that desk's reading, taken from the office. */
  read: number;
}

export function jobOffice({ db, now: stamp, events, rowById }: JobsContext) {
  const s = {
    // Back in the queue without the attempt, not before `nextAttemptAt`, naming the desk.
    wait: db.prepare(
      `UPDATE jobs SET ${setState('requeue')}, office_desk = @desk, next_attempt_at = @nextAttemptAt,
         upload_attempts = upload_attempts - 1, error_code = NULL, error_params = NULL,
         updated_at = @now
       WHERE id = @id AND ${from('requeue')}`,
    ),
    // Identical content read already (in the office): the reading is copied, nothing is uploaded.
    // A job being uploaded steps back to the queue first, in the same transaction.
    unpick: db.prepare(
      `UPDATE jobs SET ${setState('requeue')}, upload_attempts = upload_attempts - 1,
         updated_at = @now WHERE id = @id AND ${from('requeue')}`,
    ),
    take: db.prepare(
      `UPDATE jobs SET ${setState('reuseResult')}, office_desk = @desk, final_reading = @reading,
         result_source = @resultSource, task_id = @taskId, is_latest_ai_version = NULL,
         read_at = CASE WHEN @readAt IS NOT NULL AND (read_at IS NULL OR read_at_source = 'file_time')
                        THEN @readAt ELSE read_at END,
         read_at_source = CASE WHEN @readAt IS NOT NULL AND (read_at IS NULL OR read_at_source = 'file_time')
                               THEN 'file_time' ELSE read_at_source END,
         error_code = NULL, error_params = NULL, failure_kind = NULL, finished_at = @now,
         updated_at = @now
       WHERE id = @id AND ${from('reuseResult')}`,
    ),
    queuedTwins: db.prepare<[string, number], { id: number }>(
      `SELECT id FROM jobs WHERE sha256 = ? AND state = 'queued' AND id <> ?`,
    ),
    byDesk: db.prepare<[], OfficeDeskCount>(
      `SELECT office_desk AS desk, SUM(state = 'queued') AS waiting, SUM(state = 'done') AS read
         FROM jobs WHERE office_desk IS NOT NULL GROUP BY office_desk ORDER BY office_desk`,
    ),
  };

  return {
    /** Another desk is sending this photo: it waits for that desk's reading, asked again later. */
    waitForDesk(id: number, desk: string, nextAttemptAt: number): boolean {
      return s.wait.run({ id, desk, nextAttemptAt, now: stamp() }).changes === 1;
    },

    /**
     * The office read this photo already: the job (and its queued twins) take that reading, done,
     * unsent. Returns the ids that took it.
     */
    takeOfficeReading(id: number, r: OfficeReadingTaken): number[] {
      const now = stamp();
      return db.transaction(() => {
        const job = rowById(id);
        if (!job?.sha256) return [];
        s.unpick.run({ id, now });
        const ids = [id, ...s.queuedTwins.all(job.sha256, id).map((t) => t.id)];
        return ids.filter((jobId) => {
          if (s.take.run({ id: jobId, ...r, now }).changes !== 1) return false;
          events.write(
            jobId,
            'done',
            STORE_EVENTS.readByDesk(r.reading, r.resultSource, r.desk),
            now,
          );
          return true;
        });
      })();
    },

    /** Per other desk: photos waiting for its reading and photos that took it. */
    officeDesks(): OfficeDeskCount[] {
      return s.byDesk.all();
    },
  };
}

export type JobOffice = ReturnType<typeof jobOffice>;
