// Updates that could not work stay off, and say so: an ad-hoc signed macOS build (Squirrel.Mac
// refuses its updates) and a deb (installing it would ask for an administrator's password at every
// quit); differential downloads are always off (their HTTP client passes the https-only guard by).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NsisUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { afterAll, describe, expect, it } from 'vitest';
import { readUpdateFeed } from '../../main/desktop/update-feed';
import { updatesHeldBy } from '../../main/desktop/update-policy';
import { UpdateService } from '../../main/desktop/updates';
import { tempDir } from '../helpers/tmp';

const t = tempDir('meterdesk-update-policy-');
afterAll(() => {
  t.cleanup();
});

function feed(): string {
  const file = join(t.dir, 'update.json');
  writeFileSync(file, JSON.stringify({ url: 'https://updates.example.org/meterdesk/' }));
  return file;
}

describe('which installations keep updates off', () => {
  it('macOS until the builds are signed; deb, rpm and pacman; not Windows or the AppImage', () => {
    expect(updatesHeldBy('darwin', null)).toBe('unsigned-mac');
    expect(updatesHeldBy('darwin', null, true)).toBeNull();
    expect(updatesHeldBy('linux', 'deb\n')).toBe('package-manager');
    expect(updatesHeldBy('linux', 'rpm')).toBe('package-manager');
    expect(updatesHeldBy('linux', null)).toBeNull();
    expect(updatesHeldBy('win32', null)).toBeNull();
  });

  it('are off with the hold in the view, the updater never pointed at the feed', () => {
    const asked: string[] = [];
    const service = new UpdateService({
      currentVersion: '0.1.0',
      feed: readUpdateFeed(feed()),
      updater: null,
      held: 'unsigned-mac',
      log: (line) => asked.push(line),
    });
    service.start();
    expect(service.view()).toMatchObject({ phase: 'off', held: 'unsigned-mac', feedHost: null });
    expect(service.view().detail).toMatch(/Developer ID/);
    expect(asked.join('\n')).toMatch(/off on macOS/);
  });

  it('say nothing of a hold when no feed is named', () => {
    const service = new UpdateService({
      currentVersion: '0.1.0',
      feed: readUpdateFeed(join(t.dir, 'none.json')),
      updater: null,
      held: 'package-manager',
    });
    expect(service.view().phase).toBe('off');
    expect(service.view().held).toBeUndefined();
  });
});

describe('the Windows updater', () => {
  it('downloads whole installers only: differential downloads switched off', () => {
    const config = join(t.dir, 'app-update.yml');
    writeFileSync(config, 'provider: generic\nurl: https://updates.meterdesk.invalid/\n');
    const adapter: AppAdapter = {
      version: '0.1.0',
      name: 'MeterDesk',
      isPackaged: true,
      appUpdateConfigPath: config,
      userDataPath: join(t.dir, 'user'),
      baseCachePath: join(t.dir, 'cache'),
      whenReady: () => Promise.resolve(),
      relaunch: () => undefined,
      quit: () => undefined,
      onQuit: () => undefined,
    };
    const updater = new NsisUpdater(null, adapter);
    updater.logger = null;
    expect(updater.disableDifferentialDownload).toBe(false);
    const service = new UpdateService({
      currentVersion: '0.1.0',
      feed: readUpdateFeed(feed()),
      updater,
      firstCheckMs: 3_600_000,
    });
    service.start();
    service.stop();
    expect(updater.disableDifferentialDownload).toBe(true);
  });
});
