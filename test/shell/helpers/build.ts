import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** Runs scripts/build.js for these targets into `outdir` (never the shared dist/). */
export function buildInto(outdir: string, targets: readonly string[]): void {
  const run = spawnSync(
    process.execPath,
    ['scripts/build.js', '--only', targets.join(','), '--outdir', outdir],
    { cwd: ROOT, encoding: 'utf8', timeout: 180_000 },
  );
  if (run.status !== 0) throw new Error(`build failed:\n${run.stdout}\n${run.stderr}`);
}
