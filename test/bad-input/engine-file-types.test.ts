// Every kind of file a meter reader's card holds, end to end through the real CLI against the
// sandbox: what is accepted is uploaded and read (a PNG named .jpg, WEBP, a JPEG of exactly
// 20 MiB), what is not is rejected locally with a reason that says what to do (naming the accepted
// formats), never sent, and every row is in the billing CSV. The scanner's verdict on each file
// alone is tested in test/scan; this is the whole way from folder to CSV.
import { parse } from 'csv-parse/sync';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../common/job';
import { main } from '../../main/cli/main';
import { renderMeterPhoto } from '../../sandbox/samples';
import { harness, type Harness } from '../helpers/engine-harness';
import { captureIo } from '../helpers/cli-io';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A real JPEG padded with zeros to `size` bytes (trailing bytes after EOI are allowed). */
function padded(jpeg: Buffer, size: number): Buffer {
  const out = Buffer.alloc(size);
  jpeg.copy(out);
  return out;
}

function heic(): Buffer {
  const b = Buffer.alloc(2048, 7);
  b.writeUInt32BE(24, 0);
  b.write('ftypheic', 4, 'latin1');
  b.writeUInt32BE(0, 12);
  b.write('mif1heic', 16, 'latin1');
  return b;
}

const ACCEPTED_NAMED = /JPEG, PNG or WEBP/;

describe('every kind of file, from folder to CSV', () => {
  it('reads what the service accepts, rejects the rest with a reason, sends nothing it rejects', async () => {
    h = await harness({ photos: 1, duplicates: 0 });
    const dir = join(h.dir, 'card');
    mkdirSync(dir);
    const jpeg = await renderMeterPhoto({
      reading: '01234.567',
      format: 'jpeg',
      width: 480,
      seed: 1,
    });
    const big = await renderMeterPhoto({
      reading: '00020.480',
      format: 'jpeg',
      width: 480,
      seed: 2,
    });
    const png = await renderMeterPhoto({
      reading: '00777.001',
      format: 'png',
      width: 480,
      seed: 3,
    });
    const webp = await renderMeterPhoto({
      reading: '04242.424',
      format: 'webp',
      width: 480,
      seed: 4,
    });
    const tiff = await sharp(jpeg).tiff().toBuffer();
    const files: Record<string, Buffer> = {
      'empty.jpg': Buffer.alloc(0),
      'cut short.jpg': jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      'notes.jpg': Buffer.from('Flat 3: 01234.567\r\nFlat 4: photo blurry, redo\r\n'),
      'png named.jpg': png,
      'photo.webp': webp,
      'exactly 20 MiB.jpg': padded(big, MAX_FILE_BYTES),
      'over 20 MiB.jpg': padded(big, MAX_FILE_BYTES + 1),
      'IMG_4032.HEIC': heic(),
      'scan.tif': tiff,
    };
    for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), data);

    const csv = join(h.dir, 'out.csv');
    const io = captureIo({
      METER_DESK_BASE_URL: h.sandbox.url,
      METER_DESK_API_KEY: h.sandbox.apiKey,
    });
    expect(await main(['run', dir, '--db', h.dbFile, '--export', csv], io), io.stderr()).toBe(0);
    const rows = parse<Record<string, string>>(readFileSync(csv, 'utf8'), {
      bom: true,
      columns: true,
    });
    const row = (file: string): Record<string, string> => {
      const r = rows.find((x) => x.file === file);
      if (!r) throw new Error(`no row for ${file}`);
      return r;
    };
    expect(rows).toHaveLength(Object.keys(files).length);

    expect(row('png named.jpg')).toMatchObject({ status: 'done', reading: '00777.001' });
    expect(row('photo.webp')).toMatchObject({ status: 'done', reading: '04242.424' });
    expect(row('exactly 20 MiB.jpg')).toMatchObject({ status: 'done', reading: '00020.480' });

    expect(row('over 20 MiB.jpg')).toMatchObject({ status: 'rejected', reading: '' });
    expect(row('over 20 MiB.jpg').error).toMatch(/20,971,521 bytes.*at most 20,971,520 bytes/);
    for (const file of ['IMG_4032.HEIC', 'scan.tif', 'notes.jpg']) {
      expect(row(file).status, file).toBe('rejected');
      expect(row(file).error, file).toMatch(ACCEPTED_NAMED);
    }
    expect(row('IMG_4032.HEIC').error).toMatch(/HEIC/);
    expect(row('scan.tif').error).toMatch(/TIFF/);
    expect(row('notes.jpg').error).toMatch(/text file/);
    expect(row('empty.jpg')).toMatchObject({ status: 'rejected' });
    expect(row('empty.jpg').error).toMatch(/empty/);
    expect(row('cut short.jpg').error).toMatch(/truncated/);

    // Only the three accepted files reached the service, each once; the 20 MiB one was taken.
    const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
    const sent = h.sandbox.ledger
      .tasks()
      .map((t) => t.sha256)
      .sort();
    expect(sent).toEqual(
      [
        sha(files['png named.jpg'] ?? png),
        sha(files['photo.webp'] ?? webp),
        sha(files['exactly 20 MiB.jpg'] ?? big),
      ].sort(),
    );
    expect(h.sandbox.ledger.counts().byStatus['413']).toBeUndefined();
    expect(h.sandbox.ledger.counts().byStatus['415']).toBeUndefined();
  }, 60_000);
});
