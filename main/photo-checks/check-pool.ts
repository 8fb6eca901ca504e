// The photo checks' worker threads, in two lanes: the quality check (tens of milliseconds a photo,
// and an upload waits for it) and the reading of codes (hundreds), so a code read never delays the
// next photo's check. Each lane is bounded (check-lane.ts): one photo at a time, a deadline per
// photo, its worker ended when idle; the pool can be closed, and nothing in it keeps a process
// alive that has nothing else to do.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { PhotoMeasures } from '../../common/photo-checks';
import type { PhotoCode } from '../../common/photo-codes';
import { systemClock, type Clock } from '../time/clock';
import { CheckLane } from './check-lane';

/**
 * The worker's file: from the sources (tsx, vitest) the TypeScript one through tsx's loader; from
 * a bundle (the app's backend, the CLI) the worker bundle scripts/build.js writes beside it.
 */
export function checkWorkerEntry(): { source: string; eval: boolean } {
  // esbuild leaves import.meta empty in the CommonJS backend bundle: __dirname is its folder.
  const self = (import.meta as { url?: string }).url;
  if (self?.endsWith('.ts')) {
    // Node 20 ignores --import in a worker's execArgv: the worker registers tsx itself.
    const worker = new URL('./check-worker.ts', self).href;
    const source = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(worker)}); });`;
    return { source, eval: true };
  }
  const dir = self ? dirname(fileURLToPath(self)) : __dirname;
  // A worker cannot start from inside the app's archive: electron-builder.yml unpacks it.
  const file = join(dir, 'photo-check-worker.cjs').replace(
    /app\.asar([\\/])/,
    'app.asar.unpacked$1',
  );
  return { source: file, eval: false };
}

/**
 * The JavaScript heap of a check worker. Pixels live outside it (Buffers, the reader's WASM
 * memory, which read-codes.ts bounds by the size it hands the reader); what is left is the code
 * and, from the sources, tsx compiling it. A worker over it ends with ERR_WORKER_OUT_OF_MEMORY:
 * its photo fails with `workerEnded`, the process lives on.
 */
export const CHECK_WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 96,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
};

export interface CheckPoolOptions {
  readonly clock?: Clock;
  /** A quality check running longer is ended (a decode that hangs). */
  readonly measureDeadlineMs?: number;
  /** A code read running longer is ended. */
  readonly codesDeadlineMs?: number;
  /** A worker with nothing to do for this long ends and gives its memory back. */
  readonly idleMs?: number;
  /** Code lanes side by side (each one worker, one photo at a time); default CODE_LANES. */
  readonly codeLanes?: number;
  /** Starts a worker (tests give one that hangs); by default the check worker. */
  readonly spawn?: () => Worker;
}

/** A 12 MP check takes about 50 ms and a full code read under 2 s: far above both, on a busy machine. */
export const MEASURE_DEADLINE_MS = 20_000;
export const CODES_DEADLINE_MS = 30_000;
export const IDLE_END_MS = 30_000;
/**
 * Two code reads at once: a read takes hundreds of milliseconds of CPU and the run ends only when
 * the last photo's code is read, so with one lane a run whose service answers quickly waited for
 * the reader (1.16x the run without checks on a quiet machine, 40 photos). A check is tens of
 * milliseconds and keeps its own lane; each code worker is bounded as before (about 50 MB).
 */
export const CODE_LANES = 2;

function spawnCheckWorker(): Worker {
  const entry = checkWorkerEntry();
  return new Worker(entry.source, { eval: entry.eval, resourceLimits: CHECK_WORKER_LIMITS });
}

export class CheckPool {
  readonly quality: CheckLane;
  /** The code lanes; a read goes to the one with the least to do. */
  readonly codeLanes: readonly CheckLane[];

  constructor(o: CheckPoolOptions = {}) {
    const clock = o.clock ?? systemClock;
    const spawn = o.spawn ?? spawnCheckWorker;
    const idleMs = o.idleMs ?? IDLE_END_MS;
    this.quality = new CheckLane({
      name: 'quality',
      spawn,
      clock,
      deadlineMs: o.measureDeadlineMs ?? MEASURE_DEADLINE_MS,
      idleMs,
    });
    this.codeLanes = Array.from(
      { length: Math.max(1, o.codeLanes ?? CODE_LANES) },
      (_, i) =>
        new CheckLane({
          name: i === 0 ? 'codes' : `codes ${String(i + 1)}`,
          spawn,
          clock,
          deadlineMs: o.codesDeadlineMs ?? CODES_DEADLINE_MS,
          idleMs,
        }),
    );
  }

  /** The first code lane (the one a read goes to when all are idle). */
  get codes(): CheckLane {
    const [first] = this.codeLanes;
    if (!first) throw new Error('a check pool has at least one code lane');
    return first;
  }

  /** Measures one photo; rejects with a PhotoCheckError (an undecodable photo, a timeout). */
  async measure(path: string): Promise<PhotoMeasures> {
    const answer = await this.quality.run({ path, task: 'measure' });
    if (!('measures' in answer)) throw new Error('photo check worker answered without measures');
    return answer.measures;
  }

  /** Reads the codes on one photo; rejects with a PhotoCheckError. */
  async readCodes(path: string): Promise<PhotoCode[]> {
    const lane = this.codeLanes.reduce((a, b) => (b.load < a.load ? b : a), this.codes);
    const answer = await lane.run({ path, task: 'codes' });
    if (!('codes' in answer)) throw new Error('photo check worker answered without codes');
    return answer.codes;
  }

  /** Starts the quality worker now, so the run's first photo does not wait for one to start. */
  warm(): void {
    this.quality.warm();
  }

  /** Ends both lanes' workers; photos still being checked are rejected with `closed`. */
  async close(): Promise<void> {
    await Promise.all([this.quality.close(), ...this.codeLanes.map((l) => l.close())]);
  }
}

let shared: CheckPool | undefined;

/**
 * The process's one pool: engines come and go (a settings change restarts the window's, tests open
 * dozens), and each would otherwise pay for a worker's start. Its workers end when idle, and start
 * again on the next photo.
 */
export function sharedCheckPool(): CheckPool {
  shared ??= new CheckPool();
  return shared;
}

/** Closes the process's pool (at quit); a later photo opens a new one. */
export async function closeSharedCheckPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
