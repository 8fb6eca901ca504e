// vitest globalSetup: one cache folder per run (see run-cache.ts), under the run's TMPDIR, named
// to every test process through the environment and removed when the run ends, after the run's
// shared PostgreSQL cluster (test/office/run-cluster.ts), if a file started one, is stopped. Kept
// entries (sample folders, .tmp/test-cache/) unused for a week are removed first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopRunCluster } from '../office/run-cluster';
import { pruneKeptCache, RUN_CACHE_ENV } from './run-cache';

export default function setup(): () => void {
  pruneKeptCache();
  const dir = mkdtempSync(join(tmpdir(), 'meterdesk-run-cache-'));
  process.env[RUN_CACHE_ENV] = dir;
  return () => {
    stopRunCluster(dir);
    rmSync(dir, { recursive: true, force: true });
  };
}
