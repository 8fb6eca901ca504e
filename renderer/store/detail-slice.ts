// The selected job in full (photo, summary, history) and the review of its reading. A review
// updates the row and the detail at once; "needs review" counts follow from the pushed status.
import { ok, type IpcError, type JobDetail, type Result } from '../../common/ipc';
import type { OfficeChangedBy } from '../../common/ipc/office-review-views';
import type { ReviewState } from '../../common/ipc/schemas';
import type { JobRecord } from '../../common/job-record';
import { latestOnly } from '../lib/latest-only';
import { throttle } from '../lib/throttle';
import type { SliceCreator } from './types';

export type ReviewRequest = { action: 'accept' } | { action: 'correct'; reading: string };

/** A review or its undo: made, or (office mode) refused over another clerk's change. */
export type ReviewOutcome = 'made' | 'refused';

/** The last review made in this window, with the state it replaced: what Undo gives back. */
export interface UndoableReview {
  readonly id: number;
  readonly relPath: string;
  readonly action: 'accepted' | 'corrected';
  /** The reading typed, for a correction. */
  readonly reading: string | null;
  /** When the review was made: the row must still carry it to be undone. */
  readonly reviewedAt: string;
  readonly restore: ReviewState;
  /**
   * Office mode: the meter's version the review was made on, which its undo names (the office
   * lets this desk's own review through, not another clerk's change after it).
   */
  readonly seen?: { readonly officeVersion?: number };
}

function reviewStateOf(job: JobRecord): ReviewState {
  if (job.reviewAction === 'corrected' && job.reviewedReading !== null && job.reviewedAt) {
    return { action: 'corrected', reading: job.reviewedReading, reviewedAt: job.reviewedAt };
  }
  if (job.reviewAction === 'accepted' && job.reviewedAt) {
    return { action: 'accepted', reading: null, reviewedAt: job.reviewedAt };
  }
  return { action: null, reading: null, reviewedAt: null };
}

export interface DetailSlice {
  detail: JobDetail | null;
  detailError: IpcError | null;
  /** Set by "edit" (keyboard E): the correction field takes the focus. */
  editNonce: number;
  loadDetail(id: number | null): Promise<void>;
  jobChanged(id: number): void;
  /**
   * Reviews the job shown in the detail (named by id, so a selection that moved on meanwhile is
   * never reviewed by mistake); on success moves on: to the next flagged meter in a
   * walking-order review, else to the next row (keyboard review).
   */
  review(id: number, request: ReviewRequest, advance?: boolean): Promise<Result<ReviewOutcome>>;
  startEdit(): void;
  lastReview: UndoableReview | null;
  /** Takes back the last review; the row is selected again to show what it is now. */
  undoReview(): Promise<Result<ReviewOutcome>>;
  /**
   * Office mode: the photo's last review or undo was refused, another clerk having changed its
   * meter since this one saw it (the review box says who and what); cleared by the next one.
   */
  reviewRefused: { readonly id: number; readonly changedBy: OfficeChangedBy } | null;
}

export const createDetailSlice: SliceCreator<DetailSlice> = (set, get, { bridge, refreshMs }) => {
  const reloadLater = throttle(
    () => {
      const id = get().selectedId;
      if (id !== null) void get().loadDetail(id);
    },
    Math.min(refreshMs, 500),
  );
  const detailReplies = latestOnly();
  /** Refused in the office: nothing was saved; the meter's office view is read again. */
  const refused = (id: number, changedBy: OfficeChangedBy): Result<ReviewOutcome> => {
    set({ reviewRefused: { id, changedBy } });
    void get().refreshOfficeMeter();
    return ok('refused');
  };

  return {
    detail: null,
    detailError: null,
    editNonce: 0,
    lastReview: null,
    reviewRefused: null,

    async loadDetail(id) {
      const newest = detailReplies.ticket();
      // A refusal is said with its photo only: another photo shown, it is no news any more.
      if (get().reviewRefused?.id !== id) set({ reviewRefused: null });
      if (id === null) {
        set({ detail: null, detailError: null });
        return;
      }
      const reply = await bridge.jobDetail({ id });
      // The selection may have moved on, or a later load answered first, while this was on its way.
      if (get().selectedId !== id || !newest()) return;
      if (reply.ok) set({ detail: reply.value, detailError: null });
      else set({ detail: null, detailError: reply.error });
    },

    jobChanged(id) {
      if (id === get().selectedId) reloadLater();
    },

    async review(id, request, advance = true) {
      const shown = get().detail?.job;
      const before = shown?.id === id ? shown : null;
      // Office mode: the version of the photo's meter the clerk sees goes along.
      const seen = get().officeVersionOf(before?.meterId ?? null);
      set({ reviewRefused: null });
      const reply = await bridge.review(
        request.action === 'accept'
          ? { id, action: 'accept', ...seen }
          : { id, action: 'correct', reading: request.reading.trim(), ...seen },
      );
      if (!reply.ok) return reply;
      if (!reply.value.done) return refused(id, reply.value.changedBy);
      void get().refreshOfficeMeter();
      const after = reply.value.job;
      if (before && after.reviewAction !== null && after.reviewedAt) {
        set({
          lastReview: {
            id,
            relPath: after.relPath,
            action: after.reviewAction,
            reading: after.reviewedReading,
            reviewedAt: after.reviewedAt,
            restore: reviewStateOf(before),
            seen,
          },
        });
      }
      get().applyJobs([after]);
      get().keepInView(id);
      get().scheduleTableRefresh();
      if (get().selectedId !== id) return ok('made');
      await get().loadDetail(id);
      if (!advance) return ok('made');
      // The A key and the Confirm button go to the same next photo.
      if (get().walking) await get().nextInWalkingOrder();
      else await get().moveSelection(1, true);
      return ok('made');
    },

    async undoReview() {
      const last = get().lastReview;
      if (!last) return ok('made');
      const undo =
        last.action === 'corrected' && last.reading !== null
          ? { action: 'corrected' as const, reading: last.reading, reviewedAt: last.reviewedAt }
          : { action: 'accepted' as const, reading: null, reviewedAt: last.reviewedAt };
      set({ reviewRefused: null });
      const reply = await bridge.undoReview({
        id: last.id,
        undo,
        restore: last.restore,
        ...last.seen,
      });
      if (!reply.ok) return reply;
      if (!reply.value.done) return refused(last.id, reply.value.changedBy);
      void get().refreshOfficeMeter();
      set({ lastReview: null });
      // The meter is flagged again: a walk that ended ("route reviewed") goes on.
      get().walkUndone();
      get().applyJobs([reply.value.job]);
      get().keepInView(last.id);
      get().select(last.id, null, true);
      get().scheduleTableRefresh();
      await get().loadDetail(last.id);
      return ok('made');
    },

    startEdit() {
      set((s) => ({ editNonce: s.editNonce + 1 }));
    },
  };
};
