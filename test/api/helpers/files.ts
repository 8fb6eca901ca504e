import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { FileToUpload } from '../../../main/api/upload';
import { embedReadingMarker } from '../../../sandbox/samples/marker';

export interface TempDir {
  readonly path: string;
  /** Writes a file and returns it as the client's upload descriptor. */
  file(name: string, content: Buffer | string): Promise<FileToUpload>;
  remove(): Promise<void>;
}

export async function tempDir(): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), 'meterdesk-api-'));
  return {
    path,
    file: async (name, content) => {
      const full = join(path, name);
      await writeFile(full, content);
      return { path: full, name, size: Buffer.byteLength(content) };
    },
    remove: () => rm(path, { recursive: true, force: true }),
  };
}

/** A few bytes that start like a JPEG; the test servers never decode them. */
export const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

/** A real JPEG in `dir` whose true reading the sandbox can "recognise". */
export async function meterPhoto(
  dir: TempDir,
  name: string,
  reading: string,
  shade: number,
): Promise<FileToUpload> {
  const jpeg = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: shade, g: 90, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  return dir.file(name, embedReadingMarker(jpeg, 'jpeg', reading, 'pointer'));
}
