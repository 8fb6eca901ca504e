// Automatic updates as far as they run without Electron: the real electron-updater (its Linux
// AppImage updater, with an app adapter and a Node HTTP executor in place of Electron's) driven by
// UpdateService, against a feed served over real HTTP on 127.0.0.1 the way IT would host
// electron-builder's output: found, downloaded in the background with its SHA-512 checked, ready,
// installed on quit; and refused when the feed or a file it names leads to a non-https address.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AppImageUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UpdatePhase, UpdateView } from '../../common/ipc/update-view';
import { readUpdateFeed } from '../../main/desktop/update-feed';
import { guardUpdateRequests, type GuardableExecutor } from '../../main/desktop/update-guard';
import { UpdateService } from '../../main/desktop/updates';
import { tempDir } from '../helpers/tmp';
import { NodeUpdateExecutor } from './helpers/node-update-executor';

const t = tempDir('meterdesk-updates-');
/** The "installed" AppImage the updater replaces on quit. Its new version records that it ran. */
const NEW_APP = '#!/bin/sh\ntouch "$0.ran"\n';

interface Route {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}
let routes = new Map<string, Route>();
const served: string[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    served.push(req.url ?? '');
    const route = routes.get((req.url ?? '').split('?')[0] ?? '');
    res.writeHead(route?.status ?? (route ? 200 : 404), route?.headers ?? {});
    res.end(route?.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  t.cleanup();
});

afterEach(() => {
  routes = new Map();
  served.length = 0;
});

function sha512(data: string | Buffer): string {
  return createHash('sha512').update(data).digest('base64');
}

/** latest-linux.yml as electron-builder writes it for an AppImage. */
function latestYml(version: string, file: string, content: string): string {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${sha512(content)}`,
    `    size: ${String(Buffer.byteLength(content))}`,
    `path: ${file}`,
    `sha512: ${sha512(content)}`,
    "releaseDate: '2026-03-01T08:00:00.000Z'",
    '',
  ].join('\n');
}

/** A real electron-updater for Linux AppImages, outside Electron, installed at `appImage`. */
function realUpdater(name: string) {
  const dir = join(t.dir, name);
  mkdirSync(dir, { recursive: true });
  const appImage = join(dir, 'MeterDesk.AppImage');
  writeFileSync(appImage, '#!/bin/sh\necho old\n', { mode: 0o755 });
  const configPath = join(dir, 'app-update.yml');
  writeFileSync(
    configPath,
    'provider: generic\nurl: https://updates.meterdesk.invalid/\nupdaterCacheDirName: meterdesk-updater-test\n',
  );
  const quitHandlers: ((exitCode: number) => void)[] = [];
  const adapter: AppAdapter = {
    version: '0.1.0',
    name: 'MeterDesk',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: join(dir, 'user'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: (handler) => {
      quitHandlers.push(handler);
    },
  };
  // The AppImage runtime sets APPIMAGE to the file being run; the updater replaces that file.
  vi.stubEnv('APPIMAGE', appImage);
  const updater = new AppImageUpdater(null, adapter);
  updater.logger = null;
  updater.disableDifferentialDownload = true;
  const executor = new NodeUpdateExecutor();
  // Protected in the typings; the app wraps Electron's executor in the same place.
  (updater as unknown as { httpExecutor: NodeUpdateExecutor }).httpExecutor = executor;
  // doDownload is protected in the typings, as in the app (main/shell/auto-update.ts).
  guardUpdateRequests(executor as unknown as GuardableExecutor);
  const quit = (code: number): void => {
    for (const handler of quitHandlers) handler(code);
  };
  return { updater, executor, appImage, quit, dir };
}

function feedFile(dir: string, url: string): string {
  const file = join(dir, 'update.json');
  writeFileSync(file, JSON.stringify({ url }));
  return file;
}

/** UpdateService over the updater, recording every phase it reports. */
function serviceFor(updater: AppImageUpdater, feed: string, intervalMs = 24 * 60 * 60 * 1000) {
  const phases: UpdatePhase[] = [];
  const service = new UpdateService({
    currentVersion: '0.1.0',
    feed: readUpdateFeed(feed),
    updater,
    firstCheckMs: 0,
    intervalMs,
    onChange: (view: UpdateView) => phases.push(view.phase),
  });
  return { service, phases };
}

async function until(service: UpdateService, phases: readonly UpdatePhase[]): Promise<UpdateView> {
  await vi.waitFor(
    () => {
      expect(phases).toContain(service.view().phase);
    },
    { timeout: 30_000, interval: 20 },
  );
  return service.view();
}

describe('with a feed that has a newer version', () => {
  it('downloads it in the background, says it is ready, and installs it when MeterDesk quits', async () => {
    const app = realUpdater('newer');
    routes.set('/feed/latest-linux.yml', {
      body: latestYml('0.2.0', 'MeterDesk-0.2.0.AppImage', NEW_APP),
    });
    routes.set('/feed/MeterDesk-0.2.0.AppImage', { body: NEW_APP });
    const { service, phases } = serviceFor(app.updater, feedFile(app.dir, `${base}/feed`));
    expect(service.view()).toMatchObject({ phase: 'idle', feedHost: base.slice('http://'.length) });
    service.start();
    const ready = await until(service, ['ready', 'failed']);
    service.stop();
    expect(ready).toMatchObject({
      phase: 'ready',
      newVersion: '0.2.0',
      percent: 100,
      detail: null,
    });
    expect(phases.filter((p, i) => p !== phases[i - 1])).toEqual([
      'checking',
      'downloading',
      'ready',
    ]);
    expect(served.map((u) => u.split('?')[0])).toEqual([
      '/feed/latest-linux.yml',
      '/feed/MeterDesk-0.2.0.AppImage',
    ]);
    // Nothing is installed while MeterDesk runs; quitting installs it (the AppImage is replaced).
    expect(readFileSync(app.appImage, 'utf8')).toContain('echo old');
    app.quit(0);
    expect(readFileSync(app.appImage, 'utf8')).toBe(NEW_APP);
    expect(existsSync(`${app.appImage}.ran`)).toBe(true);
  });

  it('refuses a download whose SHA-512 is not the one the feed gave', async () => {
    const app = realUpdater('tampered');
    routes.set('/feed/latest-linux.yml', {
      body: latestYml('0.2.0', 'MeterDesk-0.2.0.AppImage', NEW_APP),
    });
    routes.set('/feed/MeterDesk-0.2.0.AppImage', { body: `${NEW_APP}# changed on the way\n` });
    const { service } = serviceFor(app.updater, feedFile(app.dir, `${base}/feed/`));
    service.start();
    const failed = await until(service, ['ready', 'failed']);
    service.stop();
    expect(failed.phase).toBe('failed');
    expect(failed.detail).toMatch(/sha512 checksum mismatch/i);
    app.quit(0);
    expect(readFileSync(app.appImage, 'utf8')).toContain('echo old');
  });
});

