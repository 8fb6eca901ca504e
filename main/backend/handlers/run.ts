// Handlers for the run as a whole: the snapshot a fresh window starts from, pause and resume, and
// "retry now" on the banners.
import type { Handlers } from '../../../common/ipc/bridge';
import type { Desk } from '../backend-state';
import { toSettingsView } from '../settings';
import { listRoots } from './jobs';

type RunHandlers = Pick<Handlers, 'snapshot' | 'pause' | 'resume' | 'retryNow'>;

export function runHandlers(desk: Desk, appVersion: string): RunHandlers {
  return {
    snapshot: () =>
      desk.use(() => {
        // Whatever is pending goes out first, so that eventSeq covers everything in the picture.
        desk.hub.flush();
        return {
          appVersion,
          service: desk.service(),
          settings: toSettingsView(desk.settings, desk.defaultDataDir),
          key: desk.keyStatus(),
          status: desk.status(),
          roots: listRoots(desk),
          eventSeq: desk.hub.seq,
        };
      }),

    pause: () =>
      desk.use(() => {
        desk.setPaused(true);
        return desk.status();
      }),

    resume: () =>
      desk.use(() => {
        desk.setPaused(false);
        return desk.status();
      }),

    retryNow: () =>
      desk.use(() => {
        desk.engine?.retryNow();
        return desk.status();
      }),
  };
}
