// One lane of the photo-check pool: one worker thread, one photo in it at a time, the rest waiting
// in order. One at a time so a deadline that ends the worker ends only the photo that overran it;
// the next photo gets a fresh worker. An idle worker ends after a while: the reader's WASM heap
// only grows, and ending the thread is the one way to give it back.
import type { Worker } from 'node:worker_threads';
import type { Clock, TimerHandle } from '../time/clock';
import type { CheckReply, CheckRequest } from './check-protocol';

/**
 * Why a task failed without an answer from the worker: `timeout` it overran its deadline (the
 * worker was ended to free the lane), `closed` the pool was closed, `workerEnded` the worker died
 * under it (out of memory, a crash), `failed` the worker answered with an error (an undecodable
 * photo), `unavailable` the checker cannot load at all (its worker file, sharp or the reader
 * missing from an installed copy): every photo would fail the same way.
 */
export type CheckFailureCode = 'timeout' | 'closed' | 'workerEnded' | 'failed' | 'unavailable';

/** Node's codes for a module that cannot be found (CommonJS, ES modules). */
const MODULE_MISSING = new Set(['MODULE_NOT_FOUND', 'ERR_MODULE_NOT_FOUND']);

export class PhotoCheckError extends Error {
  constructor(
    readonly code: CheckFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'PhotoCheckError';
  }
}

export type CheckAnswer = Extract<CheckReply, { readonly ok: true }>;

export interface LaneOptions {
  /** The lane's name in messages ('quality', 'codes'). */
  readonly name: string;
  /** Starts a worker; called again after a deadline or an idle end. */
  readonly spawn: () => Worker;
  readonly clock: Clock;
  /** A task running longer than this is ended: its worker is terminated. */
  readonly deadlineMs: number;
  /** A worker idle this long ends. */
  readonly idleMs: number;
}

interface Task {
  readonly request: CheckRequest;
  readonly resolve: (answer: CheckAnswer) => void;
  readonly reject: (error: PhotoCheckError) => void;
}

export class CheckLane {
  private worker: Worker | null = null;
  private current: Task | null = null;
  private readonly waiting: Task[] = [];
  private deadline: { readonly handle: TimerHandle } | null = null;
  private idle: { readonly handle: TimerHandle } | null = null;
  private closed = false;
  private nextId = 1;
  /** Workers started so far: a test and the bench see deadlines and idle ends by it. */
  started = 0;

  constructor(private readonly o: LaneOptions) {}

  /** Tasks waiting or running. */
  get load(): number {
    return this.waiting.length + (this.current ? 1 : 0);
  }

  /** Whether a worker is alive (busy or idle). */
  get alive(): boolean {
    return this.worker !== null;
  }

  run(request: Omit<CheckRequest, 'id'>): Promise<CheckAnswer> {
    if (this.closed) {
      return Promise.reject(new PhotoCheckError('closed', `photo check ${this.o.name}: closed`));
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ request: { ...request, id: this.nextId++ }, resolve, reject });
      this.next();
    });
  }

  /** Starts the worker now, so the first photo does not wait for one to start. */
  warm(): void {
    if (!this.closed && !this.worker) this.start();
  }

  /** Ends the worker; tasks waiting or running are rejected with `closed`. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new PhotoCheckError('closed', `photo check ${this.o.name}: closed`);
    for (const task of this.waiting.splice(0)) task.reject(error);
    this.finishCurrent()?.reject(error);
    this.clearIdle();
    await this.end();
  }

  private next(): void {
    if (this.current || this.closed) return;
    const task = this.waiting.shift();
    if (!task) {
      this.armIdle();
      return;
    }
    this.clearIdle();
    const worker = this.worker ?? this.start();
    this.current = task;
    // A worker with a photo in hand keeps the process alive; an idle one does not.
    worker.ref();
    const handle = this.o.clock.setTimer(
      () => {
        this.deadline = null;
        this.overran(task);
      },
      this.o.deadlineMs,
      { weak: true },
    );
    this.deadline = { handle };
    worker.postMessage(task.request);
  }

  private overran(task: Task): void {
    if (this.current !== task) return;
    this.finishCurrent();
    const seconds = Math.round(this.o.deadlineMs / 100) / 10;
    task.reject(
      new PhotoCheckError(
        'timeout',
        `photo check ${this.o.name} of ${task.request.path}: no answer within ${String(seconds)} s`,
      ),
    );
    // Not awaited: the next photo starts on a fresh worker while the hung one is torn down.
    void this.end();
    this.next();
  }

  /** The running task, taken off the lane with its deadline cleared. */
  private finishCurrent(): Task | null {
    const task = this.current;
    this.current = null;
    if (this.deadline !== null) this.o.clock.clearTimer(this.deadline.handle);
    this.deadline = null;
    this.worker?.unref();
    return task;
  }

  private start(): Worker {
    const worker = this.o.spawn();
    this.started++;
    this.worker = worker;
    worker.on('message', (reply: CheckReply) => {
      if (this.worker !== worker || this.current?.request.id !== reply.id) return;
      const task = this.finishCurrent();
      if (!task) return;
      if (reply.ok) task.resolve(reply);
      else
        task.reject(
          new PhotoCheckError(reply.unavailable ? 'unavailable' : 'failed', reply.message),
        );
      this.next();
    });
    const died = (why: string, code: CheckFailureCode = 'workerEnded'): void => {
      if (this.worker !== worker) return;
      this.worker = null;
      const task = this.finishCurrent();
      task?.reject(new PhotoCheckError(code, `photo check ${this.o.name}: ${why}`));
      this.next();
    };
    worker.on('error', (error: Error & { code?: unknown }) => {
      // The worker's own file, or a module it imports at start, is not there.
      const missing = typeof error.code === 'string' && MODULE_MISSING.has(error.code);
      died(error.message, missing ? 'unavailable' : 'workerEnded');
    });
    worker.on('exit', (code) => {
      died(`worker ended (${String(code)})`);
    });
    // Idle from the start. After the listeners: adding a 'message' listener refs the port again.
    worker.unref();
    return worker;
  }

  private armIdle(): void {
    if (!this.worker || this.idle !== null) return;
    const handle = this.o.clock.setTimer(
      () => {
        this.idle = null;
        if (!this.current && this.waiting.length === 0) void this.end();
      },
      this.o.idleMs,
      { weak: true },
    );
    this.idle = { handle };
  }

  private clearIdle(): void {
    if (this.idle !== null) this.o.clock.clearTimer(this.idle.handle);
    this.idle = null;
  }

  /** Terminates the worker, if any; its 'exit' is ours, not a death to report. */
  private async end(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
