// A few worker threads measuring photos (check-worker.ts), so the checks run beside the uploads
// and never on the engine's loop. Workers start on the first photo and end when idle.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PhotoMeasures } from '../../common/photo-checks';
import type { PhotoCode } from '../../common/photo-codes';
import type { CheckReply, CheckRequest, CheckTask } from './check-protocol';

type Answer = { readonly measures: PhotoMeasures } | { readonly codes: PhotoCode[] };

interface Pending {
  readonly resolve: (a: Answer) => void;
  readonly reject: (e: Error) => void;
}

interface Slot {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
}

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

export class CheckPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private turn = 0;

  constructor(private readonly size = 1) {}

  /** Measures one photo in a worker; rejects when the photo cannot be decoded. */
  async measure(path: string): Promise<PhotoMeasures> {
    const answer = await this.ask(path, 'measure');
    if (!('measures' in answer)) throw new Error('photo check worker answered without measures');
    return answer.measures;
  }

  /** Reads the codes on one photo in a worker; rejects when the photo cannot be decoded. */
  async readCodes(path: string): Promise<PhotoCode[]> {
    const answer = await this.ask(path, 'codes');
    if (!('codes' in answer)) throw new Error('photo check worker answered without codes');
    return answer.codes;
  }

  private ask(path: string, task: CheckTask): Promise<Answer> {
    const slot = this.slot();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // A worker with a photo in hand keeps the process alive; an idle one does not.
      if (slot.pending.size === 0) slot.worker.ref();
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, path, task } satisfies CheckRequest);
    });
  }

  /** Starts the workers now, so the run's first photo does not wait for one to start. */
  warm(): void {
    while (this.slots.length < this.size) this.slots.push(this.start());
  }

  /** Ends the workers; photos still being measured are rejected. */
  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private slot(): Slot {
    if (this.slots.length < this.size) {
      const slot = this.start();
      this.slots.push(slot);
      return slot;
    }
    this.turn = (this.turn + 1) % this.slots.length;
    const slot = this.slots[this.turn];
    if (!slot) throw new Error('check pool has no worker');
    return slot;
  }

  private start(): Slot {
    const entry = checkWorkerEntry();
    const worker = new Worker(entry.source, { eval: entry.eval });
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (reply: CheckReply) => {
      const p = slot.pending.get(reply.id);
      if (!p) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) worker.unref();
      if (reply.ok) p.resolve(reply);
      else p.reject(new Error(reply.message));
    });
    const fail = (error: Error): void => {
      for (const p of slot.pending.values()) p.reject(error);
      slot.pending.clear();
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots.splice(at, 1);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      fail(new Error(`photo check worker ended (${String(code)})`));
    });
    // Idle from the start. After the listeners: adding a 'message' listener refs the port again.
    worker.unref();
    return slot;
  }
}

let shared: CheckPool | undefined;

/**
 * The process's one pool: engines come and go (a settings change restarts the window's, tests open
 * dozens), and each would otherwise pay for a worker's start. Its idle worker keeps no process
 * alive (unref), and one that ends is started again on the next photo.
 */
export function sharedCheckPool(): CheckPool {
  shared ??= new CheckPool(1);
  return shared;
}
