// Sample folders for tests: generateSampleFolder's output, rendered with sharp once for each
// distinct set of options and kept for later runs (run-cache.ts, keptFolder: the key names the
// generator's sources and the libraries' versions), copied into `dir` for every caller, so a test may
// change, chmod or delete its copy freely. Same files, same manifest (its `dir` is the copy).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  generateSampleFolder,
  renderMeterPhoto,
  type GenerateSampleFolderOptions,
  type RenderMeterPhotoOptions,
  type SampleManifest,
} from '../../sandbox/samples';
import { cacheKey, keptFolder, sourceHash } from './run-cache';

const MODULES = resolve(import.meta.dirname, '..', '..', 'node_modules');
const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(join(MODULES, name, 'package.json'), 'utf8')) as { version: string })
    .version;
/** What renders and encodes the photos besides the generator: sharp, zxing's writer, Node's zlib. */
const LIBRARIES = [versionOf('sharp'), versionOf('zxing-wasm'), process.versions.zlib];

/**
 * A file `make` renders from `options`, rendered once for each distinct set of them and kept for
 * later runs like the folders below. `sources`: the files and folders the renderer is made of,
 * besides the generator and the image libraries every photo here depends on.
 */
export async function keptRender<T>(
  kind: string,
  options: T,
  make: (options: T) => Promise<Buffer>,
  sources: readonly string[] = [],
): Promise<Buffer> {
  const key = cacheKey(kind, {
    options,
    generator: sourceHash(['sandbox/samples/', 'sandbox/random.ts', ...sources]),
    libraries: LIBRARIES,
  });
  const cached = await keptFolder(key, async (work) => {
    writeFileSync(join(work, 'file'), await make(options));
  });
  return cached ? readFileSync(join(cached, 'file')) : make(options);
}

/** renderMeterPhoto's photo, kept (a 2,400 px photo with a sticker: ~350 ms of CPU to render). */
export function cachedMeterPhoto(options: RenderMeterPhotoOptions): Promise<Buffer> {
  return keptRender('meter-photo', options, renderMeterPhoto);
}

export async function cachedSampleFolder(
  dir: string,
  options: GenerateSampleFolderOptions,
): Promise<SampleManifest> {
  // `concurrency` changes how fast the folder is made, not what is in it.
  const content = { ...options, concurrency: undefined };
  // Kept from run to run: the same options, generator and image libraries make the same files.
  const key = cacheKey('samples', {
    content,
    generator: sourceHash(['sandbox/samples/', 'sandbox/random.ts']),
    libraries: LIBRARIES,
  });
  const cached = await keptFolder(key, async (work) => {
    const manifest = await generateSampleFolder(join(work, 'folder'), options);
    writeFileSync(join(work, 'manifest.json'), JSON.stringify(manifest));
  });
  if (!cached) return generateSampleFolder(dir, options);
  cpSync(join(cached, 'folder'), dir, { recursive: true });
  const manifest = JSON.parse(
    readFileSync(join(cached, 'manifest.json'), 'utf8'),
  ) as SampleManifest;
  return { ...manifest, dir: resolve(dir) };
}
