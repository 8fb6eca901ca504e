// One throughput run of the baseline script against a fresh sandbox, measured like the engine.
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { runBaselineClient } from '../baseline-client';
import type { ServiceProfile } from './bounds';
import type { RunMeasure } from './engine-run';
import type { PhotoFolder } from './photos';
import { BENCH_API_KEY, discoveryLag, scheduleBoundMs, startService, windowUse } from './service';
import { waitForStart, type StartAt } from './window-start';

export interface BaselineRunResult extends RunMeasure {
  readonly kind: 'baseline';
  readonly uploadRequests: number;
  readonly pollRequests: number;
  readonly clientSeen429: number;
}

export async function runBaseline(
  profile: ServiceProfile,
  photos: PhotoFolder,
  seed = 1,
  startAt: StartAt = 'now',
): Promise<BaselineRunResult> {
  const sandbox = await startService(profile, seed);
  try {
    const files = (await readdir(photos.dir)).sort().map((f) => join(photos.dir, f));
    await waitForStart(startAt, profile.windowMs);
    const start = Date.now();
    const result = await runBaselineClient({ baseUrl: sandbox.url, apiKey: BENCH_API_KEY, files });
    const end = start + result.wallMs;
    const counts = sandbox.ledger.counts();
    let done = 0;
    let wrongReadings = 0;
    for (const [file, reading] of result.readings) {
      if (reading === '') continue;
      done += 1;
      if (photos.readings.get(basename(file)) !== reading) wrongReadings += 1;
    }
    return {
      kind: 'baseline',
      photos: photos.count,
      wallMs: result.wallMs,
      scanMs: 0,
      phaseMs: start % profile.windowMs,
      outcome: result.readings.size === files.length ? 'complete' : 'incomplete',
      done,
      failed: result.readings.size - done,
      requests: counts.requests,
      rejected429: counts.rejected429,
      tasksCreated: counts.tasksCreated,
      batchesCreated: counts.batchesCreated,
      chargedTwice: Object.values(sandbox.ledger.quotaCharges()).filter((n) => n > 1).length,
      wrongReadings,
      windows: windowUse(sandbox, profile.windowMs, start, end),
      discovery: discoveryLag(sandbox, result.seenAt),
      scheduleBoundMs: scheduleBoundMs(
        sandbox.ledger.tasks(),
        profile.concurrency,
        profile.addedLatencyMs,
      ),
      uploadRequests: result.uploadRequests,
      pollRequests: result.pollRequests,
      clientSeen429: result.http429,
    };
  } finally {
    await sandbox.close();
  }
}
