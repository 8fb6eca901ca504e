// Many distinct meter photos, fast. Rendering costs ~25 ms a photo, so a small set is rendered
// and the rest are variants of it: each variant gets a new reading marker in front of the old one
// (the sandbox reads the first marker), which also makes its bytes, and so its sha256, distinct.
// Generating photos is not part of any measurement; the folder is cached between runs.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embedReadingMarker, generateSampleFolder } from '../../sandbox/samples';

/** Photos actually rendered; the others are variants of these. */
const RENDERED = 40;
const WIDTH = 200;
const FORMAT_VERSION = 1;

export interface PhotoFolder {
  readonly dir: string;
  readonly count: number;
  /** File name -> the reading its marker carries. */
  readonly readings: ReadonlyMap<string, string>;
}

/** A reading unique to photo `i`, in the sample grammar (up to 7 digits, 3 decimals). */
export function variantReading(i: number): string {
  return `${String(10_000 + i).padStart(5, '0')}.${String(i % 1000).padStart(3, '0')}`;
}

function nameOf(i: number): string {
  return `IMG_${String(i + 1).padStart(5, '0')}.jpg`;
}

/**
 * A folder of `count` distinct JPEG photos (flat, no duplicates, no bad files), under the OS temp
 * folder unless `parent` is given. Reused when it already exists complete.
 */
export async function preparePhotos(count: number, parent = tmpdir()): Promise<PhotoFolder> {
  const dir = join(parent, `meterdesk-bench-photos-v${FORMAT_VERSION}-${count}`);
  const readings = new Map<string, string>();
  for (let i = 0; i < count; i++) readings.set(nameOf(i), variantReading(i));
  const stamp = `${dir}.complete`;
  if (existsSync(stamp) && existsSync(dir)) return { dir, count, readings };

  await rm(dir, { recursive: true, force: true });
  const sourceDir = `${dir}.src`;
  await rm(sourceDir, { recursive: true, force: true });
  const manifest = await generateSampleFolder(sourceDir, {
    count: Math.min(RENDERED, Math.max(1, count)),
    seed: 20_240,
    formats: ['jpeg'],
    subfolders: false,
    duplicates: 0,
    width: WIDTH,
  });
  const sources = await Promise.all(
    manifest.files.map(async (f) => ({
      bytes: await readFile(join(sourceDir, f.relPath)),
      meterType: f.meterType ?? 'pointer',
    })),
  );
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const source = sources[i % sources.length];
    if (!source) throw new Error('no source photo rendered');
    const bytes = embedReadingMarker(source.bytes, 'jpeg', variantReading(i), source.meterType);
    await writeFile(join(dir, nameOf(i)), bytes);
  }
  await rm(sourceDir, { recursive: true, force: true });
  await writeFile(stamp, `${count}\n`);
  return { dir, count, readings };
}
