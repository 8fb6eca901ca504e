// A whole folder of sample photos, as a meter reader's phone or camera would leave it.
import { availableParallelism } from 'node:os';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeBadFiles } from './bad-files';
import { flawPhoto, PHOTO_FLAWS } from './flaws';
import type { SampleManifestEntry, SampleManifest } from './manifest';
import { summarizeManifest } from './manifest';
import type { SampleFormat } from './marker';
import { createRng, deriveSeed, type Rng } from './random';
import { randomReading, SAMPLE_METER_TYPES } from './reading';
import { STICKER_FORMATS } from './code-sticker';
import { DEFAULT_PHOTO_WIDTH, renderMeterPhoto } from './render';

export interface GenerateSampleFolderOptions {
  /** Distinct photos to render (duplicates and bad files come on top). */
  count: number;
  seed: number;
  /** Formats to draw from; default all three, JPEG the most common. */
  formats?: readonly SampleFormat[];
  /** Add the rejects and junk a real folder holds (see bad-files.ts). Default false. */
  includeBadFiles?: boolean;
  /** Spread photos over a few nested folders. Default true. */
  subfolders?: boolean;
  /** Byte-identical copies of some photos under other names. Default min(2, count). */
  duplicates?: number;
  /** Photo width in pixels. Default 640. */
  width?: number;
  /**
   * Photos no service could read, on top: flawed copies of the first photos (blurred, dark,
   * overexposed, tiny, in turn), marked unreadable. Default 0.
   */
  flawed?: number;
  /**
   * Photos of meters with a serial sticker (Code 128, QR or DataMatrix in turn): the first ones.
   * Each meter's serial is `SN-<seed>-<n>`. Default 0.
   */
  stickers?: number;
  /**
   * Of the stickered photos, the last ones are swapped-meter cases: the sticker shows the next
   * stickered photo's serial (the photo was named after one meter but shows another). Default 0.
   */
  swapped?: number;
  /** Photos rendered at once. Default: twice the number of CPUs. */
  concurrency?: number;
}

const ALL_FORMATS: readonly SampleFormat[] = ['jpeg', 'png', 'webp'];
const SUBFOLDERS = ['', '', 'Building A', 'Building A/Floor 2', 'Building B (old meters)'];

interface PlannedPhoto {
  relPath: string;
  reading: string;
  meterType: string;
  format: SampleFormat;
  seed: number;
}

