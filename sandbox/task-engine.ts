// Task life cycle: creation with a disposition decided at admission, then the AI hooks. This is
// where cache, quota and concurrency meet:
// - cached_exact / cached_stale / invalid files are final at once: no AI run, no quota;
// - other tasks reserve one quota unit and one concurrency slot until they are final;
// - a fresh success stores the cache entry and turns the reservation into a charge.

import type { AiHooks } from './ai-sim';
import type { Clock } from './clock';
import type { KeyRecord } from './keys';
import type { LedgerBook } from './ledger';
import type { RateLimiter } from './rate-limits';
import type { ImageReading } from './reading';
import type { CachedResult, ResultCache } from './result-cache';
import type { TaskStore } from './stores';
import type { ResultSource, TaskRecord, TaskStatus } from './task-record';

export type Disposition =
  | { kind: 'cached_exact'; result: CachedResult }
  | { kind: 'cached_stale'; result: CachedResult }
  | { kind: 'ai' }
  | { kind: 'invalid'; reason: string };

export interface NewTask {
  readonly key: KeyRecord;
  readonly sha256: string;
  readonly namespace: string;
  readonly fileName: string;
  readonly batchId: string | null;
  readonly given: ImageReading;
  readonly disposition: Disposition;
}

/** What the engine needs of the AI simulator (it is built after the engine: hooks point back). */
export interface AiPort {
  readonly online: boolean;
  readonly version: string;
  submit(task: TaskRecord): void;
}

export const AI_FAILURE_MESSAGE = 'The AI service could not read this image (simulated failure).';
export const UNREADABLE_MESSAGE =
  'The meter cannot be read on this image (blurred, too dark, overexposed or too small).';

export class TaskEngine implements AiHooks<TaskRecord> {
  private seq = 0;
  private ai: AiPort | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly store: TaskStore,
    private readonly cache: ResultCache,
    private readonly limiter: RateLimiter,
    private readonly ledger: LedgerBook,
    private readonly newId: () => string,
  ) {}

  attach(ai: AiPort): void {
    this.ai = ai;
  }

  private get port(): AiPort {
    if (!this.ai) throw new Error('task engine used before the AI simulator was attached');
    return this.ai;
  }

  /** Cache first (current version), then, while offline, the latest historical result. */
  classify(namespace: string, sha256: string): Disposition {
    const ai = this.port;
    const exact = this.cache.exactHit(namespace, ai.version, sha256);
    if (exact) return { kind: 'cached_exact', result: exact };
    if (!ai.online) {
      const stale = this.cache.historical(namespace, sha256);
      if (stale) return { kind: 'cached_stale', result: stale };
    }
    return { kind: 'ai' };
  }

  create(input: NewTask): TaskRecord {
    const now = this.clock.now();
    this.seq += 1;
    const task: TaskRecord = {
      id: this.newId(),
      seq: this.seq,
      email: input.key.user.email,
      key: input.key.key,
      account: input.key.user.quota,
      sha256: input.sha256,
      namespace: input.namespace,
      fileName: input.fileName,
      batchId: input.batchId,
      given: input.given,
      createdAt: now,
      status: 'queued',
      resultSource: 'pending',
      finalReading: '-',
      meterType: '-',
      isLatestAiVersion: false,
      errorMessage: '',
      failureKind: '',
      resultAiVersion: null,
      finishedAt: null,
      quotaCharged: false,
      reservesQuota: false,
      holdsSlot: false,
      history: [{ status: 'queued', at: now }],
    };
    this.store.add(task);
    this.ledger.taskCreated(task);
    const d = input.disposition;
    switch (d.kind) {
      case 'cached_exact':
        this.finishDone(task, d.result, 'cached_exact', true);
        break;
      case 'cached_stale':
        this.finishDone(task, d.result, 'cached_stale', false);
        break;
      case 'invalid':
        this.finishFailed(task, 'invalid_image', d.reason);
        break;
      case 'ai':
        task.reservesQuota = true;
        task.account.reserve(1);
        task.holdsSlot = true;
        this.limiter.activate(task.key);
        this.port.submit(task);
        break;
    }
    return task;
  }

  // ---- AI hooks

  dispatched(task: TaskRecord): boolean {
    // An identical image may have finished while this one queued: no second run.
    const exact = this.cache.exactHit(task.namespace, this.port.version, task.sha256);
    if (exact) {
      this.finishDone(task, exact, 'cached_exact', true);
      return false;
    }
    this.setStatus(task, 'queued', '');
    return true;
  }

  running(task: TaskRecord): void {
    this.setStatus(task, 'running', '');
  }

  completed(task: TaskRecord, outcome: { failed: boolean; version: string }): void {
    if (outcome.failed) {
      this.finishFailed(task, 'ai_error', AI_FAILURE_MESSAGE);
      return;
    }
    if (task.given.unreadable !== undefined) {
      this.finishFailed(task, 'unreadable_image', UNREADABLE_MESSAGE);
      return;
    }
    const result: CachedResult = {
      reading: task.given.reading,
      meterType: task.given.meterType,
      version: outcome.version,
      at: this.clock.now(),
    };
    this.cache.store(task.namespace, task.sha256, result);
    task.account.charge();
    task.reservesQuota = false;
    task.quotaCharged = true;
    this.ledger.quotaCharged(task.sha256);
    this.finishDone(task, result, 'fresh', true);
  }

  waiting(task: TaskRecord, reason: string): void {
    this.setStatus(task, 'waiting_ai', reason);
  }

  queued(task: TaskRecord, reason: string): void {
    this.setStatus(task, 'queued', reason);
  }

  // ---- transitions

  private setStatus(task: TaskRecord, status: TaskStatus, errorMessage: string): void {
    task.errorMessage = errorMessage;
    if (task.status === status) return;
    task.status = status;
    task.history.push({ status, at: this.clock.now() });
  }

  private finishDone(
    task: TaskRecord,
    result: CachedResult,
    source: ResultSource,
    isLatest: boolean,
  ): void {
    task.resultSource = source;
    task.finalReading = result.reading;
    task.meterType = result.meterType;
    task.isLatestAiVersion = isLatest;
    task.resultAiVersion = `${task.namespace}:${result.version}`;
    this.settle(task, 'done', '');
  }

  private finishFailed(task: TaskRecord, failureKind: string, message: string): void {
    task.resultSource = 'failed';
    task.failureKind = failureKind;
    this.settle(task, 'failed', message);
  }

  private settle(task: TaskRecord, status: TaskStatus, errorMessage: string): void {
    task.finishedAt = this.clock.now();
    this.setStatus(task, status, errorMessage);
    if (task.reservesQuota) {
      task.reservesQuota = false;
      task.account.release(1);
    }
    if (task.holdsSlot) {
      task.holdsSlot = false;
      this.limiter.release(task.key);
    }
  }
}
