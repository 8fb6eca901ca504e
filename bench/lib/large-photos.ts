// Large meter photos for the memory benchmark: a real rendered JPEG with a reading marker of its
// own right after SOI, grown to the wanted size with comment (COM) segments of filler, as cameras
// grow theirs with EXIF, ICC profiles and previews. The file still ends in EOI, so the scanner
// takes its cheap path and the sandbox's structural check walks over the filler by segment lengths;
// the marker makes each photo's bytes, and so its sha256, distinct (the engine dedups by sha256).
//
// Files are generated once per size into a pool in the OS temp folder, and a folder of N photos is
// a folder of hard links to the pool's first N: 500 photos cost no disk beyond the 2,000.
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, open, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embedReadingMarker, generateSampleFolder } from '../../sandbox/samples';
import { variantReading, type PhotoFolder } from './photos';

const FORMAT_VERSION = 1;
/** Rendered sources; memory does not depend on what the meter shows, so a few suffice. */
const RENDERED = 8;
/** Largest payload a JPEG segment can carry (its 16-bit length counts itself). */
const MAX_SEGMENT_PAYLOAD = 0xffff - 2;
/** Files written at once while filling the pool. */
const WRITE_PARALLEL = 4;

export interface LargePhotoFolder extends PhotoFolder {
  /** Size of every photo, bytes. */
  readonly photoBytes: number;
}

function nameOf(i: number): string {
  return `IMG_${String(i + 1).padStart(5, '0')}.jpg`;
}

/** Where the photos of one size live, under `parent`. */
export function largePhotoRoot(photoBytes: number, parent = tmpdir()): string {
  return join(parent, `meterdesk-bench-large-v${FORMAT_VERSION}-${photoBytes}`);
}

/** Seeded filler: incompressible like real image data, and never the sandbox's marker text. */
function filler(): Buffer {
  const out = Buffer.alloc(MAX_SEGMENT_PAYLOAD);
  let x = 0x9e3779b9;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** COM segments carrying exactly `bytes` bytes in all (headers included); views into `fill`. */
function paddingSegments(bytes: number, fill: Buffer): Buffer[] {
  const count = Math.ceil(bytes / (MAX_SEGMENT_PAYLOAD + 4));
  const payload = bytes - 4 * count;
  if (count === 0) return [];
  if (payload < 0) throw new Error(`cannot pad by ${bytes} bytes`);
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const size = Math.floor(payload / count) + (i < payload % count ? 1 : 0);
    const header = Buffer.from([0xff, 0xfe, 0, 0]);
    header.writeUInt16BE(size + 2, 2);
    out.push(header, fill.subarray(0, size));
  }
  return out;
}

async function renderSources(dir: string): Promise<{ bytes: Buffer; meterType: string }[]> {
  await rm(dir, { recursive: true, force: true });
  const manifest = await generateSampleFolder(dir, {
    count: RENDERED,
    seed: 50_505,
    formats: ['jpeg'],
    subfolders: false,
    duplicates: 0,
    width: 200,
  });
  const sources = await Promise.all(
    manifest.files.map(async (f) => ({
      bytes: await readFile(join(dir, f.relPath)),
      meterType: f.meterType ?? 'pointer',
    })),
  );
  await rm(dir, { recursive: true, force: true });
  return sources;
}

async function writePhoto(
  path: string,
  source: { bytes: Buffer; meterType: string },
  i: number,
  photoBytes: number,
  fill: Buffer,
): Promise<void> {
  const marked = embedReadingMarker(source.bytes, 'jpeg', variantReading(i), source.meterType);
  // SOI and the marker's COM segment first: the sandbox reads the first marker it meets.
  const head = 4 + marked.readUInt16BE(4);
  const parts = [
    marked.subarray(0, head),
    ...paddingSegments(photoBytes - marked.length, fill),
    marked.subarray(head),
  ];
  const handle = await open(path, 'w');
  try {
    await handle.writev(parts);
  } finally {
    await handle.close();
  }
}

/** Makes sure the pool holds at least `count` photos; returns its folder. */
async function fillPool(
  root: string,
  count: number,
  photoBytes: number,
  log: (line: string) => void,
): Promise<string> {
  const pool = join(root, 'pool');
  const stamp = join(root, 'pool.count');
  const have = existsSync(stamp) ? Number((await readFile(stamp, 'utf8')).trim()) || 0 : 0;
  if (have >= count) return pool;
  await mkdir(pool, { recursive: true });
  const sources = await renderSources(join(root, 'src'));
  const fill = filler();
  log(`writing photos ${have + 1}..${count} of ${(photoBytes / 1e6).toFixed(1)} MB into ${pool}`);
  let next = have;
  const lane = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      const source = sources[i % sources.length];
      if (!source) throw new Error('no source photo rendered');
      await writePhoto(join(pool, nameOf(i)), source, i, photoBytes, fill);
    }
  };
  await Promise.all(Array.from({ length: WRITE_PARALLEL }, lane));
  await writeFile(stamp, `${count}\n`);
  return pool;
}

/**
 * A folder of `count` distinct JPEG photos of exactly `photoBytes` bytes each, cached under
 * `parent` (the OS temp folder by default). Reused when it already exists complete.
 */
export async function prepareLargePhotos(
  count: number,
  photoBytes: number,
  options: { parent?: string; log?: (line: string) => void } = {},
): Promise<LargePhotoFolder> {
  const root = largePhotoRoot(photoBytes, options.parent);
  const dir = join(root, `n${count}`);
  const readings = new Map<string, string>();
  for (let i = 0; i < count; i++) readings.set(nameOf(i), variantReading(i));
  const folder = { dir, count, readings, photoBytes };
  const stamp = `${dir}.complete`;
  if (existsSync(stamp) && existsSync(dir)) return folder;

  const pool = await fillPool(root, count, photoBytes, options.log ?? (() => undefined));
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const from = join(pool, nameOf(i));
    const to = join(dir, nameOf(i));
    // A file system without hard links gets copies: the same photos, more disk.
    await link(from, to).catch(() => copyFile(from, to));
  }
  if ((await readdir(dir)).length !== count) throw new Error(`${dir}: expected ${count} photos`);
  await writeFile(stamp, `${count}\n`);
  return folder;
}
