// What reading quota and AI status costs in requests, with the engine as their one reader (every
// 10 s while photos wait, once more when the queue drains, every 5 minutes idle) against before
// (the engine every 30 s while photos wait, and the window asking both every 5 s while readings came
// in and every minute otherwise). Both run the same workload: the real engine against the sandbox,
// one photo at a time with the AI taking ~1 s, so the run lasts about a minute; the old window's
// polling is played by a timer calling the same API client, as its getQuota/getAiStatus did.
// Runnable alone: npx tsx bench/status-reads.ts [--photos 60]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { MeterApi } from '../main/api/client';
import { DEFAULT_ENGINE_CONFIG } from '../main/engine/config';
import { openSession } from '../main/actions/session';
import type { ServiceProfile } from './lib/bounds';
import { preparePhotos } from './lib/photos';
import { BENCH_API_KEY, startService } from './lib/service';
import { renderTable } from './lib/table';

const PROFILE: ServiceProfile = {
  windowMs: 60_000,
  submissionsPerWindow: 1_000,
  requestsPerWindow: 10_000,
  concurrency: 1,
  aiLatencyMs: 1_000,
  aiJitterMs: 100,
  addedLatencyMs: 0,
};

interface Counts {
  status: number;
  other: number;
}

function counting(api: MeterApi): Counts {
  const counts: Counts = { status: 0, other: 0 };
  const wrap = <A extends unknown[], R>(fn: (...a: A) => R, kind: keyof Counts) => {
    return (...a: A): R => {
      counts[kind] += 1;
      return fn(...a);
    };
  };
  const o = { ...api };
  api.getQuota = wrap(o.getQuota.bind(o), 'status');
  api.getAiStatus = wrap(o.getAiStatus.bind(o), 'status');
  api.createTask = wrap(o.createTask.bind(o), 'other');
  api.createBatch = wrap(o.createBatch.bind(o), 'other');
  api.getTask = wrap(o.getTask.bind(o), 'other');
  api.listTasks = wrap(o.listTasks.bind(o), 'other');
  api.getBatch = wrap(o.getBatch.bind(o), 'other');
  return counts;
}

/** The window's polling before issue 12 (renderer/store/status-slice.ts then), on a timer. */
function oldWindowPolling(api: MeterApi, finished: () => number): () => void {
  const everyMs = 5_000;
  let lastRead = 0;
  let lastFinished = -1;
  const timer = setInterval(() => {
    const now = Date.now();
    const done = finished();
    if (done === lastFinished && now - lastRead < everyMs * 12) return;
    lastFinished = done;
    lastRead = now;
    void Promise.allSettled([api.getQuota(), api.getAiStatus()]);
  }, everyMs);
  return () => {
    clearInterval(timer);
  };
}

async function run(policy: 'before' | 'one reader', photos: number): Promise<(string | number)[]> {
  const folder = await preparePhotos(photos);
  const sandbox = await startService(PROFILE);
  const work = await mkdtemp(join(tmpdir(), 'meterdesk-status-reads-'));
  const session = openSession({
    dbFile: join(work, 'queue.sqlite'),
    baseUrl: sandbox.url,
    apiKey: BENCH_API_KEY,
    config: {
      batchMode: 'never',
      maxConcurrency: PROFILE.concurrency,
      ...(policy === 'before' && { statusRefreshMs: 30_000 }),
    },
  });
  try {
    const counts = counting(session.api);
    await session.actions.addPhotos([folder.dir]);
    const start = Date.now();
    const stopPolling =
      policy === 'before'
        ? oldWindowPolling(session.api, () => session.store.jobs.counts().done)
        : () => undefined;
    await session.engine.start();
    await session.engine.waitSettled();
    // The read after the queue drained comes at the next tick.
    await new Promise((r) => setTimeout(r, DEFAULT_ENGINE_CONFIG.statusRefreshMs + 500));
    stopPolling();
    const minutes = (Date.now() - start) / 60_000;
    const perMinute = counts.status / minutes;
    return [
      policy,
      Math.round((Date.now() - start) / 100) / 10,
      counts.status,
      Math.round(perMinute * 10) / 10,
      counts.other,
      `${String(Math.round((counts.status / (counts.status + counts.other)) * 100))} %`,
    ];
  } finally {
    await session.close();
    await sandbox.close();
    await rm(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { photos: { type: 'string', default: '60' } } });
  const photos = Number(values.photos);
  const rows = [await run('before', photos), await run('one reader', photos)];
  const idleBefore = 2 * (60_000 / 60_000);
  const idleNow = 2 * (60_000 / DEFAULT_ENGINE_CONFIG.statusIdleRefreshMs);
  process.stdout.write(
    `${renderTable({
      title: `Quota and AI status reads: ${String(photos)} photos, one at a time, AI ~1 s`,
      columns: ['policy', 'seconds', 'status reads', 'per minute', 'other requests', 'share'],
      rows,
      notes: [
        `Idle (nothing queued), by policy: before ${String(idleBefore)} reads a minute (the window, every minute), now ${String(idleNow)} (the engine, every ${String(DEFAULT_ENGINE_CONFIG.statusIdleRefreshMs / 60_000)} minutes).`,
        'A read is one GET /api/open/quota or /api/open/ai-status; each counts against the key’s requests per minute (spec 8.2).',
      ],
    })}\n`,
  );
}

await main();
