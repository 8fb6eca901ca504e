// The scanner's verdict on each kind of file: content decides the format, 0 bytes is empty,
// over 20 MiB is too large (exactly 20 MiB is fine), other content is named in the reason.
import { createHash } from 'node:crypto';
import { open, readFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../common/job';
import { hashFile } from '../../main/scan';
import { image, outcomeOf, reasonOf, scanAll, useTempFolder } from './helpers/fixtures';

const t = useTempFolder();

/** A sparse file of exactly `size` bytes: a JPEG header, zeros, and EOI in the last 2 bytes. */
async function sparseJpeg(relPath: string, size: number): Promise<string> {
  const file = await t.put(relPath, '');
  const handle = await open(file, 'r+');
  try {
    await handle.write(
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]),
      0,
      11,
      0,
    );
    await handle.truncate(size);
    await handle.write(Buffer.from([0xff, 0xd9]), 0, 2, size - 2);
  } finally {
    await handle.close();
  }
  return file;
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

describe('scanPaths verdicts', () => {
  it('accepts JPEG, PNG and WEBP by content, whatever the extension', async () => {
    const jpeg = await image('jpeg', 10);
    await t.put('good/a.jpg', jpeg);
    await t.put('good/b.png', await image('png', 20));
    await t.put('good/c.webp', await image('webp', 30));
    await t.put('good/png-named.jpg', await image('png', 40));
    await t.put('good/no-extension', await image('jpeg', 50));
    await t.put('good/UPPER.JPEG', await image('jpeg', 60));
    const when = new Date('2024-03-01T10:00:00Z');
    await utimes(t.abs('good/a.jpg'), when, when);
    const found = await scanAll([t.abs('good')]);
    expect(new Map([...found].map(([rel, f]) => [rel, outcomeOf(f)]))).toEqual(
      new Map([
        ['a.jpg', 'accepted jpeg'],
        ['b.png', 'accepted png'],
        ['c.webp', 'accepted webp'],
        ['png-named.jpg', 'accepted png'],
        ['no-extension', 'accepted jpeg'],
        ['UPPER.JPEG', 'accepted jpeg'],
      ]),
    );
    const a = found.get('a.jpg');
    expect(a).toMatchObject({
      path: t.abs('good/a.jpg'),
      rootPath: t.abs('good'),
      relPath: 'a.jpg',
      size: jpeg.length,
      mtimeMs: when.getTime(),
      outcome: { kind: 'accepted', sha256: sha256(jpeg), format: 'jpeg' },
    });
  });

  it('rejects a 0-byte file as empty', async () => {
    await t.put('empty/IMG_0001.jpg', '');
    const found = await scanAll([t.abs('empty')]);
    expect(outcomeOf(found.get('IMG_0001.jpg'))).toBe('rejected empty_file');
    expect(reasonOf(found.get('IMG_0001.jpg'))).toMatch(/empty/);
  });

  it('rejects text, HEIC, TIFF and unknown content, naming it and the accepted formats', async () => {
    await t.put('other/notes.jpg', 'Flat 3: 01234.567\n');
    const heic = Buffer.alloc(2048);
    heic.writeUInt32BE(24, 0);
    heic.write('ftypheic\0\0\0\0mif1heic', 4, 'latin1');
    await t.put('other/IMG_4032.HEIC', heic);
    await t.put(
      'other/scan.tif',
      Buffer.concat([Buffer.from('II*\0\x08\0\0\0', 'latin1'), Buffer.alloc(500)]),
    );
    await t.put('other/blob.jpg', Buffer.from([0x00, 0x9f, 0x13, 0xee, 0x01, 0x00, 0x00, 0x7f]));
    const found = await scanAll([t.abs('other')]);
    for (const file of found.values()) {
      expect(outcomeOf(file), file.relPath).toBe('rejected unsupported_format');
      expect(reasonOf(file), file.relPath).toMatch(/use JPEG, PNG or WEBP$/);
    }
    expect(reasonOf(found.get('notes.jpg'))).toMatch(/^This is a text file/);
    expect(reasonOf(found.get('IMG_4032.HEIC'))).toBe(
      'HEIC images are not accepted; use JPEG, PNG or WEBP',
    );
    expect(reasonOf(found.get('scan.tif'))).toBe(
      'TIFF images are not accepted; use JPEG, PNG or WEBP',
    );
    expect(reasonOf(found.get('blob.jpg'))).toMatch(/^Not a recognised image format/);
  });

  it('accepts exactly 20 MiB and rejects 20 MiB + 1 byte as too large', async () => {
    const limit = await sparseJpeg('size/limit.jpg', MAX_FILE_BYTES);
    await sparseJpeg('size/over.jpg', MAX_FILE_BYTES + 1);
    const found = await scanAll([t.abs('size')]);
    const atLimit = found.get('limit.jpg');
    expect(outcomeOf(atLimit)).toBe('accepted jpeg');
    expect(atLimit?.size).toBe(MAX_FILE_BYTES);
    expect(atLimit?.outcome).toEqual({
      kind: 'accepted',
      format: 'jpeg',
      sha256: sha256(await readFile(limit)),
    });
    const over = found.get('over.jpg');
    expect(outcomeOf(over)).toBe('rejected too_large');
    expect(over?.size).toBe(MAX_FILE_BYTES + 1);
    expect(reasonOf(over)).toMatch(/20,971,521 bytes.*at most 20,971,520 bytes \(20 MiB\)/);
  });

  it('honours maxFileBytes', async () => {
    await t.put('small-limit/photo.png', await image('png'));
    const found = await scanAll([t.abs('small-limit')], { maxFileBytes: 10 });
    expect(outcomeOf(found.get('photo.png'))).toBe('rejected too_large');
  });

  it('rejects a truncated JPEG, accepts one followed by extra data or padding', async () => {
    const jpeg = await image('jpeg', 77);
    await t.put('jpegs/cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
    await t.put('jpegs/cut-at-end.jpg', jpeg.subarray(0, jpeg.length - 1));
    await t.put(
      'jpegs/motion.jpg',
      Buffer.concat([jpeg, Buffer.from('\0\0\0\x18ftypmp42'), Buffer.alloc(5000, 3)]),
    );
    await t.put('jpegs/padded.jpg', Buffer.concat([jpeg, Buffer.alloc(300)]));
    const found = await scanAll([t.abs('jpegs')]);
    for (const rel of ['cut.jpg', 'cut-at-end.jpg']) {
      expect(outcomeOf(found.get(rel)), rel).toBe('rejected unsupported_format');
      expect(reasonOf(found.get(rel)), rel).toMatch(/truncated or damaged JPEG/);
    }
    expect(outcomeOf(found.get('motion.jpg'))).toBe('accepted jpeg');
    expect(outcomeOf(found.get('padded.jpg'))).toBe('accepted jpeg');
  });

  it('rejects a WEBP shorter than its RIFF header says', async () => {
    const webp = await image('webp');
    await t.put('webps/cut.webp', webp.subarray(0, webp.length - 20));
    const found = await scanAll([t.abs('webps')]);
    expect(outcomeOf(found.get('cut.webp'))).toBe('rejected unsupported_format');
    expect(reasonOf(found.get('cut.webp'))).toMatch(/truncated or damaged WEBP/);
  });
});

describe('hashFile', () => {
  it('streams the SHA-256 and size of a file', async () => {
    const data = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31) % 251;
    const file = await t.put('hash/big.bin', data);
    expect(await hashFile(file)).toEqual({ sha256: sha256(data), size: data.length });
    const empty = await t.put('hash/empty', '');
    expect(await hashFile(empty)).toEqual({ sha256: sha256(Buffer.alloc(0)), size: 0 });
  });

  it('stops when aborted', async () => {
    const file = await t.put('hash/aborted.bin', Buffer.alloc(1024));
    await expect(hashFile(file, AbortSignal.abort())).rejects.toThrow(/abort/i);
  });

  it('fails for a missing file', async () => {
    await expect(hashFile(path.join(t.dir, 'nope'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
