// The ledger: what the service did, for tests, demos and chaos runs to compare against what the
// client believes. Injected faults are counted separately from real outcomes so a chaos run can
// tell them apart. Keys appear only as fingerprints (keyId), so a dumped ledger leaks no secret.

import { createHash } from 'node:crypto';
import { isoUtc } from './clock';
import type { Clock } from './clock';
import type { ResultSource, TaskRecord, TaskStatus } from './task-record';

export type RejectionKind = 'request' | 'submission' | 'concurrency' | 'quota';
export type FaultKind =
  | 'network_down'
  | 'drop'
  | 'error5xx'
  | 'html_error'
  | 'slow'
  | 'drop_after'
  /** The service's own endpoint faults: a broken or slow list, a failing AI check. */
  | 'list_error'
  | 'list_slow'
  | 'ai_status_error'
  /** A 503 of a maintenance window. */
  | 'maintenance';

export interface LedgerTaskEntry {
  readonly taskId: string;
  readonly batchId: string | null;
  readonly keyId: string;
  readonly email: string;
  readonly sha256: string;
  readonly fileName: string;
  readonly namespace: string;
  /** The reading the image carries (marker) or that its hash gives. */
  readonly readingGiven: string;
  readonly meterTypeGiven: string;
  readonly readingSource: 'marker' | 'hash';
  readonly status: TaskStatus;
  readonly resultSource: ResultSource;
  readonly finalReading: string;
  readonly failureKind: string;
  readonly errorMessage: string;
  readonly aiVersion: string | null;
  readonly quotaCharged: boolean;
  readonly createdAt: string;
  readonly finishedAt: string | null;
  readonly history: readonly { readonly status: TaskStatus; readonly at: string }[];
}

export interface LedgerBatchEntry {
  readonly batchId: string;
  readonly keyId: string;
  readonly email: string;
  readonly business: string;
  readonly taskIds: readonly string[];
  readonly createdAt: string;
}

export interface LedgerFaultEntry {
  readonly seq: number;
  readonly at: string;
  readonly kind: FaultKind;
  readonly method: string;
  readonly path: string;
}

export interface LedgerCounts {
  /** API requests that reached the service (after pre-request faults). */
  readonly requests: number;
  /** Responses the service produced, by HTTP status (injected fault pages included under faults). */
  readonly byStatus: Readonly<Record<string, number>>;
  readonly rejected429: Readonly<Record<RejectionKind, number>>;
  readonly faults: Readonly<Record<FaultKind, number>>;
  /** Unexpected exceptions answered with 500: real bugs, never injected. */
  readonly internalErrors: number;
  readonly tasksCreated: number;
  readonly batchesCreated: number;
}

export interface LedgerSnapshot {
  readonly counts: LedgerCounts;
  readonly tasks: readonly LedgerTaskEntry[];
  readonly batches: readonly LedgerBatchEntry[];
  readonly quotaCharges: Readonly<Record<string, number>>;
  readonly faults: readonly LedgerFaultEntry[];
}

/** Read access (Sandbox.ledger). Every call returns a fresh copy. */
export interface SandboxLedger {
  tasks(): LedgerTaskEntry[];
  task(taskId: string): LedgerTaskEntry | undefined;
  batches(): LedgerBatchEntry[];
  /** Fresh (quota-consuming) results per image sha256. */
  quotaCharges(): Record<string, number>;
  counts(): LedgerCounts;
  faults(): LedgerFaultEntry[];
  snapshot(): LedgerSnapshot;
  /** The fingerprint the ledger uses for a key. */
  keyId(key: string): string;
}

