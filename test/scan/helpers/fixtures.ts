// Real files for scanner tests: small genuine images and a temp folder per suite.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { scanPaths, type ScannedFile, type ScanOptions } from '../../../main/scan';
import { jobText } from '../../../common/job-messages';
import { suiteResource } from '../../helpers/suite-resource';

export interface TempFolder {
  dir: string;
  /** Writes a file (creating folders); relPath uses '/'. Returns the absolute path. */
  put(relPath: string, data: Uint8Array | string): Promise<string>;
  abs(relPath: string): string;
  remove(): Promise<void>;
}

export async function tempFolder(prefix = 'meterdesk-scan-'): Promise<TempFolder> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const abs = (relPath: string): string => path.join(dir, ...relPath.split('/'));
  return {
    dir,
    abs,
    async put(relPath, data) {
      const file = abs(relPath);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
      return file;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * The calling file's temp folder: made before its first test (before the file's own `beforeAll`
 * hooks, which may fill it) and removed after its last. Its parts are read only inside hooks and
 * tests.
 */
export function useTempFolder(prefix?: string): TempFolder {
  return suiteResource(
    'the suite folder',
    () => tempFolder(prefix),
    (folder) => folder.remove(),
  );
}

/** A small but genuine image; `shade` makes contents differ. */
export async function image(format: 'jpeg' | 'png' | 'webp', shade = 100): Promise<Buffer> {
  const img = sharp({
    create: { width: 32, height: 24, channels: 3, background: { r: shade, g: 140, b: 90 } },
  });
  if (format === 'jpeg') return img.jpeg().toBuffer();
  if (format === 'png') return img.png().toBuffer();
  return img.webp().toBuffer();
}

/** Everything a scan yields, keyed by relPath (failing on a relPath seen twice). */
export async function scanAll(
  roots: string[],
  options?: ScanOptions,
): Promise<Map<string, ScannedFile>> {
  const out = new Map<string, ScannedFile>();
  for await (const file of scanPaths(roots, options)) {
    if (out.has(file.relPath)) throw new Error(`${file.relPath} reported twice`);
    out.set(file.relPath, file);
  }
  return out;
}

export function outcomeOf(file: ScannedFile | undefined): string {
  if (!file) return 'missing';
  switch (file.outcome.kind) {
    case 'accepted':
      return `accepted ${file.outcome.format}`;
    case 'rejected':
      return `rejected ${file.outcome.failureKind}`;
    default:
      return 'growing';
  }
}

export function reasonOf(file: ScannedFile | undefined): string {
  return file?.outcome.kind === 'rejected' ? jobText(file.outcome.reason) : '';
}
