import type { JobMessage } from '../../common/job-messages';
import { jobMessage } from '../../common/job-messages';
import type { HoldReason, PhotoMeasures } from '../../common/photo-checks';
import { isHoldReason } from '../../common/photo-checks';
import { errorColumns } from './job-events';
import type { JobsContext } from './jobs-context';
import { from } from './transition-sql';

/** A photo the quality check should measure next. */
export interface UncheckedPhoto {
  readonly id: number;
  readonly path: string;
}

/** What the check found: the measures, and the reason to hold the photo (null: it may go). */
export interface CheckOutcome {
  readonly measures: PhotoMeasures | null;
  readonly hold: HoldReason | null;
  /** The threshold it fell short of, for the history line of a photo too small. */
  readonly minShortSide: number;
}

/** The history line (and the waiting reason) of a held photo. */
export function holdMessage(
  reason: HoldReason,
  measures: PhotoMeasures | null,
  min: number,
): JobMessage {
  switch (reason) {
    case 'too_small':
      return jobMessage('heldTooSmall', {
        side: String(measures?.shortSide ?? 0),
        min: String(min),
      });
    case 'too_dark':
      return jobMessage('heldTooDark', {});
    case 'blown_out':
      return jobMessage('heldBlownOut', {});
    case 'blurred':
      return jobMessage('heldBlurred', {});
  }
}

/** The quality check's side of the queue: photos to check, their outcome, holds sent anyway. */
export function jobPhotoChecks({ db, now: stamp, events }: JobsContext) {
  const s = {
    unchecked: db.prepare<[number], UncheckedPhoto>(
      `SELECT id, path FROM jobs INDEXED BY jobs_unchecked
        WHERE state = 'queued' AND photo_check IS NULL ORDER BY id LIMIT ?`,
    ),
    record: db.prepare(
      `UPDATE jobs SET photo_check = @check, hold_reason = @reason, photo_measures = @measures,
         error_code = @errorCode, error_params = @errorParams, updated_at = @now
       WHERE id = @id AND photo_check IS NULL AND ${from('checkPhoto')}`,
    ),
    sendAnyway: db.prepare(
      `UPDATE jobs SET photo_check = 'sent_anyway', error_code = NULL, error_params = NULL,
         updated_at = ? WHERE id = ? AND photo_check = 'held' AND ${from('sendAnyway')}`,
    ),
    heldIds: db.prepare<[], { id: number }>(
      `SELECT id FROM jobs WHERE state = 'queued' AND photo_check = 'held'`,
    ),
    heldDistinct: db.prepare<[], { n: number }>(
      `SELECT COUNT(DISTINCT sha256) AS n FROM jobs WHERE state = 'queued' AND photo_check = 'held'`,
    ),
    heldByReason: db.prepare<[], { reason: string; n: number }>(
      `SELECT hold_reason AS reason, COUNT(*) AS n FROM jobs
        WHERE state = 'queued' AND photo_check = 'held' GROUP BY hold_reason`,
    ),
    measured: db.prepare<[number], { measures: string }>(
      `SELECT photo_measures AS measures FROM jobs WHERE photo_measures IS NOT NULL
        ORDER BY id DESC LIMIT ?`,
    ),
  };

  return {
    /** Queued photos not checked yet, oldest first. */
    uncheckedPhotos(limit: number): UncheckedPhoto[] {
      return s.unchecked.all(limit);
    },

    /** Records a check; false when the job moved on meanwhile (removed, already checked). */
    recordCheck(id: number, outcome: CheckOutcome): boolean {
      const now = stamp();
      const message = outcome.hold
        ? holdMessage(outcome.hold, outcome.measures, outcome.minShortSide)
        : null;
      return db.transaction(() => {
        const moved =
          s.record.run({
            id,
            now,
            check: outcome.hold ? 'held' : 'passed',
            reason: outcome.hold,
            measures: outcome.measures ? JSON.stringify(outcome.measures) : null,
            ...errorColumns(message),
          }).changes === 1;
        if (moved && message) events.write(id, 'queued', message, now);
        return moved;
      })();
    },

    /** Held photos sent anyway; returns the ids that really moved. */
    sendHeldAnyway(ids: readonly number[]): number[] {
      const now = stamp();
      return db.transaction(() =>
        ids.filter((id) => {
          const moved = s.sendAnyway.run(now, id).changes === 1;
          if (moved) events.write(id, 'queued', jobMessage('sentAnyway', {}), now);
          return moved;
        }),
      )();
    },

    /** Every held photo's id (a run without checks sends them all). */
    heldPhotoIds(): number[] {
      return s.heldIds.all().map((r) => r.id);
    },

    /** Distinct held photos: each would have cost a reading (identical copies go once). */
    heldDistinctPhotos(): number {
      return s.heldDistinct.get()?.n ?? 0;
    },

    /** Held photos per reason. */
    heldByReason(): Partial<Record<HoldReason, number>> {
      const out: Partial<Record<HoldReason, number>> = {};
      for (const r of s.heldByReason.all()) if (isHoldReason(r.reason)) out[r.reason] = r.n;
      return out;
    },

    /** The measures of the most recently added checked photos, for tuning the thresholds. */
    recentMeasures(limit: number): PhotoMeasures[] {
      return s.measured.all(limit).flatMap((r) => {
        try {
          const m = JSON.parse(r.measures) as PhotoMeasures;
          // Checks before issue 34 measured sharpness on another scale: not on today's histogram.
          return m.basis === 'detail' ? [m] : [];
        } catch {
          return [];
        }
      });
    },
  };
}

export type JobPhotoChecks = ReturnType<typeof jobPhotoChecks>;
