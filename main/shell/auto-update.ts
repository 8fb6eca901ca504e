// electron-updater in the main process: the feed from the machine-wide file IT writes
// (main/desktop/update-feed.ts), every request checked against non-https addresses
// (main/desktop/update-guard.ts), checks at start and daily, background download, install on quit
// (main/desktop/updates.ts). Off when no feed is configured and in an unpackaged app.
import { app } from 'electron';
import { autoUpdater } from 'electron-updater';
import type { UpdateView } from '../../common/ipc/update-view';
import { machineUpdateConfigFile, readUpdateFeed } from '../desktop/update-feed';
import { guardUpdateRequests, type GuardableExecutor } from '../desktop/update-guard';
import { UpdateService } from '../desktop/updates';

export function startAutoUpdates(
  onChange: (view: UpdateView) => void,
  log: (line: string) => void,
): UpdateService {
  const feed = readUpdateFeed(machineUpdateConfigFile());
  // Touching autoUpdater creates the platform's updater; only do it when it will be used.
  const active = feed.kind === 'feed' && app.isPackaged;
  if (active) {
    // Its executor is protected in the typings; the guard must wrap that very instance.
    guardUpdateRequests(
      (autoUpdater as unknown as { httpExecutor: GuardableExecutor }).httpExecutor,
    );
    autoUpdater.logger = { info: log, warn: log, error: log };
  }
  const service = new UpdateService({
    currentVersion: app.getVersion(),
    feed,
    updater: active ? autoUpdater : null,
    offReason: 'Automatic updates are off in a development build (npm start).',
    onChange,
    log,
  });
  service.start();
  return service;
}
