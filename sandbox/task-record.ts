// The service's own record of a task. Views (task-views.ts) turn it into the JSON of spec 2.1;
// the ledger reads it directly.

import type { QuotaAccount } from './quota';
import type { ImageReading } from './reading';

export type TaskStatus = 'queued' | 'running' | 'waiting_ai' | 'done' | 'failed';
export type ResultSource = 'fresh' | 'cached_exact' | 'cached_stale' | 'pending' | 'failed';

export const FINAL_STATUSES: ReadonlySet<TaskStatus> = new Set(['done', 'failed']);

export interface StatusChange {
  readonly status: TaskStatus;
  /** Epoch ms (sandbox clock). */
  readonly at: number;
}

export interface TaskRecord {
  readonly id: string;
  /** Creation order across the sandbox: stable ordering and FIFO resumption. */
  readonly seq: number;
  readonly email: string;
  readonly key: string;
  /** The owner's quota: charged when the task ends fresh. */
  readonly account: QuotaAccount;
  readonly sha256: string;
  /** Downstream namespace (the batch's business, or the deployment's namespace). */
  readonly namespace: string;
  readonly fileName: string;
  readonly batchId: string | null;
  /** What the image says (marker or hash): the reading a fresh run will report. */
  readonly given: ImageReading;
  readonly createdAt: number;
  status: TaskStatus;
  resultSource: ResultSource;
  /** '-' until a result exists. */
  finalReading: string;
  meterType: string;
  isLatestAiVersion: boolean;
  errorMessage: string;
  failureKind: string;
  /** `namespace:version` that produced the reported result. */
  resultAiVersion: string | null;
  finishedAt: number | null;
  quotaCharged: boolean;
  /** Holds a quota reservation until final (it may still end fresh). */
  reservesQuota: boolean;
  /** Counts toward the key's concurrency until final. */
  holdsSlot: boolean;
  readonly history: StatusChange[];
}
