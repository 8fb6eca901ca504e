// Sample folders for tests: generateSampleFolder's output, rendered with sharp once per run for
// each distinct set of options (run-cache.ts) and copied into `dir` for every caller, so a test may
// change, chmod or delete its copy freely. Same files, same manifest (its `dir` is the copy).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  generateSampleFolder,
  type GenerateSampleFolderOptions,
  type SampleManifest,
} from '../../sandbox/samples';
import { cacheKey, cachedFolder, sourceHash } from './run-cache';

export async function cachedSampleFolder(
  dir: string,
  options: GenerateSampleFolderOptions,
): Promise<SampleManifest> {
  // `concurrency` changes how fast the folder is made, not what is in it.
  const content = { ...options, concurrency: undefined };
  const key = cacheKey('samples', { content, generator: sourceHash(['sandbox/samples/']) });
  const cached = await cachedFolder(key, async (work) => {
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
