import type { Handlers } from '../../../common/ipc/bridge';

/**
 * The backend has no updater: in the app the main process answers getUpdateStatus itself
 * (electron-updater runs there; main/shell/auto-update.ts). Here, for the in-process bridge and the
 * tests, updates are off.
 */
export function updateHandlers(appVersion: string): Pick<Handlers, 'getUpdateStatus'> {
  return {
    getUpdateStatus: () =>
      Promise.resolve({
        currentVersion: appVersion,
        phase: 'off',
        feedHost: null,
        newVersion: null,
        percent: null,
        detail: 'Automatic updates are run by the MeterDesk app, not by this backend.',
        checkedAt: null,
      }),
  };
}
