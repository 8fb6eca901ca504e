import type { JobState } from '../../common/job';
import {
  emptyCounts,
  type JobEvent,
  type JobRecord,
  type StateCounts,
} from '../../common/job-record';
import { toJobRecord, type JobRow } from './job-row';
import type { JobsContext } from './jobs-context';

/** One job, its history, and the counts the status line and the quota check read. */
export function jobReads({ db, events, rowById }: JobsContext) {
  const s = {
    // job_counts is kept by triggers (migration 003): a few rows, not a scan of every job.
    counts: db.prepare<[], { state: JobState; n: number; review: number }>(
      `SELECT state, SUM(n) AS n, SUM(review) AS review FROM job_counts GROUP BY state`,
    ),
    countsByRoot: db.prepare<[number], { state: JobState; n: number; review: number }>(
      `SELECT state, n, review FROM job_counts WHERE root_id = ?`,
    ),
    pendingDistinct: db.prepare<[], { n: number }>(
      `SELECT COUNT(DISTINCT sha256) AS n FROM jobs
        WHERE state IN ('queued', 'uploading') AND photo_check IS NOT 'held'`,
    ),
    // A partial index (migration 015): held photos only, never a scan of the queue.
    held: db.prepare<[], { n: number }>(
      `SELECT COUNT(*) AS n FROM jobs WHERE state = 'queued' AND photo_check = 'held'`,
    ),
    heldByRoot: db.prepare<[number], { n: number }>(
      `SELECT COUNT(*) AS n FROM jobs
        WHERE state = 'queued' AND photo_check = 'held' AND root_id = ?`,
    ),
    matched: db.prepare<[], JobRow>('SELECT * FROM jobs WHERE meter_id IS NOT NULL ORDER BY id'),
    inFlightTasks: db.prepare<[], { n: number }>(
      `SELECT COUNT(DISTINCT task_id) AS n FROM jobs WHERE state = 'submitted'`,
    ),
  };

  return {
    get(id: number): JobRecord | undefined {
      const row = rowById(id);
      return row ? toJobRecord(row) : undefined;
    },

    /** Every photo matched to a meter, by meter, in id order: one read for checking a route. */
    byMeter(): Map<string, JobRecord[]> {
      const out = new Map<string, JobRecord[]>();
      for (const row of s.matched.iterate()) {
        const job = toJobRecord(row);
        const meterId = job.meterId ?? '';
        const photos = out.get(meterId);
        if (photos) photos.push(job);
        else out.set(meterId, [job]);
      }
      return out;
    },

    events(jobId: number): JobEvent[] {
      return events.list(jobId);
    },

    counts(rootId?: number): StateCounts {
      const rows = rootId === undefined ? s.counts.all() : s.countsByRoot.all(rootId);
      const out = emptyCounts();
      for (const r of rows) {
        out[r.state] = r.n;
        out.photosToReview += r.review;
        out.total += r.n;
      }
      // Held photos wait for a person, not for the engine: a run with only those left is over.
      out.held = (rootId === undefined ? s.held.get() : s.heldByRoot.get(rootId))?.n ?? 0;
      out.queued -= out.held;
      return out;
    },

    /** Distinct photos still to be sent: what the quota has to cover at most. */
    pendingDistinctPhotos(): number {
      return s.pendingDistinct.get()?.n ?? 0;
    },

    inFlightTasks(): number {
      return s.inFlightTasks.get()?.n ?? 0;
    },
  };
}

export type JobReads = ReturnType<typeof jobReads>;
