import type { MadeReview, ReviewState } from '../../common/ipc/schemas';
import { STORE_EVENTS } from './job-events';
import type { JobsContext } from './jobs-context';
import { from, setState } from './transition-sql';

/** What a person does to jobs: review a reading (and undo it), retry a failure, remove. */
export function jobPersonActions({ db, now: stamp, events }: JobsContext) {
  const s = {
    review: db.prepare(
      `UPDATE jobs SET review_action = @action, reviewed_reading = @reading,
         reviewed_at = @now, updated_at = @now WHERE id = @id AND ${from('review')}`,
    ),
    undoReview: db.prepare(
      `UPDATE jobs SET review_action = @action, reviewed_reading = @reading,
         reviewed_at = @at, updated_at = @now
       WHERE id = @id AND ${from('undoReview')} AND review_action = @undoneAction
         AND reviewed_reading IS @undoneReading AND reviewed_at = @undoneAt`,
    ),
    retryFailed: db.prepare(
      `UPDATE jobs SET ${setState('retryFailed')}, failure_kind = NULL, service_failure_kind = NULL,
         error_code = NULL, error_params = NULL,
         task_id = NULL, batch_id = NULL, batch_index = NULL, remote_status = NULL,
         upload_attempts = 0, resubmits = 0, next_attempt_at = 0, finished_at = NULL,
         updated_at = @now
       WHERE id = @id AND ${from('retryFailed')}`,
    ),
    failedIds: db.prepare<[], { id: number }>(`SELECT id FROM jobs WHERE ${from('retryFailed')}`),
    // The in-flight rule in the DELETE itself: another process (a CLI run owning the queue) may
    // mark the job uploading at any moment, and a check made before would be stale by then.
    remove: db.prepare<[number]>(`DELETE FROM jobs WHERE id = ? AND ${from('remove')}`),
    exists: db.prepare<[number], { id: number }>('SELECT id FROM jobs WHERE id = ?'),
  };

  return {
    /** `desk`: made at another desk of the office (its review taken from the office). */
    review(
      id: number,
      action: 'accepted' | 'corrected',
      reading: string | null,
      desk?: string,
    ): boolean {
      const now = stamp();
      return db.transaction(() => {
        const ok = s.review.run({ id, action, reading, now }).changes === 1;
        if (ok) {
          const text =
            desk !== undefined
              ? action === 'accepted'
                ? STORE_EVENTS.confirmedAtDesk(desk)
                : STORE_EVENTS.correctedAtDesk(reading, desk)
              : action === 'accepted'
                ? STORE_EVENTS.confirmed()
                : STORE_EVENTS.corrected(reading);
          events.write(id, 'done', text, now);
        }
        return ok;
      })();
    },

    /**
     * Gives the row back the review state it had before its last review, only while it still
     * carries the review undone. False when it does not (reviewed again since, or gone).
     */
    undoReview(id: number, undone: MadeReview, restore: ReviewState, desk?: string): boolean {
      const now = stamp();
      return db.transaction(() => {
        const ok =
          s.undoReview.run({
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
          const text =
            restore.action === null && desk !== undefined
              ? STORE_EVENTS.reviewUndoneAtDesk(desk)
              : restore.action === null
                ? STORE_EVENTS.reviewUndoneToReview()
                : restore.action === 'accepted'
                  ? STORE_EVENTS.reviewUndoneToConfirmed()
                  : STORE_EVENTS.reviewUndoneToCorrected(restore.reading);
          events.write(id, 'done', text, now);
        }
        return ok;
      })();
    },

    retryFailed(ids?: readonly number[]): number {
      const now = stamp();
      return db.transaction(() => {
        const targets = ids ?? s.failedIds.all().map((r) => r.id);
        let n = 0;
        for (const id of targets) {
          if (s.retryFailed.run({ id, now }).changes) {
            events.write(id, 'queued', STORE_EVENTS.retryRequested(), now);
            n++;
          }
        }
        return n;
      })();
    },

    /**
     * Removes the jobs a person may remove. `kept`: jobs still there because they are in flight
     * (uploading, submitted); ids already gone count in neither.
     */
    remove(ids: readonly number[]): { removed: number; kept: number } {
      return db.transaction(() => {
        let removed = 0;
        let kept = 0;
        for (const id of ids) {
          if (s.remove.run(id).changes === 1) removed++;
          else if (s.exists.get(id)) kept++;
        }
        return { removed, kept };
      })();
    },
  };
}

export type JobPersonActions = ReturnType<typeof jobPersonActions>;