export function keyFingerprint(key: string): string {
  return `key_${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

interface BatchNote {
  readonly batchId: string;
  readonly key: string;
  readonly email: string;
  readonly business: string;
  readonly taskIds: readonly string[];
  readonly createdAt: number;
}

const zeroRejections = (): Record<RejectionKind, number> => ({
  request: 0,
  submission: 0,
  concurrency: 0,
  quota: 0,
});

const zeroFaults = (): Record<FaultKind, number> => ({
  network_down: 0,
  drop: 0,
  error5xx: 0,
  html_error: 0,
  slow: 0,
  drop_after: 0,
  list_error: 0,
  list_slow: 0,
  ai_status_error: 0,
  maintenance: 0,
});

/** The writable side, used by the service; exposes the read side as SandboxLedger. */
export class LedgerBook implements SandboxLedger {
  private readonly taskList: TaskRecord[] = [];
  private readonly taskById = new Map<string, TaskRecord>();
  private readonly batchList: BatchNote[] = [];
  private readonly charges = new Map<string, number>();
  private readonly faultList: LedgerFaultEntry[] = [];
  private readonly byStatus = new Map<number, number>();
  private readonly rejected = zeroRejections();
  private readonly faultCounts = zeroFaults();
  private requestCount = 0;
  private internalErrorCount = 0;
  private readonly fingerprints = new Map<string, string>();

  constructor(private readonly clock: Clock) {}

  // ---- writing

  taskCreated(task: TaskRecord): void {
    this.taskList.push(task);
    this.taskById.set(task.id, task);
  }

  batchCreated(note: BatchNote): void {
    this.batchList.push(note);
  }

  quotaCharged(sha256: string): void {
    this.charges.set(sha256, (this.charges.get(sha256) ?? 0) + 1);
  }

  request(): void {
    this.requestCount += 1;
  }

  response(status: number): void {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }

  rejection(kind: RejectionKind): void {
    this.rejected[kind] += 1;
  }

  fault(kind: FaultKind, method: string, path: string): void {
    this.faultCounts[kind] += 1;
    this.faultList.push({
      seq: this.faultList.length + 1,
      at: isoUtc(this.clock.now()),
      kind,
      method,
      path,
    });
  }

  internalError(): void {
    this.internalErrorCount += 1;
  }

  // ---- reading

  keyId(key: string): string {
    let id = this.fingerprints.get(key);
    if (id === undefined) {
      id = keyFingerprint(key);
      this.fingerprints.set(key, id);
    }
    return id;
  }

  private entry(task: TaskRecord): LedgerTaskEntry {
    return {
      taskId: task.id,
      batchId: task.batchId,
      keyId: this.keyId(task.key),
      email: task.email,
      sha256: task.sha256,
      fileName: task.fileName,
      namespace: task.namespace,
      readingGiven: task.given.reading,
      meterTypeGiven: task.given.meterType,
      readingSource: task.given.source,
      status: task.status,
      resultSource: task.resultSource,
      finalReading: task.finalReading,
      failureKind: task.failureKind,
      errorMessage: task.errorMessage,
      aiVersion: task.resultAiVersion,
      quotaCharged: task.quotaCharged,
      createdAt: isoUtc(task.createdAt),
      finishedAt: task.finishedAt === null ? null : isoUtc(task.finishedAt),
      history: task.history.map((h) => ({ status: h.status, at: isoUtc(h.at) })),
    };
  }

  tasks(): LedgerTaskEntry[] {
    return this.taskList.map((t) => this.entry(t));
  }

  task(taskId: string): LedgerTaskEntry | undefined {
    const task = this.taskById.get(taskId);
    return task ? this.entry(task) : undefined;
  }

  batches(): LedgerBatchEntry[] {
    return this.batchList.map((b) => ({
      batchId: b.batchId,
      keyId: this.keyId(b.key),
      email: b.email,
      business: b.business,
      taskIds: [...b.taskIds],
      createdAt: isoUtc(b.createdAt),
    }));
  }

  quotaCharges(): Record<string, number> {
    return Object.fromEntries(this.charges);
  }

  counts(): LedgerCounts {
    return {
      requests: this.requestCount,
      byStatus: Object.fromEntries([...this.byStatus].map(([s, n]) => [String(s), n])),
      rejected429: { ...this.rejected },
      faults: { ...this.faultCounts },
      internalErrors: this.internalErrorCount,
      tasksCreated: this.taskList.length,
      batchesCreated: this.batchList.length,
    };
  }

  faults(): LedgerFaultEntry[] {
    return [...this.faultList];
  }

  snapshot(): LedgerSnapshot {
    return {
      counts: this.counts(),
      tasks: this.tasks(),
      batches: this.batches(),
      quotaCharges: this.quotaCharges(),
      faults: this.faults(),
    };
  }
}
