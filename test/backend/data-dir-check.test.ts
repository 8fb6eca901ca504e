// The data folder check: system places are refused without being touched, others are made and
// proven writable, and every refusal says why in words.
import { chmodSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../main/backend/data-dir';
import { tempDir } from '../helpers/tmp';

const t = tempDir('meterdesk-datadir-check-');
afterAll(() => {
  if (existsSync(join(t.dir, 'locked'))) chmodSync(join(t.dir, 'locked'), 0o755);
  t.cleanup();
});

const problem = (dir: string): string => {
  try {
    prepareDataDir(dir);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
};

/** /proc, /sys, /dev and POSIX permissions do not exist on Windows; symbolic links need a privilege. */
const POSIX_ONLY =
  process.platform === 'win32'
    ? 'Windows has no /proc, /sys or /dev, no read-only folders by chmod, and links need a privilege'
    : null;
if (POSIX_ONLY !== null) console.warn(`[data-dir-check] POSIX cases skipped: ${POSIX_ONLY}`);

describe('the data folder check', () => {
  it.skipIf(POSIX_ONLY !== null)(
    'refuses /proc, /sys and /dev by name, creating nothing there',
    () => {
      expect(problem('/proc/1/meterdesk')).toMatch(
        /cannot keep its data in \/proc\/1\/meterdesk: \/proc is a system folder/,
      );
      expect(problem('/sys/meterdesk')).toMatch(/\/sys is a system folder/);
      expect(problem('/dev/shm/meterdesk')).toMatch(/\/dev is a system folder/);
      expect(existsSync('/sys/meterdesk')).toBe(false);
    },
  );

  it.skipIf(POSIX_ONLY !== null)('refuses a link that leads into /proc', () => {
    const link = join(t.dir, 'looks harmless');
    symlinkSync('/proc/self', link);
    expect(problem(join(link, 'data'))).toMatch(
      /it leads to \/proc\/\d+, inside the system folder \/proc/,
    );
  });

  it('makes a new nested folder and proves it writable, leaving no probe file', () => {
    const dir = join(t.dir, 'new', 'nested', 'MeterDesk data');
    expect(problem(dir)).toBe('accepted');
    expect(readdirSync(dir)).toEqual([]);
  });

  it.skipIf(process.getuid?.() === 0 || POSIX_ONLY !== null)(
    'says so when the folder cannot be written',
    () => {
      const locked = join(t.dir, 'locked');
      mkdirSync(locked);
      chmodSync(locked, 0o555);
      expect(problem(join(locked, 'data'))).toMatch(
        /cannot use the folder .*locked\/data for its data: you may not write there\./,
      );
      expect(problem(locked)).toMatch(/you may not write there/);
    },
  );

  it('says so when a file is in the way', () => {
    expect(problem(join(import.meta.filename, 'data'))).toMatch(
      /part of the path is a file, not a folder|a file of that name is in the way|is a file, not a folder/i,
    );
  });
});
