// Child-process entry of the memory benchmark: the engine as the product runs it (openSession,
// addPaths, start, waitSettled) and nothing else, so this process's RSS is the engine's. argv[2]
// is a MemoryWorkerSpec as JSON; the MemoryWorkerResult goes back over IPC.
import { basename } from 'node:path';
import type { MeterApi } from '../../main/api/client';
import { openSession } from '../../main/actions/session';
import type { MemoryWorkerResult, MemoryWorkerSpec } from './memory-run';
import { currentMemory, MemorySampler } from './memory-sampler';

const spec = JSON.parse(process.argv[2] ?? 'null') as MemoryWorkerSpec | null;
if (!spec || !process.send) {
  process.stderr.write('memory-worker: run me through memory-run.ts (fork with a spec)\n');
  process.exit(2);
}
const warnings: string[] = [];
process.on('warning', (w) => {
  warnings.push(`${w.name}: ${w.message}`);
});

/** Tracks how many uploads, and files in them, are in flight at once (wraps the client in place). */
function trackUploads(api: MeterApi): { uploads: number; files: number } {
  const max = { uploads: 0, files: 0 };
  let uploads = 0;
  let files = 0;
  const around = async <T>(n: number, send: () => Promise<T>): Promise<T> => {
    uploads += 1;
    files += n;
    max.uploads = Math.max(max.uploads, uploads);
    max.files = Math.max(max.files, files);
    try {
      return await send();
    } finally {
      uploads -= 1;
      files -= n;
    }
  };
  const createTask = api.createTask.bind(api);
  const createBatch = api.createBatch.bind(api);
  api.createTask = (file, opts) => around(1, () => createTask(file, opts));
  api.createBatch = (list, business, opts) =>
    around(list.length, () => createBatch(list, business, opts));
  return max;
}

const sampler = new MemorySampler(spec.sampleMs);
const session = openSession({
  dbFile: spec.dbFile,
  baseUrl: spec.baseUrl,
  apiKey: spec.apiKey,
  config: {
    batchMode: spec.batchMode,
    maxConcurrency: spec.maxConcurrency,
    maxParallelUploads: spec.maxParallelUploads,
  },
});
const inFlight = trackUploads(session.api);

// Start-up garbage (module loading, transpiling) is not the engine's working set.
globalThis.gc?.();
sampler.begin();
await new Promise((resolve) => setTimeout(resolve, spec.idleMs));
const idle = sampler.end();

sampler.begin();
const added = await session.actions.addPhotos([spec.photoDir]);
const scan = sampler.end();

sampler.begin();
await session.engine.start();
const outcome = await session.engine.waitSettled({ maxOfflineMs: 30_000 });
const upload = sampler.end();

// What stays once the work is done and the garbage is gone: anything kept per photo shows here.
// The pause lets V8 free the ArrayBuffers' backing stores, which it does after the collection.
globalThis.gc?.();
await new Promise((resolve) => setTimeout(resolve, 200));
globalThis.gc?.();
const retained = currentMemory();

const jobs = session.store.jobs.counts();
const readings: Record<string, string | null> = {};
for (const job of session.store.queries.iterate({ filter: 'all' })) {
  if (job.state === 'done') readings[basename(job.path)] = job.aiReading;
}
await session.close();

const result: MemoryWorkerResult = {
  idle,
  scan,
  upload,
  retained,
  outcome,
  queued: added.queued,
  done: jobs.done,
  failed: jobs.failed + jobs.rejected,
  readings,
  maxUploadsInFlight: inFlight.uploads,
  maxFilesUploading: inFlight.files,
  warnings,
};
process.send(result, () => {
  process.exit(0);
});
