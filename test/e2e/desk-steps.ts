// Steps several scenarios share: start on the built-in sandbox, make a folder of sample photos.
import { join } from 'node:path';
import { expect } from 'vitest';
import { generateSampleFolder, type SampleManifest } from '../../sandbox/samples';
import { eventually, type Desk } from './harness';

export async function startOnSandbox(desk: Desk): Promise<void> {
  await desk.page.getByTestId('try-sandbox').click();
  await desk.page.getByTestId('empty-state').waitFor();
}

export function sampleFolder(
  desk: Desk,
  name: string,
  count: number,
  seed: number,
): Promise<SampleManifest> {
  return generateSampleFolder(join(desk.dir, name), {
    count,
    seed,
    includeBadFiles: false,
    subfolders: false,
    duplicates: 0,
    width: 240,
  });
}

/** Waits until the legend's count for a state reads `n`. */
export async function waitForCount(
  desk: Desk,
  key: string,
  n: number,
  timeout = 60_000,
): Promise<void> {
  await eventually(
    async () => {
      const text = (await desk.page.getByTestId(`count-${key}`).textContent()) ?? '';
      expect(text.replace(/\D/g, '')).toBe(String(n));
    },
    { timeout },
  );
}
