// The plain-Node pieces the Electron main process leans on: window bounds, network hints, command
// line folders.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchPaths } from '../../main/desktop/launch-paths';
import { watchNetwork } from '../../main/desktop/network-watch';
import {
  fitWindow,
  loadWindowState,
  saveWindowState,
  windowStateFile,
} from '../../main/desktop/window-state';
import { tempDirsPerTest } from '../helpers/test-dirs';

const dir = tempDirsPerTest('meterdesk-parts-');

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
