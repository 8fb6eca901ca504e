// A generated sample folder on disk: what the manifest says is exactly what is there, the good
// photos are real images with their readings, the bad files are bad in the promised ways.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  extractReadingMarker,
  generateSampleFolder,
  OVERSIZED_BYTES,
  type SampleManifest,
} from '../../sandbox/samples';

const repoRoot = path.resolve(import.meta.dirname, '../..');
let work: string;
let manifest: SampleManifest;

async function listFiles(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, child)));
    else out.push(child);
  }
  return out;
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

function entry(relPath: string): SampleManifest['files'][number] {
  const found = manifest.files.find((f) => f.relPath === relPath);
  if (!found) throw new Error(`${relPath} is not in the manifest`);
  return found;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'meterdesk-samples-'));
  manifest = await generateSampleFolder(path.join(work, 'photos'), {
    count: 14,
    seed: 11,
    includeBadFiles: true,
    width: 160,
  });
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('generateSampleFolder', () => {
  it('lists every file on disk exactly once, with its size', async () => {
    const onDisk = await listFiles(manifest.dir);
    expect([...onDisk].sort()).toEqual(manifest.files.map((f) => f.relPath).sort());
    for (const file of manifest.files) {
      expect((await stat(path.join(manifest.dir, file.relPath))).size, file.relPath).toBe(
        file.size,
      );
    }
    const { counts } = manifest;
    expect(counts.accepted + counts.rejected + counts.skipped).toBe(manifest.files.length);
    expect(counts.duplicates).toBe(2);
  });

  it('writes good photos that decode, in their stated format, with their reading', async () => {
    const good = manifest.files.filter((f) => f.expected.outcome === 'accepted');
    expect(good.length).toBe(14 + 2 + 1); // photos, duplicates, the PNG named .jpg
    const formats = new Set<string>();
    for (const file of good) {
      if (file.expected.outcome !== 'accepted') continue;
      const data = await readFile(path.join(manifest.dir, file.relPath));
      const meta = await sharp(data).metadata();
      expect(meta.format, file.relPath).toBe(file.expected.format);
      formats.add(meta.format);
      expect(extractReadingMarker(data), file.relPath).toEqual({
        reading: file.reading,
        meterType: file.meterType,
      });
    }
    expect(formats).toEqual(new Set(['jpeg', 'png', 'webp']));
    // Photos are spread over nested folders.
    expect(good.some((f) => f.relPath.startsWith('Building A/Floor 2/'))).toBe(true);
  });

  it('makes duplicates byte-identical to their source', async () => {
    const copies = manifest.files.filter((f) => f.duplicateOf !== null);
    expect(copies).toHaveLength(2);
    for (const copy of copies) {
      const source = await readFile(path.join(manifest.dir, copy.duplicateOf ?? ''));
      const data = await readFile(path.join(manifest.dir, copy.relPath));
      expect(sha256(data)).toBe(sha256(source));
      expect(copy.reading).toBe(entry(copy.duplicateOf ?? '').reading);
    }
  });

  it('includes the bad files a real folder holds, each bad as promised', async () => {
    const read = (rel: string): Promise<Buffer> => readFile(path.join(manifest.dir, rel));
    expect(entry('not-a-photo.jpg').expected).toMatchObject({
      outcome: 'rejected',
      failureKind: 'unsupported_format',
    });
    expect((await read('not-a-photo.jpg')).toString('utf8')).toMatch(/^Meter readings/);

    expect(entry('Building A/IMG_0000.jpg')).toMatchObject({
      size: 0,
      expected: { outcome: 'rejected', failureKind: 'empty_file' },
    });

    const huge = entry('panorama-huge.jpg');
    expect(huge).toMatchObject({
      size: 20 * 1024 * 1024 + 1,
      expected: { failureKind: 'too_large' },
    });
    expect(OVERSIZED_BYTES).toBe(20 * 1024 * 1024 + 1);
    const handle = await open(path.join(manifest.dir, 'panorama-huge.jpg'), 'r');
    try {
      const head = Buffer.alloc(4);
      await handle.read(head, 0, 4, 0);
      expect([...head.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    } finally {
      await handle.close();
    }

    const truncated = await read('Building A/IMG_0107.jpg');
    expect([...truncated.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...truncated.subarray(-2)]).not.toEqual([0xff, 0xd9]);
    expect(entry('Building A/IMG_0107.jpg').expected).toMatchObject({
      failureKind: 'unsupported_format',
    });
    await expect(sharp(truncated).raw().toBuffer()).rejects.toThrow();

    const heic = await read('Building A/IMG_4032.HEIC');
    expect(heic.toString('latin1', 4, 12)).toBe('ftypheic');
    const tiff = await read('scan-0001.tif');
    expect((await sharp(tiff).metadata()).format).toBe('tiff');
    for (const rel of ['Building A/IMG_4032.HEIC', 'scan-0001.tif', 'notes.txt']) {
      expect(entry(rel).expected, rel).toMatchObject({
        outcome: 'rejected',
        failureKind: 'unsupported_format',
      });
    }

    // A PNG saved as .jpg is a good photo.
    const pngAsJpg = entry('Building A/IMG_2041.jpg');
    expect(pngAsJpg.expected).toEqual({ outcome: 'accepted', format: 'png' });
    expect((await sharp(await read('Building A/IMG_2041.jpg')).metadata()).format).toBe('png');

    for (const rel of ['.DS_Store', 'Thumbs.db', 'desktop.ini', 'Building A/._IMG_2041.jpg']) {
      expect(entry(rel).expected.outcome, rel).toBe('skipped');
    }
  });

  it('is deterministic for a seed', async () => {
    const options = { count: 4, seed: 3, includeBadFiles: true, width: 120 };
    const a = await generateSampleFolder(path.join(work, 'a'), options);
    const b = await generateSampleFolder(path.join(work, 'b'), options);
    const contents = async (m: SampleManifest): Promise<string[]> =>
      Promise.all(
        m.files
          .filter((f) => f.size < 1024 * 1024)
          .map(async (f) => `${f.relPath} ${sha256(await readFile(path.join(m.dir, f.relPath)))}`),
      );
    expect(await contents(a)).toEqual(await contents(b));
    const c = await generateSampleFolder(path.join(work, 'c'), { ...options, seed: 4 });
    expect(await contents(c)).not.toEqual(await contents(a));
  });

  it('honours formats, subfolders and duplicates', async () => {
    const m = await generateSampleFolder(path.join(work, 'flat'), {
      count: 5,
      seed: 8,
      formats: ['webp'],
      subfolders: false,
      duplicates: 0,
      width: 96,
    });
    expect(m.files).toHaveLength(5);
    for (const f of m.files) {
      expect(f.relPath).not.toContain('/');
      expect(f.expected).toEqual({ outcome: 'accepted', format: 'webp' });
    }
  });
});

describe('sandbox/samples/cli.ts', () => {
  it('writes a folder and prints a summary', async () => {
    const dir = path.join(work, 'cli');
    const tsx = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [tsx, 'sandbox/samples/cli.ts', dir, '--count', '3', '--seed', '1', '--bad', '--width', '96'],
      { cwd: repoRoot },
    );
    expect(stdout).toMatch(/Wrote 17 files/);
    expect(stdout).toMatch(/accepted 6 /);
    expect(stdout).toMatch(/rejected 7, skipped junk 4/);
    expect((await listFiles(dir)).length).toBe(17);
  });
});
