// electron-updater in the main process: the feed from the machine-wide file IT writes
// (main/desktop/update-feed.ts), every request checked against non-https addresses
// (main/desktop/update-guard.ts), checks at start and daily, background download, install on quit
// (main/desktop/updates.ts). Off when no feed is configured, in an unpackaged app, and where the
// kind of installation cannot update itself (main/desktop/update-policy.ts: macOS until signed,
// the deb).
import { app } from 'electron';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { autoUpdater } from 'electron-updater';
import type { UpdateView } from '../../common/ipc/update-view';
import { machineUpdateConfigFile, policyUpdateFeed, readUpdateFeed } from '../desktop/update-feed';
import { readMachinePolicy } from '../config/policy';
import { guardUpdateRequests, type GuardableExecutor } from '../desktop/update-guard';
import { updatesHeldBy } from '../desktop/update-policy';
import { UpdateService } from '../desktop/updates';

export function startAutoUpdates(
  onChange: (view: UpdateView) => void,
  log: (line: string) => void,
): UpdateService {
  const policy = readMachinePolicy();
  const feed =
    policy.values.updateFeedUrl !== undefined
      ? policyUpdateFeed(policy.values.updateFeedUrl, policy.source ?? 'the machine policy')
      : readUpdateFeed(machineUpdateConfigFile());
  const held = app.isPackaged ? updatesHeldBy(process.platform, linuxPackageType()) : null;
  // Touching autoUpdater creates the platform's updater; only do it when it will be used.
  const active = feed.kind === 'feed' && app.isPackaged && held === null;
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
    held,
    offReason: 'Automatic updates are off in a development build (npm start).',
    onChange,
    log,
  });
  service.start();
  return service;
}

/** electron-builder's resources/package-type in a deb, rpm or pacman install; null elsewhere. */
function linuxPackageType(): string | null {
  if (process.platform !== 'linux') return null;
  try {
    return readFileSync(join(process.resourcesPath, 'package-type'), 'utf8').trim();
  } catch {
    return null;
  }
}
