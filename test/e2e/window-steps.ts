// Steps several scenarios share: start on the built-in sandbox, make a folder of sample photos.
import { join } from 'node:path';
import { expect } from 'vitest';
import { generateSampleFolder, type SampleManifest } from '../../sandbox/samples';
import { eventually, type TestWindow } from './harness';

export async function startOnSandbox(win: TestWindow): Promise<void> {
  await win.page.getByTestId('try-sandbox').click();
  await win.page.getByTestId('empty-state').waitFor();
}

export function sampleFolder(
  win: TestWindow,
  name: string,
  count: number,
  seed: number,
): Promise<SampleManifest> {
  return generateSampleFolder(join(win.dir, name), {
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
  win: TestWindow,
  key: string,
  n: number,
  timeout = 60_000,
): Promise<void> {
  await eventually(
    async () => {
      const text = (await win.page.getByTestId(`count-${key}`).textContent()) ?? '';
      expect(text.replace(/\D/g, '')).toBe(String(n));
    },
    { timeout },
  );
}

/** The page as it is, checked with axe (no serious or critical violations) and saved in both themes. */
export async function bothThemes(win: TestWindow, name: string): Promise<void> {
  expect(await win.axe()).toEqual([]);
  await win.screenshot(`${name}-light`);
  await win.page.emulateMedia({ colorScheme: 'dark' });
  expect(await win.axe()).toEqual([]);
  await win.screenshot(`${name}-dark`);
  await win.page.emulateMedia({ colorScheme: 'light' });
}
