// One MeterDesk per user (main/shell/single-instance.ts): the first launch starts the window and the
// engine; a later one hands over its folders, the first comes to the front and adds them to its
// one engine, and the later one quits having started nothing. Electron's lock is played by a small
// stand-in with its semantics (the first caller holds it; a later caller's request fires
// 'second-instance' in the holder with its argv, working folder and additionalData, and returns
// false); the engine is the real backend on a real queue. The real lock is exercised by the
// Electron smoke test (test/shell/electron-smoke.test.ts) in CI.
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import path, { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  argsStart,
  handedPaths,
  launchSingleInstance,
  type LockingApp,
  type RunningInstance,
} from '../../main/shell/single-instance';
import { openDesktop, type Desktop } from '../ipc/helpers/desktop';
import { tempDir } from '../helpers/tmp';

const t = tempDir('meterdesk-single-');
const opened: Desktop[] = [];
afterAll(async () => {
  for (const desk of opened) await desk.close();
  t.cleanup();
});

/** Electron's per-user single-instance lock, as its documentation describes it. */
class UserLock {
  holder: LaunchedApp | null = null;
}

class LaunchedApp extends EventEmitter implements LockingApp {
  quitCalls = 0;
  constructor(
    private readonly lock: UserLock,
    readonly argv: string[],
    readonly cwd: string,
  ) {
    super();
  }

  requestSingleInstanceLock(additionalData?: Record<string, unknown>): boolean {
    if (!this.lock.holder) {
      this.lock.holder = this;
      return true;
    }
    // Electron delivers a structured clone of additionalData.
    this.lock.holder.emit(
      'second-instance',
      {},
      this.argv,
      this.cwd,
      structuredClone(additionalData),
    );
    return false;
  }

  quit(): void {
    this.quitCalls++;
  }
}

/** Launches "MeterDesk" (packaged: argv[0] is the executable) and counts what it starts. */
function launcher(lock: UserLock) {
  const engines: Desktop[] = [];
  let focused = 0;
  const launch = (args: string[], cwd: string) => {
    const app = new LaunchedApp(lock, ['/opt/MeterDesk/meter-desk', ...args], cwd);
    const first = launchSingleInstance(app, {
      argv: app.argv,
      cwd,
      packaged: true,
      start: async (): Promise<RunningInstance> => {
        const desk = await openDesktop({ userDataDir: join(t.dir, 'user') });
        engines.push(desk);
        opened.push(desk);
        return {
          focus: () => {
            focused++;
          },
          addPaths: async (paths) => {
            const added = await desk.bridge.addPaths({ paths: [...paths] });
            if (!added.ok) throw new Error(added.error.message);
          },
        };
      },
      log: () => undefined,
    });
    return { app, first };
  };
  return { launch, engines, focused: () => focused };
}

async function rootPaths(desk: Desktop | undefined): Promise<string[]> {
  const roots = await desk?.bridge.listRoots();
  return roots?.ok ? roots.value.map((r) => r.path) : [];
}

