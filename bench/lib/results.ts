// Writes a benchmark's JSON under bench/results/, formatted the way `prettier --check .` wants it
// (the results are committed next to the README that quotes them).
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

/** Writes bench/results/<name>.json and returns its path. */
export async function writeResult(name: string, data: unknown): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}${name}.json`;
  const options = (await resolveConfig(file)) ?? {};
  await writeFile(file, await format(JSON.stringify(data), { ...options, parser: 'json' }));
  return file;
}
