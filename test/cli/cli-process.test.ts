import { parse } from 'csv-parse/sync';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../helpers/engine-harness';
import { meterDeskCli } from '../helpers/built-app';
import { KEYTAR_BUILD } from '../helpers/keytar-build';

const run = promisify(execFile);

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

// Names billing exports must survive: delimiters, quotes, line breaks, emoji, right-to-left
// text and a leading formula character.
const HOSTILE_NAMES = [
  'Flat 3, Main St.jpg',
  'meter "kitchen".jpg',
  'line\nbreak.jpg',
  'tap 🚰 basement.jpg',
  'عداد المياه.jpg',
  '=HYPERLINK("evil","y").jpg',
  '+1+1.jpg',
  '@SUM(1).jpg',
];

describe('meter-desk as a real process', () => {
  it('reads photos with hostile names and writes a CSV a real parser reads back exactly', async () => {
    const hh = await harness({ photos: HOSTILE_NAMES.length, duplicates: 0, subfolders: false });
    h = hh;
    const odd = join(hh.dir, 'odd names');
    mkdirSync(odd);
    const sources = readdirSync(hh.photos).filter((n) => /\.(jpe?g|png|webp)$/i.test(n));
    const want = new Map<string, string>();
    HOSTILE_NAMES.forEach((name, i) => {
      const src = sources[i];
      if (!src) throw new Error('not enough sample photos');
      copyFileSync(join(hh.photos, src), join(odd, name));
      const entry = hh.manifest.files.find((f) => f.relPath === src);
      if (entry?.reading) want.set(name, entry.reading);
    });
    const csv = join(h.dir, 'readings.csv');
    const { stdout } = await run(
      process.execPath,
      [await meterDeskCli(), 'run', odd, '--db', h.dbFile, '--export', csv],
      {
        env: {
          ...process.env,
          METER_DESK_BASE_URL: h.sandbox.url,
          METER_DESK_API_KEY: h.sandbox.apiKey,
        },
      },
    );
    expect(stdout).toContain('Every file is final');
    const text = readFileSync(csv, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    const rows = parse<Record<string, string>>(text, { bom: true, columns: true });
    expect(rows).toHaveLength(HOSTILE_NAMES.length);
    for (const name of HOSTILE_NAMES) {
      // Formula-looking names are neutralised with a leading quote, nothing else changes.
      const shown = /^[=+\-@]/.test(name) ? `'${name}` : name;
      const row = rows.find((r) => r.file === shown);
      expect(row, name).toBeDefined();
      expect(row?.reading, name).toBe(want.get(name));
      expect(row?.status).toBe('done');
      expect(row?.to_review).toBe('no');
    }
  }, 60_000);

  it('without a keyring and without METER_DESK_API_KEY, says what is wrong and the way round it, once', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, METER_DESK_BASE_URL: 'http://127.0.0.1:9' };
    delete env.METER_DESK_API_KEY;
    // No D-Bus session: the Secret Service cannot be reached, as on a server without a desktop.
    env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/meterdesk-test-bus';
    const failed = await run(process.execPath, [await meterDeskCli(), 'quota'], { env }).then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(2);
    // Where npm left keytar out there is no keyring to reach: the sentence says the module is
    // missing instead (the same code path, the other reason).
    expect(failed?.stderr).toMatch(
      KEYTAR_BUILD === null ? /has no OS keychain module/ : /cannot reach the system keyring/,
    );
    expect(failed?.stderr.match(/METER_DESK_API_KEY/g)).toHaveLength(1);
  }, 30_000);
});
