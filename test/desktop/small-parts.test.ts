// The plain-Node pieces the shell leans on: settings file, window bounds, network hints, command
// line folders, the reader/writer lock.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchPaths } from '../../main/desktop/launch-paths';
import { watchNetwork } from '../../main/desktop/network-watch';
import { RwLock } from '../../main/backend/rw-lock';
import {
  DEFAULT_SETTINGS,
  loadSettings,
  saveSettings,
  settingsFile,
  toSettingsView,
} from '../../main/backend/settings';
import {
  fitWindow,
  loadWindowState,
  saveWindowState,
  windowStateFile,
} from '../../main/desktop/window-state';
import { tempDir } from '../helpers/tmp';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
function dir(): string {
  const t = tempDir('meterdesk-parts-');
  cleanups.push(t.cleanup);
  return t.dir;
}

describe('settings.json', () => {
  it('round-trips, and a missing file gives the defaults', () => {
    const file = settingsFile(dir());
    expect(loadSettings(file)).toEqual(DEFAULT_SETTINGS);
    const s = { ...DEFAULT_SETTINGS, baseUrl: 'https://m.example', maxConcurrency: 8 };
    saveSettings(file, s);
    expect(loadSettings(file)).toEqual(s);
  });

  it('keeps the good fields of a hand-edited file and defaults the bad ones', () => {
    const file = settingsFile(dir());
    writeFileSync(
      file,
      JSON.stringify({
        baseUrl: 'https://m.example',
        maxConcurrency: -4,
        batchMode: 'x',
        __proto__: { useSandbox: true },
      }),
    );
    expect(loadSettings(file)).toEqual({ ...DEFAULT_SETTINGS, baseUrl: 'https://m.example' });
    writeFileSync(file, '{ not json');
    expect(loadSettings(file)).toEqual(DEFAULT_SETTINGS);
  });

  it('shows the folder actually used', () => {
    expect(toSettingsView(DEFAULT_SETTINGS, '/home/u/.config/MeterDesk').effectiveDataDir).toBe(
      '/home/u/.config/MeterDesk',
    );
  });
});

describe('window bounds', () => {
  const primary = { x: 0, y: 0, width: 1920, height: 1080 };
  const second = { x: 1920, y: 0, width: 1280, height: 1024 };

  it('opens at the saved place when it is on a display', () => {
    expect(fitWindow({ x: 2000, y: 50, width: 1000, height: 700 }, [primary, second])).toEqual({
      x: 2000,
      y: 50,
      width: 1000,
      height: 700,
    });
  });

  it('keeps only the size when the saved display is gone', () => {
    expect(fitWindow({ x: 2000, y: 50, width: 1000, height: 700 }, [primary])).toEqual({
      width: 1000,
      height: 700,
    });
  });

  it('shrinks to the display and never below the minimum size', () => {
    expect(fitWindow({ x: 10, y: 10, width: 5000, height: 300 }, [primary])).toEqual({
      x: 0,
      y: 10,
      width: 1920,
      height: 600,
    });
    expect(fitWindow(null, [{ x: 0, y: 0, width: 1024, height: 700 }])).toEqual({
      width: 1024,
      height: 700,
    });
  });

  it('round-trips window-state.json and ignores a damaged one', () => {
    const file = windowStateFile(dir());
    expect(loadWindowState(file)).toEqual({ bounds: null, maximized: false });
    const state = { bounds: { x: 1, y: 2, width: 1000, height: 700 }, maximized: true };
    saveWindowState(file, state);
    expect(loadWindowState(file)).toEqual(state);
    writeFileSync(file, JSON.stringify({ bounds: { x: 'a' }, maximized: 1 }));
    expect(loadWindowState(file)).toEqual({ bounds: null, maximized: false });
  });
});

describe('network hints', () => {
  it('hints on offline -> online and on resume, not while it stays online', () => {
    let online = true;
    const hints: string[] = [];
    const w = watchNetwork({
      isOnline: () => online,
      hint: (why) => hints.push(why),
      everyMs: 60_000,
    });
    w.check();
    online = false;
    w.check();
    w.check();
    online = true;
    w.check();
    w.check();
    w.resumed();
    w.stop();
    expect(hints).toEqual(['the network came back', 'the computer woke up']);
  });
});

describe('folders from the command line', () => {
  it('skips the executable, the app path and switches; resolves relative paths', () => {
    expect(
      launchPaths(
        ['/opt/MeterDesk/meterdesk', '--allow-file-access', 'route-12', '/data/route 13', ''],
        '/home/u/photos',
        1,
      ),
    ).toEqual([join('/home/u/photos', 'route-12'), '/data/route 13']);
    expect(launchPaths(['electron', '.', '/x'], '/w', 2)).toEqual(['/x']);
  });
});

describe('RwLock', () => {
  it('runs readers together, a writer alone, and prefers a waiting writer', async () => {
    const lock = new RwLock();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const r1 = lock.shared(async () => {
      order.push('r1 start');
      await gate;
      order.push('r1 end');
    });
    const r2 = lock.shared(() => {
      order.push('r2');
    });
    const w = lock.exclusive(() => {
      order.push('w');
    });
    const r3 = lock.shared(() => {
      order.push('r3');
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['r1 start', 'r2']);
    release();
    await Promise.all([r1, r2, w, r3]);
    expect(order).toEqual(['r1 start', 'r2', 'r1 end', 'w', 'r3']);
  });

  it('releases after a failure', async () => {
    const lock = new RwLock();
    await expect(lock.exclusive(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.shared(() => 1)).resolves.toBe(1);
  });
});
