// Handlers for the quality check before upload: a held photo sent anyway, and the thresholds
// with the office's own photos' measures to tune them on.
import { refuseIfLocked } from '../policy-settings';
import { DEFAULT_PHOTO_CHECK_THRESHOLDS } from '../../../common/photo-checks';
import { MEASURES_SHOWN, type PhotoChecksView } from '../../../common/ipc/photo-check-schemas';
import { readThresholds } from '../../photo-checks/thresholds';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';

type PhotoCheckHandlers = Pick<
  BackendHandlers,
  'sendHeldAnyway' | 'photoChecks' | 'setPhotoCheckThresholds'
>;

function view(state: BackendState): PhotoChecksView {
  const store = state.store;
  return {
    thresholds: readThresholds(store.settings),
    defaults: DEFAULT_PHOTO_CHECK_THRESHOLDS,
    measures: store.jobs.recentMeasures(MEASURES_SHOWN),
    held: store.jobs.heldByReason(),
    quotaSaved: store.jobs.heldDistinctPhotos(),
  };
}

export function photoCheckHandlers(state: BackendState): PhotoCheckHandlers {
  return {
    sendHeldAnyway: ({ ids }) =>
      state.use(() => {
        const sent = state.actions.sendHeldAnyway(ids);
        state.hub.jobsChanged(ids);
        state.hub.statusChanged(state.status());
        return { sent };
      }),

    photoChecks: () => state.use(() => view(state)),

    setPhotoCheckThresholds: (thresholds) =>
      state.use(() => {
        refuseIfLocked(state.policy, 'photoChecks');
        state.actions.setPhotoCheckThresholds(thresholds);
        return view(state);
      }),
  };
}
