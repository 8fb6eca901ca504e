// The window's calls for review between clerks (common/ipc/office-review-views.ts): a meter's
// office view, the meter shown (its lease), walking review's next meter. Without an office they
// answer "none" / not in office, and the window is as it was.
import type { Clock } from '../../time/clock';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';
import { OfficeReview } from '../office-review';

type OfficeReviewHandlers = Pick<
  BackendHandlers,
  'officeShowMeter' | 'officeWalkNext' | 'officeAskHandover' | 'officeHandOver'
>;

/** The desk's review beside the backend's office link, telling the window through its hub. */
export function officeReviewOf(state: BackendState, clock?: Clock): OfficeReview {
  return new OfficeReview({
    link: state.office,
    store: () => state.store,
    push: (meterNumbers, resync) => {
      state.hub.officeMetersChanged(meterNumbers, resync);
    },
    asked: (ask) => {
      state.hub.officeHandoverAsked(ask);
    },
    ...(clock && { clock }),
  });
}

export function officeReviewHandlers(review: OfficeReview): OfficeReviewHandlers {
  return {
    officeShowMeter: ({ meterId }) => review.show(meterId),
    officeWalkNext: ({ meterIds }) => review.walkNext(meterIds),
    officeAskHandover: ({ meterId }) => review.askHandover(meterId),
    officeHandOver: ({ meterId, desk, clerk }) => review.handOver(meterId, { desk, clerk }),
  };
}
