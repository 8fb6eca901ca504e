// A photo's review from the window (confirm, correct) and its undo. In office mode, for a photo
// matched to a meter the office knows, the review is made in the office first with the meter's
// version the clerk saw, the same way a meter decision is (OfficeReview.decideFirst): refused,
// nothing is written here and the answer says who changed the meter and what; accepted, it is
// written here under the key the office has; the office away, written here and queued as before.
import type { ReviewAnswer } from '../../../common/ipc/office-review-views';
import type { MadeReview } from '../../../common/ipc/schemas';
import type { JobRecord } from '../../../common/job-record';
import { AppError } from '../../ipc/app-error';
import { readingRefused, replyMessage } from '../../../common/reply-messages';
import { readingForMeter } from '../../billing/typed-reading';
import type { OutboxDecision } from '../../store/office-outbox';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';
import { keyOf, type OfficeFirst, type OfficeReview } from '../office-review';
import { pushChanged } from './jobs';

type PhotoReviewHandlers = Pick<BackendHandlers, 'review' | 'undoReview'>;

const gone = (): AppError => new AppError('not_found', replyMessage('photoGone', {}));

/** The row still carries the review being undone (the store's own rule, asked before the office). */
const carries = (job: JobRecord, undo: MadeReview): boolean =>
  job.state === 'done' &&
  job.reviewAction === undo.action &&
  job.reviewedReading === undo.reading &&
  job.reviewedAt === undo.reviewedAt;

export function photoReviewHandlers(
  state: BackendState,
  review: Pick<OfficeReview, 'decideFirst'>,
): PhotoReviewHandlers {
  /** The office first for a photo of a meter; without one it is this desk's alone. */
  const first = (
    job: JobRecord,
    decision: Omit<OutboxDecision, 'meterNumber'>,
    seenVersion: number | undefined,
  ): Promise<OfficeFirst> =>
    job.meterId === null
      ? Promise.resolve({ kind: 'alone' })
      : review.decideFirst(
          job.meterId,
          { ...decision, meterNumber: job.meterId },
          seenVersion,
          job.sha256,
        );
  const answer = (id: number, written: boolean): ReviewAnswer => {
    pushChanged(state, [id]);
    const updated = state.store.jobs.get(id);
    if (!written || !updated) throw gone();
    return { done: true, job: updated };
  };
  return {
    review: (request) =>
      state.use(async (): Promise<ReviewAnswer> => {
        const { id } = request;
        const job = state.store.jobs.get(id);
        if (!job) throw gone();
        if (job.state !== 'done') {
          throw new AppError('invalid_request', replyMessage('onlyFinishedReviewed', {}));
        }
        const action = request.action === 'accept' ? 'accepted' : 'corrected';
        const typed =
          request.action === 'correct'
            ? readingForMeter(state.store, job.meterId, request.reading)
            : null;
        if (typed && !typed.ok)
          throw new AppError('invalid_request', readingRefused(typed.problem));
        const reading = typed ? typed.reading : null;
        const kind = action === 'accepted' ? 'confirm' : 'correct';
        const made = await first(job, { kind, reading }, request.officeVersion);
        if (made.kind === 'refused') return { done: false, changedBy: made.changedBy };
        const key = keyOf(made);
        return answer(id, state.actions.review(id, action, reading, key));
      }),

    undoReview: (request) =>
      state.use(async (): Promise<ReviewAnswer> => {
        const { id, undo, restore } = request;
        const job = state.store.jobs.get(id);
        if (!job) throw gone();
        const nothing = new AppError('invalid_request', replyMessage('nothingToUndo', {}));
        if (!carries(job, undo)) throw nothing;
        const made = await first(job, { kind: 'undo' }, request.officeVersion);
        if (made.kind === 'refused') return { done: false, changedBy: made.changedBy };
        const key = keyOf(made);
        if (!state.actions.undoReview(id, undo, restore, key)) throw nothing;
        return answer(id, true);
      }),
  };
}
