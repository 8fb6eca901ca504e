// Small parts of the backend: its settings file and the reader/writer lock its calls share.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RwLock } from '../../main/backend/rw-lock';
import {
  DEFAULT_SETTINGS,
  loadSettings,
  saveSettings,
  settingsFile,
  toSettingsView,
} from '../../main/backend/settings';
import { tempDirsPerTest } from '../helpers/test-dirs';

const dir = tempDirsPerTest('meterdesk-parts-');

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
    // The lock moves on promises alone: once r2 ran and every pending reaction has, the writer and
    // the reader queued behind it are still waiting for r1.
    await r2;
    await new Promise((r) => setImmediate(r));
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
