import type { GenerateSampleFolderOptions } from '../../../sandbox/samples';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';
import { billingHandlers } from './billing';
import { billingDecisionHandlers } from './billing-decisions';
import { fileHandlers } from './files';
import { historyHandlers } from './history';
import { jobHandlers } from './jobs';
import { limitHandlers } from './limits';
import type { Clock } from '../../time/clock';
import { officeHandlers } from './office';
import { officeReviewHandlers, officeReviewOf } from './office-review';
import { officeReportHandlers } from './office-report';
import { officeExportHandlers } from './office-export';
import { photoCheckHandlers } from './photo-checks';
import { photoReviewHandlers } from './photo-reviews';
import { runHandlers } from './run';
import { serviceHandlers } from './service';

/** Every call main makes to the backend (BACKEND_CALLS), implemented on its state. */
export function createHandlers(
  state: BackendState,
  appVersion: string,
  samples: Partial<GenerateSampleFolderOptions> = {},
  /** Review leases' clock (tests move a manual one); default the office link's. */
  reviewClock?: Clock,
): BackendHandlers {
  const review = officeReviewOf(state, reviewClock);
  return {
    ...runHandlers(state, appVersion),
    ...jobHandlers(state),
    ...photoReviewHandlers(state),
    ...photoCheckHandlers(state),
    ...fileHandlers(state),
    ...serviceHandlers(state, samples),
    ...billingHandlers(state),
    ...billingDecisionHandlers(state),
    ...historyHandlers(state),
    ...limitHandlers(state),
    ...officeReviewHandlers(review),
    ...officeHandlers(state),
    ...officeReportHandlers(state),
    ...officeExportHandlers(state),
    ping: () => Promise.resolve(null),
    close: async () => {
      await state.close();
      return null;
    },
  };
}
