// `meter-desk run` reads every photo's code before it calls itself done (issue 34): the uploads
// finish long before the codes of five 2,400 px photos are read, yet the run waits for them, so a
// photo named IMG_xxxx is matched to the meter its sticker names and a swapped photo is flagged in
// the export of the same run. In-process against the sandbox over HTTP, the real check worker.
import { parse } from 'csv-parse/sync';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { createSandbox, type Sandbox } from '../../sandbox';
import { captureIo } from '../helpers/cli-io';
import { FAST_AI } from '../helpers/engine-harness';
import { cachedMeterPhoto } from '../helpers/samples';
import { tempDir } from '../helpers/tmp';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** Each photo: its file name, the reading on its dial, the text of its sticker (null: none). */
const PHOTOS = [
  // Stickers print serials their own way: compared by serialKey (common/photo-codes.ts).
  { name: '10001.jpg', reading: '00412.5', sticker: '1000-1' },
  // Named after 10002, showing the sticker of 10003: a swapped photo.
  { name: '10002.jpg', reading: '00520.1', sticker: '10003' },
  { name: 'IMG_0001.jpg', reading: '00733.0', sticker: '10004' },
  { name: 'IMG_0002.jpg', reading: '00150.7', sticker: '0010005' },
  { name: '10006.jpg', reading: '00999.9', sticker: null },
] as const;

function routeSheet(dir: string): string {
  const at = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const rows = ['10001', '10002', '10003', '10004', '10005', '10006'].map(
    (id, i) => `${id};K-${String(i)};R1;${String(i + 1)};5;1;00100,0;${at};1,0`,
  );
  const file = join(dir, 'route.csv');
  writeFileSync(
    file,
    `meter_id;account;route;sequence;digits;decimals;previous_reading;previous_read_at;avg_daily_use\r\n${rows.join('\r\n')}\r\n`,
  );
  return file;
}

describe('meter-desk run and the codes on its photos', () => {
  it('reads every code before it ends: an IMG_ photo matched by its sticker, a swapped one flagged', async () => {
    const t = tempDir('meterdesk-codes-run-');
    const photos = join(t.dir, 'photos');
    mkdirSync(photos);
    for (const [i, p] of PHOTOS.entries()) {
      const sticker = p.sticker ? { text: p.sticker, format: 'Code128' as const } : undefined;
      const jpeg = await cachedMeterPhoto({
        reading: p.reading,
        format: 'jpeg',
        width: 2400,
        seed: i + 1,
        sticker,
      });
      writeFileSync(join(photos, p.name), jpeg);
    }
    const sandbox: Sandbox = await createSandbox({ ai: FAST_AI });
    cleanup = async () => {
      await sandbox.close();
      t.cleanup();
    };
    const db = join(t.dir, 'queue.sqlite');
    const out = join(t.dir, 'billing.csv');
    const io = captureIo({ METER_DESK_BASE_URL: sandbox.url, METER_DESK_API_KEY: sandbox.apiKey });
    const code = await main(
      ['run', photos, '--route', routeSheet(t.dir), '--export', out, '--db', db],
      io,
    );
    expect(code, io.all()).toBe(0);

    const rows = parse<Record<string, string>>(readFileSync(out, 'utf8'), {
      bom: true,
      columns: true,
      delimiter: ';',
    });
    const row = (meter: string): Record<string, string> | undefined =>
      rows.find((r) => r.meter_id === meter);
    // Named IMG_xxxx: matched to the meter its sticker names (leading zeros or not), in the same run.
    expect(row('10004')?.photo).toBe('IMG_0001.jpg');
    expect(row('10005')?.photo).toBe('IMG_0002.jpg');
    // Named after 10002 but showing 10003's sticker: flagged, the code named in the reasons.
    expect(row('10002')).toMatchObject({ photo: '10002.jpg', use_on_bill: 'no' });
    expect(row('10002')?.reasons).toContain('10003');
    // Its own sticker, or none: nothing said about codes.
    expect(row('10001')?.reasons ?? '').not.toContain('code');
    expect(row('10006')?.photo).toBe('10006.jpg');
    expect(row('10006')?.reasons ?? '').not.toContain('code');
  }, 120_000);
});