describe('with a feed at the running version', () => {
  it('stays idle, and asks again on its schedule', async () => {
    const app = realUpdater('current');
    routes.set('/feed/latest-linux.yml', {
      body: latestYml('0.1.0', 'MeterDesk-0.1.0.AppImage', NEW_APP),
    });
    const { service } = serviceFor(app.updater, feedFile(app.dir, `${base}/feed`), 50);
    service.start();
    await vi.waitFor(
      () => {
        expect(served.length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 30_000, interval: 20 },
    );
    service.stop();
    // A check may still be on its way when the schedule stops (a busy machine answers the second
    // one late): it ends idle like the others.
    const settled = await until(service, ['idle', 'failed']);
    expect(settled).toMatchObject({ phase: 'idle', newVersion: null });
    expect(new Set(served.map((u) => u.split('?')[0]))).toEqual(
      new Set(['/feed/latest-linux.yml']),
    );
  });
});

describe('a feed that leads to plain http elsewhere', () => {
  it('is not followed through a redirect', async () => {
    const app = realUpdater('redirect');
    routes.set('/feed/latest-linux.yml', {
      status: 302,
      headers: { location: 'http://mirror.meterdesk.invalid/latest-linux.yml' },
    });
    const { service } = serviceFor(app.updater, feedFile(app.dir, `${base}/feed`));
    service.start();
    const failed = await until(service, ['ready', 'failed']);
    service.stop();
    expect(failed.detail).toContain(
      'The update feed led elsewhere: http://mirror.meterdesk.invalid is not allowed for updates',
    );
    expect(app.executor.requested.some((u) => u.includes('mirror.meterdesk.invalid'))).toBe(false);
  });

  it('is not followed to a download address the feed names', async () => {
    const app = realUpdater('elsewhere');
    routes.set('/feed/latest-linux.yml', {
      body: latestYml(
        '0.2.0',
        'http://downloads.meterdesk.invalid/MeterDesk-0.2.0.AppImage',
        NEW_APP,
      ),
    });
    const { service } = serviceFor(app.updater, feedFile(app.dir, `${base}/feed`));
    service.start();
    const failed = await until(service, ['ready', 'failed']);
    service.stop();
    expect(failed.detail).toContain(
      'http://downloads.meterdesk.invalid is not allowed for updates',
    );
    expect(app.executor.requested.some((u) => u.includes('downloads.meterdesk.invalid'))).toBe(
      false,
    );
  });
});

describe('without a feed', () => {
  it('is off, asks nothing and says where IT can configure one', () => {
    const app = realUpdater('off');
    const { service, phases } = serviceFor(app.updater, join(app.dir, 'no-such-update.json'));
    service.start();
    service.stop();
    expect(service.view()).toMatchObject({ phase: 'off', feedHost: null, currentVersion: '0.1.0' });
    expect(service.view().detail).toContain('no update feed is configured');
    expect(phases).toEqual([]);
    expect(app.executor.requested).toEqual([]);
  });
});
