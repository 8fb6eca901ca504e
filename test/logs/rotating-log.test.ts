// The log file IT collects: lines with their time, rotated at the size cap into .1, .2, ... with the
// oldest dropped, so the folder never holds more than (keep + 1) x the cap; passwords in addresses
// and connection strings never reach it. A real folder, a manual clock.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOG_FILE_NAME, RotatingLog, withoutPasswords } from '../../main/logs/rotating-log';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';

let t: { dir: string; cleanup: () => void };
beforeEach(() => {
  t = tempDir('meterdesk-log-');
});
afterEach(() => {
  t.cleanup();
});

const START = Date.UTC(2026, 11, 7, 9, 0, 0);

describe('RotatingLog', () => {
  it('writes each line with its time, creating the folder', async () => {
    const clock = createManualClock(START);
    const file = path.join(t.dir, 'logs', LOG_FILE_NAME);
    const log = new RotatingLog({ file, clock });
    log.write('engine started');
    await clock.advance(1500);
    log.write('two\nlines');
    log.close();
    expect(readFileSync(file, 'utf8')).toBe(
      '2026-12-07T09:00:00.000Z engine started\n2026-12-07T09:00:01.500Z two | lines\n',
    );
  });

  it('rotates at the cap and keeps only the newest files', () => {
    const clock = createManualClock(START);
    const file = path.join(t.dir, LOG_FILE_NAME);
    const log = new RotatingLog({ file, clock, maxBytes: 1000, keep: 2 });
    // 40 lines of 100 bytes each (with the time stamp and newline): four files' worth.
    for (let n = 0; n < 40; n++) log.write(`line ${String(n).padStart(2, '0')} ${'x'.repeat(66)}`);
    log.close();
    expect(readdirSync(t.dir).sort()).toEqual([
      LOG_FILE_NAME,
      `${LOG_FILE_NAME}.1`,
      `${LOG_FILE_NAME}.2`,
    ]);
    for (const name of readdirSync(t.dir)) {
      expect(statSync(path.join(t.dir, name)).size).toBeLessThanOrEqual(1000);
    }
    // The newest lines are in the current file, the ones before in .1, then .2; older are gone.
    const current = readFileSync(file, 'utf8');
    const previous = readFileSync(`${file}.1`, 'utf8');
    const oldest = readFileSync(`${file}.2`, 'utf8');
    expect(current).toContain('line 39');
    expect(current.split('\n')[0]).toContain('line 30');
    expect(previous.split('\n')[0]).toContain('line 20');
    expect(oldest.split('\n')[0]).toContain('line 10');
    expect(existsSync(`${file}.3`)).toBe(false);
  });

  it('goes on after a restart where the file left off', () => {
    const clock = createManualClock(START);
    const file = path.join(t.dir, LOG_FILE_NAME);
    // 126 bytes a line: two fit under 260, the third rotates.
    const first = new RotatingLog({ file, clock, maxBytes: 260, keep: 1 });
    first.write('a'.repeat(100));
    first.close();
    const second = new RotatingLog({ file, clock, maxBytes: 260, keep: 1 });
    second.write('b'.repeat(100));
    second.write('c'.repeat(100));
    second.close();
    expect(readFileSync(`${file}.1`, 'utf8')).toMatch(/a{100}\n.*b{100}\n$/);
    expect(readFileSync(file, 'utf8')).toMatch(/c{100}\n$/);
  });
});

describe('withoutPasswords', () => {
  it.each([
    ['proxy http://desk:s3cret@proxy.corp:8080 set', 'proxy http://desk:***@proxy.corp:8080 set'],
    ['office postgres://clerk:pw%21x@db.corp/meters', 'office postgres://clerk:***@db.corp/meters'],
    ['host=db password=hunter2 sslmode=require', 'host=db password=*** sslmode=require'],
    ['https://meters.example/api nothing to hide', 'https://meters.example/api nothing to hide'],
  ])('%s', (line, said) => {
    expect(withoutPasswords(line)).toBe(said);
  });
});