export async function generateSampleFolder(
  dir: string,
  options: GenerateSampleFolderOptions,
): Promise<SampleManifest> {
  const { count, seed } = options;
  if (!Number.isInteger(count) || count < 0) throw new Error('count must be a whole number ≥ 0');
  const formats = options.formats?.length ? options.formats : ALL_FORMATS;
  const subfolders = options.subfolders ?? true;
  const duplicates = Math.min(options.duplicates ?? 2, count);
  const width = options.width ?? DEFAULT_PHOTO_WIDTH;
  // Twice the cores: while one photo is in JS (lighting, noise) another is in sharp.
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism() * 2);
  const root = path.resolve(dir);
  await mkdir(root, { recursive: true });

  const plan = Array.from({ length: count }, (_, i) =>
    planPhoto(i, createRng(deriveSeed(seed, 'photo', i)), formats, subfolders),
  );
  for (const folder of new Set(plan.map((p) => path.posix.dirname(p.relPath)))) {
    await mkdir(path.join(root, ...folder.split('/')), { recursive: true });
  }

  const stickers = Math.min(options.stickers ?? 0, count);
  // A swap needs another stickered meter to show.
  const swapped = Math.min(options.swapped ?? 0, Math.max(0, stickers - 1));
  const serialOf = (i: number): string => `SN-${String(seed)}-${String(i + 1)}`;
  /** The sticker on photo i: its own serial, or for a swapped case the next stickered one's. */
  const stickerOf = (i: number) => {
    if (i >= stickers) return undefined;
    const shown = i >= stickers - swapped ? (i + 1) % stickers : i;
    const format = STICKER_FORMATS[i % STICKER_FORMATS.length] ?? 'QRCode';
    return { text: serialOf(shown), format };
  };

  const entries: SampleManifestEntry[] = new Array<SampleManifestEntry>(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      const photo = plan[i];
      if (!photo) continue;
      const sticker = stickerOf(i);
      const data = await renderMeterPhoto({ ...photo, width, ...(sticker && { sticker }) });
      await writeFile(path.join(root, ...photo.relPath.split('/')), data);
      entries[i] = {
        relPath: photo.relPath,
        size: data.length,
        expected: { outcome: 'accepted', format: photo.format },
        reading: photo.reading,
        meterType: photo.meterType,
        duplicateOf: null,
        ...(sticker && { serial: serialOf(i), code: sticker.text }),
      };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));

  for (let d = 0; d < duplicates; d++) {
    const source = entries[(d * 7 + 3) % count];
    if (!source) continue;
    const base = path.posix.basename(source.relPath);
    const relPath = subfolders ? `Copies/copy ${d + 1} of ${base}` : `copy-${d + 1}-${base}`;
    await mkdir(path.join(root, ...path.posix.dirname(relPath).split('/')), { recursive: true });
    await copyFile(
      path.join(root, ...source.relPath.split('/')),
      path.join(root, ...relPath.split('/')),
    );
    entries.push({ ...source, relPath, duplicateOf: source.relPath });
  }

  entries.push(...(await writeFlawedPhotos(root, entries.slice(0, count), options.flawed ?? 0)));

  if (options.includeBadFiles) {
    entries.push(...(await writeBadFiles(root, seed, width, subfolders ? 'Building A' : '')));
  }
  return summarizeManifest(root, seed, entries);
}

function planPhoto(
  index: number,
  rng: Rng,
  formats: readonly SampleFormat[],
  subfolders: boolean,
): PlannedPhoto {
  // JPEG dominates real folders; PNG and WEBP turn up from screenshots and messengers.
  const weighted = formats.flatMap((f) => (f === 'jpeg' ? [f, f, f, f] : [f]));
  const format = rng.pick(weighted);
  const number = String(index + 1).padStart(4, '0');
  let name: string;
  if (format === 'jpeg')
    name = `IMG_${number}${rng.pick(['.jpg', '.jpg', '.jpg', '.jpeg', '.JPG'])}`;
  else if (format === 'png') name = `meter ${number}.png`;
  else name = `photo_${number}.webp`;
  const folder = subfolders ? (SUBFOLDERS[index % SUBFOLDERS.length] ?? '') : '';
  return {
    relPath: folder ? `${folder}/${name}` : name,
    reading: randomReading(rng),
    meterType: rng.pick([...SAMPLE_METER_TYPES, 'pointer']),
    format,
    seed: rng.int(0, 2 ** 31 - 1),
  };
}

/** Flawed copies of the given photos, one flaw after the other, named like any other photo. */
async function writeFlawedPhotos(
  root: string,
  sources: readonly SampleManifestEntry[],
  n: number,
): Promise<SampleManifestEntry[]> {
  const out: SampleManifestEntry[] = [];
  for (let i = 0; i < n && sources.length > 0; i++) {
    const source = sources[i % sources.length];
    const flaw = PHOTO_FLAWS[i % PHOTO_FLAWS.length];
    if (!source || !flaw || source.expected.outcome !== 'accepted') continue;
    const format = source.expected.format;
    const bytes = await flawPhoto(
      await readFile(path.join(root, ...source.relPath.split('/'))),
      format,
      flaw,
    );
    const ext = format === 'jpeg' ? 'jpg' : format;
    const relPath = `IMG_${String(9001 + i)}.${ext}`;
    await writeFile(path.join(root, relPath), bytes);
    out.push({ ...source, relPath, size: bytes.length, reading: null, meterType: null, flaw });
  }
  return out;
}
