// Windows data moves from the roaming AppData (0.1) to the local one, once, before anything opens
// it: the queue with its write-ahead log and the settings arrive whole; a local folder that holds
// data already is never overwritten. The folders are real; the platform is passed as win32 (the
// paths are only joined, so this runs on every system).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userDataDir } from '../../main/config/paths';
import { moveRoamingData } from '../../main/config/roaming-move';
import { tempDir } from '../helpers/tmp';

let t: { dir: string; cleanup: () => void };
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  t = tempDir('meterdesk-roaming-');
  env = { APPDATA: join(t.dir, 'Roaming'), LOCALAPPDATA: join(t.dir, 'Local') };
});
afterEach(() => {
  t.cleanup();
});

function roamingQueue(): string {
  const dir = join(t.dir, 'Roaming', 'MeterDesk');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'queue.sqlite'), 'db');
  writeFileSync(join(dir, 'queue.sqlite-wal'), 'wal');
  writeFileSync(join(dir, 'settings.json'), '{"business":"x"}');
  return dir;
}

describe('moveRoamingData', () => {
  it('uses the local AppData on Windows', () => {
    expect(userDataDir(env, 'win32')).toBe(join(t.dir, 'Local', 'MeterDesk'));
  });

  it('moves a roaming queue with its WAL and settings to the local folder', () => {
    const from = roamingQueue();
    const to = join(t.dir, 'Local', 'MeterDesk');
    mkdirSync(join(t.dir, 'Local'));
    expect(moveRoamingData(env, 'win32')).toEqual({ moved: true, from, to, how: 'renamed' });
    expect(readFileSync(join(to, 'queue.sqlite-wal'), 'utf8')).toBe('wal');
    expect(readFileSync(join(to, 'settings.json'), 'utf8')).toBe('{"business":"x"}');
    expect(existsSync(from)).toBe(false);
    // Once only.
    expect(moveRoamingData(env, 'win32')).toEqual({ moved: false });
  });

  it('copies when it cannot rename, and puts the roaming copy aside with a note', () => {
    const from = roamingQueue();
    const to = join(t.dir, 'Local', 'MeterDesk');
    // An empty local folder already there: rename refuses, the copy goes in.
    mkdirSync(join(to, 'Crashpad'), { recursive: true });
    expect(moveRoamingData(env, 'win32')).toEqual({ moved: true, from, to, how: 'copied' });
    expect(readFileSync(join(to, 'queue.sqlite'), 'utf8')).toBe('db');
    expect(readFileSync(join(`${from}.moved-to-local`, 'README.txt'), 'utf8')).toContain(to);
  });

  it('never overwrites a local folder holding data, nor moves elsewhere than Windows', () => {
    roamingQueue();
    const to = join(t.dir, 'Local', 'MeterDesk');
    mkdirSync(to, { recursive: true });
    writeFileSync(join(to, 'settings.json'), '{}');
    expect(moveRoamingData(env, 'win32')).toEqual({ moved: false });
    expect(readFileSync(join(to, 'settings.json'), 'utf8')).toBe('{}');
    expect(moveRoamingData(env, 'linux')).toEqual({ moved: false });
    expect(moveRoamingData({ ...env, METER_DESK_DATA_DIR: t.dir }, 'win32')).toEqual({
      moved: false,
    });
  });
});
