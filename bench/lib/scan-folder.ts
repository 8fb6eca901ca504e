// A large folder of distinct ~150 KB photos for the scan benchmark, generated once and cached in
// the OS temp folder (3 GB must not be rewritten on every run).
//
// A handful of real sample photos is rendered (rendering costs 50-250 ms a photo); every file is
// one of them with its own reading marker (so every SHA-256 differs, as in lib/photos.ts) and,
// when it is smaller than its target size, a padding block of random bytes where decoders and the
// scanner skip it: a JPEG APP15 segment right after SOI, a private PNG chunk right after IHDR.
// The files stay valid images that end as the renderer ended them (a JPEG still ends in EOI), so
// the scanner takes the same path as for a camera's photo: sniff, tail check, one hashing pass.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { embedReadingMarker, renderMeterPhoto, type SampleFormat } from '../../sandbox/samples';
import { variantReading } from './photos';

const FORMAT_VERSION = 1;
/** Mean file size; each file's target is drawn from MEAN +/- SPREAD. */
export const MEAN_FILE_BYTES = 150_000;
const SPREAD_BYTES = 15_000;
/** Meter readers' folders hold a route each; a thousand photos per folder is a long route. */
const FILES_PER_FOLDER = 1000;
/** One file in ten is a PNG (screenshots, exports); the rest are camera JPEGs. */
const PNG_EVERY = 10;
const POOL_BYTES = 4 * 1024 * 1024;
const WRITERS = 8;

/** Rendered sources: width chosen so each is somewhat under the mean, before padding. */
const SOURCES: readonly { format: SampleFormat; width: number; seed: number }[] = [
  { format: 'jpeg', width: 640, seed: 1 },
  { format: 'jpeg', width: 640, seed: 2 },
  { format: 'jpeg', width: 600, seed: 3 },
  { format: 'jpeg', width: 640, seed: 4 },
  { format: 'jpeg', width: 560, seed: 5 },
  { format: 'jpeg', width: 640, seed: 6 },
  { format: 'png', width: 240, seed: 7 },
  { format: 'png', width: 220, seed: 8 },
];

export interface ScanFolder {
  readonly dir: string;
  readonly count: number;
  /** Total size of all files. */
  readonly bytes: number;
  readonly jpeg: number;
  readonly png: number;
}

interface Stamp {
  count: number;
  bytes: number;
  jpeg: number;
  png: number;
}

function fileName(i: number, format: SampleFormat): string {
  const folder = `route-${String(Math.floor(i / FILES_PER_FOLDER) + 1).padStart(3, '0')}`;
  return join(folder, `IMG_${String(i + 1).padStart(6, '0')}.${format === 'jpeg' ? 'jpg' : 'png'}`);
}

function jpegPadding(filler: Buffer): Buffer {
  const parts: Buffer[] = [];
  // A segment's length field counts itself and its payload: at most 65,533 payload bytes.
  for (let at = 0; at < filler.length; at += 65_533) {
    const payload = filler.subarray(at, at + 65_533);
    const head = Buffer.from([0xff, 0xef, 0, 0]);
    head.writeUInt16BE(payload.length + 2, 2);
    parts.push(head, payload);
  }
  return Buffer.concat(parts);
}

function pngPadding(filler: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(filler.length, 0);
  // Ancillary, private, reserved bit clear, safe to copy: any decoder skips it.
  head.write('mdPd', 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(filler, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, filler, crc]);
}

/** Photo `i`: its source with a marker of its own, padded towards its target size. */
function makeFile(i: number, source: Buffer, format: SampleFormat, pool: Buffer): Buffer {
  const marked = embedReadingMarker(source, format, variantReading(i), 'pointer');
  const target = MEAN_FILE_BYTES - SPREAD_BYTES + ((i * 7919) % (2 * SPREAD_BYTES + 1));
  const overhead = format === 'jpeg' ? 4 * Math.ceil(target / 65_537) : 12;
  const fill = target - marked.length - overhead;
  if (fill <= 0) return marked;
  const offset = (i * 104_729) % (pool.length - fill);
  const filler = pool.subarray(offset, offset + fill);
  if (format === 'jpeg') {
    return Buffer.concat([marked.subarray(0, 2), jpegPadding(filler), marked.subarray(2)]);
  }
  const afterIhdr = 8 + 12 + marked.readUInt32BE(8);
  return Buffer.concat([
    marked.subarray(0, afterIhdr),
    pngPadding(filler),
    marked.subarray(afterIhdr),
  ]);
}

/**
 * `count` distinct photos of ~150 KB in folders of 1,000, under the OS temp folder unless
 * `parent` is given. Reused when it already exists complete.
 */
export async function prepareScanFolder(count: number, parent = tmpdir()): Promise<ScanFolder> {
  const dir = join(parent, `meterdesk-bench-scan-v${FORMAT_VERSION}-${count}`);
  const stampFile = `${dir}.complete`;
  if (existsSync(stampFile) && existsSync(dir)) {
    const stamp = JSON.parse(await readFile(stampFile, 'utf8')) as Stamp;
    if (stamp.count === count) return { dir, ...stamp };
  }
  await rm(dir, { recursive: true, force: true });
  const sources = await Promise.all(
    SOURCES.map(async (s) => ({
      format: s.format,
      bytes: await renderMeterPhoto({
        reading: variantReading(s.seed),
        format: s.format,
        width: s.width,
        seed: s.seed,
      }),
    })),
  );
  const jpegs = sources.filter((s) => s.format === 'jpeg');
  const pngs = sources.filter((s) => s.format === 'png');
  const pool = randomBytes(POOL_BYTES);
  for (let f = 0; f * FILES_PER_FOLDER < count; f++) {
    await mkdir(join(dir, `route-${String(f + 1).padStart(3, '0')}`), { recursive: true });
  }
  const stamp: Stamp = { count, bytes: 0, jpeg: 0, png: 0 };
  let next = 0;
  const writer = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      const format: 'jpeg' | 'png' = i % PNG_EVERY === PNG_EVERY - 1 ? 'png' : 'jpeg';
      const list = format === 'jpeg' ? jpegs : pngs;
      const source = list[i % list.length];
      if (!source) throw new Error('no source photo rendered');
      const bytes = makeFile(i, source.bytes, format, pool);
      await writeFile(join(dir, fileName(i, format)), bytes);
      stamp.bytes += bytes.length;
      stamp[format] += 1;
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  await writeFile(stampFile, `${JSON.stringify(stamp)}\n`);
  return { dir, ...stamp };
}
