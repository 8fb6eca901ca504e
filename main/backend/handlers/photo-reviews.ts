// A photo's review from the window (confirm, correct) and its undo, through the action layer. In
// office mode, for a photo matched to a meter the office knows, the action makes the review in the
// office first with the meter's version the clerk saw, as a meter decision is: refused, nothing is
// written here and the answer says who changed the meter and what; accepted, it is written here
// under the key the office has; the office away, written here and queued as before.
import type { ReviewAnswer } from '../../../common/ipc/office-review-views';
import { AppError } from '../../ipc/app-error';
import { readingRefused, replyMessage } from '../../../common/reply-messages';
import { readingForMeter } from '../../billing/typed-reading';
import { refusedInOffice } from '../../actions/office-decisions';
import type { RefusedInOffice } from '../../../common/office-decision-port';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';
import { pushChanged } from './jobs';

type PhotoReviewHandlers = Pick<BackendHandlers, 'review' | 'undoReview'>;

const gone = (): AppError => new AppError('not_found', replyMessage('photoGone', {}));

export function photoReviewHandlers(state: BackendState): PhotoReviewHandlers {
  const answer = (id: number, made: boolean | RefusedInOffice): ReviewAnswer => {
    if (refusedInOffice(made)) return { done: false, changedBy: made.changedBy };
    pushChanged(state, [id]);
    const updated = state.store.jobs.get(id);
    if (!made || !updated) throw gone();
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
        const made = await state.actions.review(id, action, reading, request.officeVersion);
        return answer(id, made);
      }),

    undoReview: (request) =>
      state.use(async (): Promise<ReviewAnswer> => {
        const { id, undo, restore } = request;
        if (!state.store.jobs.get(id)) throw gone();
        const made = await state.actions.undoReview(id, undo, restore, request.officeVersion);
        if (made === false)
          throw new AppError('invalid_request', replyMessage('nothingToUndo', {}));
        return answer(id, made);
      }),
  };
}
