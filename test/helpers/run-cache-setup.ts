// vitest globalSetup: one cache folder per run (see run-cache.ts), under the run's TMPDIR, named
// to every test process through the environment and removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUN_CACHE_ENV } from './run-cache';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'meterdesk-run-cache-'));
  process.env[RUN_CACHE_ENV] = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