describe('a second launch', () => {
  it('hands its folders to the first, which comes to the front; no second engine starts', async () => {
    const lock = new UserLock();
    const meterDesk = launcher(lock);
    const routes = join(t.dir, 'routes');
    for (const name of ['route-11', 'route-12', 'route-13'])
      mkdirSync(join(routes, name), { recursive: true });

    const first = meterDesk.launch([join(routes, 'route-11')], t.dir);
    expect(first.first).not.toBeNull();
    await vi.waitFor(async () => {
      expect(await rootPaths(meterDesk.engines[0])).toEqual([join(routes, 'route-11')]);
    });
    expect(meterDesk.focused()).toBe(0);

    // "Open with MeterDesk" on two folders, from the folder they are in (relative paths).
    const second = meterDesk.launch(['route-12', '--some-chromium-switch', 'route-13'], routes);
    expect(second.first).toBeNull();
    expect(second.app.quitCalls).toBe(1);
    expect(first.app.quitCalls).toBe(0);
    await vi.waitFor(async () => {
      expect((await rootPaths(meterDesk.engines[0])).sort()).toEqual(
        ['route-11', 'route-12', 'route-13'].map((r) => join(routes, r)),
      );
    });
    expect(meterDesk.focused()).toBe(1);
    expect(meterDesk.engines).toHaveLength(1);

    // A plain second double-click: the window comes to the front, nothing is added.
    const third = meterDesk.launch([], t.dir);
    expect(third.first).toBeNull();
    await vi.waitFor(() => {
      expect(meterDesk.focused()).toBe(2);
    });
    expect(await rootPaths(meterDesk.engines[0])).toHaveLength(3);
    expect(meterDesk.engines).toHaveLength(1);
  });

  it('arriving while the first is still starting, waits for it instead of being lost', async () => {
    const lock = new UserLock();
    let release: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      release = resolve;
    });
    const added: string[][] = [];
    const app = new LaunchedApp(lock, ['MeterDesk.exe'], 'C:\\Users\\ana');
    let focused = 0;
    launchSingleInstance(app, {
      argv: app.argv,
      cwd: app.cwd,
      packaged: true,
      start: async () => {
        await ready;
        return {
          focus: () => {
            focused++;
          },
          addPaths: (paths) => {
            added.push([...paths]);
            return Promise.resolve();
          },
        };
      },
      log: () => undefined,
      pathApi: path.win32,
    });
    new LaunchedApp(
      lock,
      ['MeterDesk.exe', '\\\\nas01\\photos\\route-12'],
      'C:\\Users\\ana',
    ).requestSingleInstanceLock({
      paths: ['\\\\nas01\\photos\\route-12'],
    });
    await Promise.resolve();
    expect(added).toEqual([]);
    release();
    await vi.waitFor(() => {
      expect(added).toEqual([['\\\\nas01\\photos\\route-12']]);
    });
    expect(focused).toBe(1);
  });

  it('macOS "open-file" (a folder dropped on the Dock icon) is added like a later launch', async () => {
    const lock = new UserLock();
    const added: string[][] = [];
    const first = launchSingleInstance(new LaunchedApp(lock, ['MeterDesk'], '/'), {
      argv: ['MeterDesk'],
      cwd: '/',
      packaged: true,
      start: () =>
        Promise.resolve({
          focus: () => undefined,
          addPaths: (paths) => {
            added.push([...paths]);
            return Promise.resolve();
          },
        }),
      log: () => undefined,
    });
    first?.handOver(['/Volumes/SD-CARD/DCIM/100MEDIA']);
    await vi.waitFor(() => {
      expect(added).toEqual([['/Volumes/SD-CARD/DCIM/100MEDIA']]);
    });
  });
});

describe('the folders a later launch hands over', () => {
  const cwd = 'C:\\Users\\ana\\Desktop';
  const argv = [
    'C:\\Program Files\\MeterDesk\\MeterDesk.exe',
    '--allow-file-access-from-files',
    '\\\\server\\share\\route-12',
    'D:\\Photos\\route 7',
    'route-9',
    '..\\route-10',
    `\\\\?\\C:\\${'Zählerfotos-2026\\'.repeat(18)}IMG_0001.jpg`,
  ];

  it('come from argv, resolved against its working folder: UNC shares, drive letters, long paths', () => {
    const long = argv[6] ?? '';
    expect(long.length).toBeGreaterThan(260);
    expect(handedPaths(undefined, argv, cwd, true, path.win32)).toEqual([
      '\\\\server\\share\\route-12',
      'D:\\Photos\\route 7',
      'C:\\Users\\ana\\Desktop\\route-9',
      'C:\\Users\\ana\\route-10',
      long,
    ]);
  });

  it('come from additionalData when it holds absolute paths, else from argv', () => {
    const resolved = ['\\\\server\\share\\route-12', 'E:\\DCIM\\100CANON'];
    expect(handedPaths({ paths: resolved }, argv, cwd, true, path.win32)).toEqual(resolved);
    for (const data of [
      { paths: ['route-9'] },
      { paths: 'E:\\DCIM' },
      { paths: [42] },
      null,
      'x',
    ]) {
      expect(handedPaths(data, argv, cwd, true, path.win32)).toHaveLength(5);
    }
    expect(
      handedPaths(
        { paths: Array.from({ length: 1001 }, () => 'E:\\x') },
        [],
        cwd,
        true,
        path.win32,
      ),
    ).toEqual([]);
  });

  it('skip, unpackaged, everything up to the app path: Electron, switches, the app itself', () => {
    // `npm start` runs `electron . <args>`; Playwright puts its switches before the app path.
    expect(argsStart(['/usr/bin/electron', '.', 'route-1'], false)).toBe(2);
    const playwright = [
      '/x/electron',
      '--inspect=0',
      '--remote-debugging-port=0',
      '/tmp/app',
      '/photos/route-1',
    ];
    expect(argsStart(playwright, false)).toBe(4);
    expect(handedPaths(null, playwright, '/', false)).toEqual(['/photos/route-1']);
    expect(handedPaths(null, ['/x/electron', '--inspect=0', '/tmp/app'], '/', false)).toEqual([]);
    expect(argsStart(['/opt/MeterDesk/meter-desk', '/photos/route-1'], true)).toBe(1);
  });
});
