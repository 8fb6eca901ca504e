// One memory run: the sandbox here, the engine in a child process of its own (memory-worker.ts) so
// that the RSS measured is the engine's alone, not the sandbox's buffers of the uploads it reads.
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BatchMode } from '../../common/job';
import type { ServiceProfile } from './bounds';
import { prepareLargePhotos } from './large-photos';
import type { MemoryFigures, PhaseMemory } from './memory-sampler';
import { BENCH_API_KEY, startService } from './service';

export interface MemoryCase {
  readonly photos: number;
  /** Size of every photo, bytes. */
  readonly photoBytes: number;
  /** Tasks at once: the key's concurrency and the engine's maxConcurrency. */
  readonly concurrency: number;
  /** The engine's maxParallelUploads (product default 6). */
  readonly parallelUploads: number;
}

/** What the parent tells the engine process (argv[2], JSON). */
export interface MemoryWorkerSpec {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly photoDir: string;
  readonly dbFile: string;
  readonly batchMode: BatchMode;
  readonly maxConcurrency: number;
  readonly maxParallelUploads: number;
  /** How long the opened engine sits idle for the baseline. */
  readonly idleMs: number;
  readonly sampleMs: number;
}

/** What the engine process reports back over IPC. */
export interface MemoryWorkerResult {
  /** Engine opened (store, client, scheduler), nothing queued. */
  readonly idle: PhaseMemory;
  /** actions.addPhotos: the folder scanned and hashed into the queue. */
  readonly scan: PhaseMemory;
  /** engine.start() to waitSettled(): every photo uploaded and its result fetched. */
  readonly upload: PhaseMemory;
  /** After the run settled and two forced garbage collections: what the engine keeps. */
  readonly retained: MemoryFigures;
  readonly outcome: string;
  readonly queued: number;
  readonly done: number;
  readonly failed: number;
  /** File name -> final reading, for the photos that are done. */
  readonly readings: Readonly<Record<string, string | null>>;
  /** Most upload requests (task or batch) in flight at once, and the files they carried. */
  readonly maxUploadsInFlight: number;
  readonly maxFilesUploading: number;
  readonly warnings: readonly string[];
}

export interface MemoryRow extends Omit<MemoryWorkerResult, 'readings'> {
  readonly case: MemoryCase;
  readonly profile: ServiceProfile;
  /** Readings that differ from the photo's marker (must be 0). */
  readonly wrongReadings: number;
  /** Photos the service charged quota for more than once (must be 0). */
  readonly chargedTwice: number;
  readonly http429: number;
  readonly tasksCreated: number;
  readonly batchesCreated: number;
}

/**
 * Generous limits: this benchmark is about memory, not pacing, so nothing but the concurrency
 * under test holds the engine back, and the AI answers fast to keep the run short.
 */
export function memoryProfile(concurrency: number): ServiceProfile {
  return {
    windowMs: 60_000,
    submissionsPerWindow: 1_000_000,
    requestsPerWindow: 1_000_000,
    concurrency,
    aiLatencyMs: 50,
    aiJitterMs: 20,
    addedLatencyMs: 0,
  };
}

const WORKER = fileURLToPath(new URL('./memory-worker.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));

function runWorker(spec: MemoryWorkerSpec): Promise<MemoryWorkerResult> {
  return new Promise((resolve, reject) => {
    // Explicit loader flags: under vitest this process's execArgv are not tsx's.
    const child = fork(WORKER, [JSON.stringify(spec)], {
      cwd: REPO,
      execArgv: ['--expose-gc', '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: MemoryWorkerResult | undefined;
    child.on('message', (message) => {
      result = message as MemoryWorkerResult;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`memory worker exited with ${String(code)} and no result`));
    });
  });
}

export async function runMemoryCase(
  c: MemoryCase,
  options: { photosParent?: string; log?: (line: string) => void } = {},
): Promise<MemoryRow> {
  const folder = await prepareLargePhotos(c.photos, c.photoBytes, {
    ...(options.photosParent !== undefined && { parent: options.photosParent }),
    ...(options.log && { log: options.log }),
  });
  const profile = memoryProfile(c.concurrency);
  const sandbox = await startService(profile);
  const work = await mkdtemp(join(tmpdir(), 'meterdesk-bench-mem-'));
  try {
    const result = await runWorker({
      baseUrl: sandbox.url,
      apiKey: BENCH_API_KEY,
      photoDir: folder.dir,
      dbFile: join(work, 'queue.sqlite'),
      batchMode: 'auto',
      maxConcurrency: c.concurrency,
      maxParallelUploads: c.parallelUploads,
      idleMs: 500,
      sampleMs: 50,
    });
    const { readings, ...rest } = result;
    let wrongReadings = 0;
    for (const [name, expected] of folder.readings) {
      if (name in readings && readings[name] !== expected) wrongReadings += 1;
    }
    const counts = sandbox.ledger.counts();
    return {
      case: c,
      profile,
      ...rest,
      wrongReadings,
      chargedTwice: Object.values(sandbox.ledger.quotaCharges()).filter((n) => n > 1).length,
      http429: Object.values(counts.rejected429).reduce((a, b) => a + b, 0),
      tasksCreated: counts.tasksCreated,
      batchesCreated: counts.batchesCreated,
    };
  } finally {
    await sandbox.close();
    await rm(work, { recursive: true, force: true });
  }
}
