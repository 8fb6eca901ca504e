// Handlers for the run as a whole: the snapshot a fresh window starts from, pause and resume, and
// "retry now" on the banners.
import { policyView } from '../../config/policy';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';
import { toSettingsView } from '../settings';
import { listRoots } from './jobs';

type RunHandlers = Pick<BackendHandlers, 'snapshot' | 'pause' | 'resume' | 'retryNow'>;

export function runHandlers(state: BackendState, appVersion: string): RunHandlers {
  return {
    snapshot: () =>
      state.use(() => {
        // Whatever is pending goes out first, so that eventSeq covers everything in the picture.
        state.hub.flush();
        return {
          appVersion,
          service: state.service(),
          settings: toSettingsView(
            state.settings,
            state.defaultDataDir,
            policyView(state.policy),
            state.dataDirOnShare(),
          ),
          key: state.keyStatus(),
          status: state.status(),
          roots: listRoots(state),
          office: state.office.status,
          eventSeq: state.hub.seq,
        };
      }),

    pause: () =>
      state.use(() => {
        state.setPaused(true);
        return state.status();
      }),

    resume: () =>
      state.use(() => {
        state.setPaused(false);
        return state.status();
      }),

    retryNow: () =>
      state.use(() => {
        state.engine?.retryNow();
        return state.status();
      }),
  };
}
