// "Try the built-in sandbox": the local implementation of the service's API runs inside the
// backend's process, with a key generated for this installation, and a folder of sample photos
// (with the bad files real folders have) is made to drag in. Simulated readings get a queue file of
// their own (sandbox-queue.sqlite), as with the CLI, so they never mix with real ones.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import type { GenerateSampleFolderOptions } from '../../sandbox/samples';
import { readJsonFile } from '../config/json-file';

/**
 * The keychain account the sandbox key is filed under. The sandbox listens on a new loopback port
 * each time, so its own address cannot name the entry; this fixed, never-resolvable one does.
 */
export const SANDBOX_KEY_URL = 'http://sandbox.meterdesk.invalid';

export const SAMPLE_FOLDER_NAME = 'Sample meter photos';
const SAMPLE_STAMP = '.meterdesk-samples';

export function newSandboxKey(): string {
  return `md_sandbox_${randomBytes(16).toString('hex')}`;
}

export function startSandbox(apiKey: string, options: SandboxOptions = {}): Promise<Sandbox> {
  // Moderate simulated latency: readings arrive at a pace a person can watch.
  return createSandbox({
    ai: { latencyMs: 300, jitterMs: 150 },
    ...options,
    keys: [{ key: apiKey }],
  });
}

export function sampleFolderIn(dataDir: string): string {
  return join(dataDir, SAMPLE_FOLDER_NAME);
}

/** The sample folder, made once; an existing one (stamped as ours) is reused as it is. */
export async function ensureSampleFolder(
  dataDir: string,
  photos: number,
  options: Partial<GenerateSampleFolderOptions> = {},
): Promise<{ folder: string; photos: number }> {
  const folder = sampleFolderIn(dataDir);
  const stamp = join(folder, SAMPLE_STAMP);
  const made = readJsonFile(stamp) as { photos?: unknown } | null;
  if (typeof made?.photos === 'number') return { folder, photos: made.photos };
  // Loaded here, not at start: the sample photos are drawn with sharp (a native module), and a
  // sharp that cannot load must cost this one sandbox feature, never the whole backend.
  const { generateSampleFolder } = await import('../../sandbox/samples');
  const manifest = await generateSampleFolder(folder, {
    count: photos,
    seed: 7,
    includeBadFiles: true,
    subfolders: true,
    duplicates: 2,
    // Blurred, dark, overexposed and tiny: the quality check holds them instead of paying.
    flawed: 4,
    ...options,
  });
  // The stamp is a dot-file: the scanner passes over it like other hidden files.
  writeFileSync(stamp, `${JSON.stringify({ photos: manifest.counts.accepted })}\n`);
  return { folder, photos: manifest.counts.accepted };
}
