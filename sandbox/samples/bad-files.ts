// The files a real photo folder contains besides good photos: things the client must reject
// (empty, huge, truncated, HEIC, TIFF, text pretending to be a JPEG), one it must accept despite
// its name (a PNG called .jpg), and OS junk it should pass over silently.
import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { SampleManifestEntry } from './manifest';
import { createRng, deriveSeed } from './random';
import { randomReading } from './reading';
import { renderMeterPhoto } from './render';

/** One byte over the service's 20 MiB limit. */
export const OVERSIZED_BYTES = 20 * 1024 * 1024 + 1;

/** Start of a JPEG: SOI and a JFIF APP0 segment. */
const JPEG_HEADER = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x48,
  0x00, 0x48, 0x00, 0x00,
]);

async function put(dir: string, relPath: string, data: Uint8Array): Promise<void> {
  const file = path.join(dir, ...relPath.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
}

function entry(
  relPath: string,
  size: number,
  expected: SampleManifestEntry['expected'],
  marker: { reading: string; meterType: string } | null = null,
): SampleManifestEntry {
  return {
    relPath,
    size,
    expected,
    reading: marker?.reading ?? null,
    meterType: marker?.meterType ?? null,
    duplicateOf: null,
  };
}

export async function writeBadFiles(
  dir: string,
  seed: number,
  width: number,
  sub: string,
): Promise<SampleManifestEntry[]> {
  const rng = createRng(deriveSeed(seed, 'bad-files'));
  const entries: SampleManifestEntry[] = [];
  const inSub = (name: string): string => (sub ? `${sub}/${name}` : name);

  const note = Buffer.from(
    'Meter readings, March\r\nFlat 3: 01234.567\r\nFlat 4: photo was blurry, redo\r\n',
    'utf8',
  );
  await put(dir, 'not-a-photo.jpg', note);
  entries.push(
    entry('not-a-photo.jpg', note.length, {
      outcome: 'rejected',
      failureKind: 'unsupported_format',
      why: 'text file named .jpg',
    }),
  );

  const notes = Buffer.from(
    'Route 7 - Tuesday\nKey for pit 12 is with the caretaker.\nSkip flats 9-11 (no access).\n',
    'utf8',
  );
  await put(dir, 'notes.txt', notes);
  entries.push(
    entry('notes.txt', notes.length, {
      outcome: 'rejected',
      failureKind: 'unsupported_format',
      why: 'plain text file',
    }),
  );

  await put(dir, inSub('IMG_0000.jpg'), new Uint8Array(0));
  entries.push(
    entry(inSub('IMG_0000.jpg'), 0, {
      outcome: 'rejected',
      failureKind: 'empty_file',
      why: '0-byte file (an interrupted copy)',
    }),
  );

  // 20 MiB + 1 byte, written as a JPEG header plus a sparse tail: instant, no 20 MB render.
  const huge = path.join(dir, 'panorama-huge.jpg');
  const handle = await open(huge, 'w');
  try {
    await handle.write(JPEG_HEADER, 0, JPEG_HEADER.length, 0);
    await handle.truncate(OVERSIZED_BYTES);
  } finally {
    await handle.close();
  }
  entries.push(
    entry('panorama-huge.jpg', OVERSIZED_BYTES, {
      outcome: 'rejected',
      failureKind: 'too_large',
      why: 'over the 20 MiB limit (starts like a JPEG)',
    }),
  );

  // A real photo cut short, as after a failed transfer: no EOI marker at the end.
  const cutMarker = { reading: randomReading(rng), meterType: 'pointer' };
  const whole = await renderMeterPhoto({
    ...cutMarker,
    format: 'jpeg',
    seed: rng.int(0, 2 ** 31),
    width,
  });
  const truncated = whole.subarray(0, Math.floor(whole.length * rng.range(0.45, 0.7)));
  await put(dir, inSub('IMG_0107.jpg'), truncated);
  entries.push(
    entry(
      inSub('IMG_0107.jpg'),
      truncated.length,
      { outcome: 'rejected', failureKind: 'unsupported_format', why: 'truncated JPEG (no EOI)' },
      cutMarker,
    ),
  );

  // A real TIFF of a meter photo (scanner output).
  const tiff = await sharp(whole)
    .resize(Math.round(width / 2))
    .tiff({ compression: 'lzw' })
    .toBuffer();
  await put(dir, 'scan-0001.tif', tiff);
  entries.push(
    entry('scan-0001.tif', tiff.length, {
      outcome: 'rejected',
      failureKind: 'unsupported_format',
      why: 'TIFF image',
    }),
  );

  // HEIC-like: an ISO-BMFF 'ftyp' box with the heic brand, then opaque bytes.
  const heic = Buffer.alloc(4096);
  heic.writeUInt32BE(24, 0);
  heic.write('ftypheic', 4, 'latin1');
  heic.writeUInt32BE(0, 12);
  heic.write('mif1heic', 16, 'latin1');
  heic.writeUInt32BE(heic.length - 24, 24);
  heic.write('meta', 28, 'latin1');
  for (let i = 32; i < heic.length; i++) heic[i] = rng.int(0, 255);
  await put(dir, inSub('IMG_4032.HEIC'), heic);
  entries.push(
    entry(inSub('IMG_4032.HEIC'), heic.length, {
      outcome: 'rejected',
      failureKind: 'unsupported_format',
      why: 'HEIC image (iPhone default)',
    }),
  );

  // A PNG saved with a .jpg name: the content decides, so it is a good photo.
  const pngMarker = { reading: randomReading(rng), meterType: 'roller' };
  const png = await renderMeterPhoto({
    ...pngMarker,
    format: 'png',
    seed: rng.int(0, 2 ** 31),
    width,
  });
  await put(dir, inSub('IMG_2041.jpg'), png);
  entries.push(
    entry(inSub('IMG_2041.jpg'), png.length, { outcome: 'accepted', format: 'png' }, pngMarker),
  );

  // OS junk, to be skipped silently.
  const junk: [string, Buffer, string][] = [
    [
      '.DS_Store',
      Buffer.concat([Buffer.from([0, 0, 0, 1]), Buffer.from('Bud1'), Buffer.alloc(2040)]),
      'macOS folder settings',
    ],
    [
      'Thumbs.db',
      Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.alloc(1016),
      ]),
      'Windows thumbnail cache',
    ],
    [
      'desktop.ini',
      Buffer.from('[.ShellClassInfo]\r\nIconResource=C:\\Windows\\System32\\imageres.dll,-3\r\n'),
      'Windows folder settings',
    ],
    [
      inSub('._IMG_2041.jpg'),
      Buffer.concat([Buffer.from([0, 5, 0x16, 7, 0, 2, 0, 0]), Buffer.alloc(4088)]),
      'macOS AppleDouble resource fork',
    ],
  ];
  for (const [relPath, data, why] of junk) {
    await put(dir, relPath, data);
    entries.push(entry(relPath, data.length, { outcome: 'skipped', why }));
  }
  return entries;
}
