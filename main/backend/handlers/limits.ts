// Settings' plausibility limits and the inspection view (issue 33, items 6 and 5): the profile in
// use with the queue's recent readings checked under each profile, a profile chosen through the
// action layer, and the inspection list from the same function as `export --inspection`.
import { HISTORY_Z } from '../../../common/billing/plausibility-facts';
import {
  PLAUSIBILITY_PROFILES,
  PROFILE_CONFIGS,
  profileOf,
} from '../../../common/billing/plausibility-profiles';
import type { PlausibilityConfig } from '../../../common/billing/plausibility-config';
import type { ProfileOf } from '../../../common/billing/plausibility-profiles';
import { MAX_LIMIT_READINGS, type PlausibilityLimitsView } from '../../../common/ipc/limits-views';
import { plausibilityConfig } from '../../billing/assess';
import { inspectionOf } from '../../billing/history/inspection-rows';
import { limitsSample } from '../../billing/limits-sample';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';

type LimitHandlers = Pick<
  BackendHandlers,
  'plausibilityLimits' | 'setPlausibilityProfile' | 'inspectionList'
>;

function view(state: BackendState): PlausibilityLimitsView {
  const store = state.store;
  const config = plausibilityConfig(store);
  const profile = profileOf(config);
  const configs: [ProfileOf, PlausibilityConfig][] = PLAUSIBILITY_PROFILES.map((p) => [
    p,
    PROFILE_CONFIGS[p],
  ]);
  if (profile === 'custom') configs.push(['custom', config]);
  return {
    profile,
    config,
    historyZ: HISTORY_Z,
    readings: limitsSample(store, configs, MAX_LIMIT_READINGS),
  };
}

export function limitHandlers(state: BackendState): LimitHandlers {
  return {
    plausibilityLimits: () => state.use(() => view(state)),

    setPlausibilityProfile: ({ profile }) =>
      state.use(async () => {
        await state.actions.setPlausibilityProfile(profile);
        // Every meter's check may have changed: the table, the route panel and the counts follow.
        state.hub.markAppChanged();
        state.hub.statusChanged(state.status());
        return view(state);
      }),

    inspectionList: () => state.use(() => inspectionOf(state.store)),
  };
}
