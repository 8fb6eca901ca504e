import { DEFAULT_MAX_CONCURRENCY } from '../../common/settings';
import type { BatchMode } from '../../common/job';

export interface EngineConfig {
  /** `business` form value for batches; null sends none (the service's default). */
  business: string | null;
  batchMode: BatchMode;
  /** Most tasks in flight at once; the service's own concurrency limit lowers it further. */
  maxConcurrency: number;
  maxParallelUploads: number;
  maxParallelPolls: number;
  /** Upload attempts that fail through the service's fault before a file is given up. */
  maxUploadAttempts: number;
  retryBaseMs: number;
  retryCapMs: number;
  probeBaseMs: number;
  probeCapMs: number;
  quotaRecheckMs: number;
  /**
   * The engine is the one reader of quota and AI status; the window shows what it pushes. While
   * photos are in the queue they are re-read this often (and once more when the queue drains).
   */
  statusRefreshMs: number;
  /** With nothing in the queue, this often (other users of the account, an AI outage). */
  statusIdleRefreshMs: number;
  /**
   * A task's wait reason asks for a read sooner than statusRefreshMs (the AI went offline), but
   * not more often than this.
   */
  statusRecheckMinMs: number;
  /** Consecutive transport failures that mean "the network is gone", not "this request failed". */
  offlineAfterFailures: number;
  /** Poll many single tasks with one GET /api/open/tasks when it helps. */
  listPolling: boolean;
  /**
   * How long a task list may take to answer. A list is a bonus (tasks can be read one by one), so
   * a slow one is given up sooner than other requests and its tasks followed without it.
   */
  listDeadlineMs: number;
  /** After the task list failed or was too slow, it is tried again after this (doubling, to 12x). */
  listRecheckMs: number;
  /**
   * After a crash, wait this long before resending uploads that were cut off: a task the service
   * did create meanwhile finishes and is cached, so the resend costs no quota.
   */
  resumeGraceMs: number;
  /** After the service refused batches as unsupported (not named CAD), try one again after this. */
  batchRecheckMs: number;
  /** After a 403 for one endpoint, ask it again after this. */
  permissionRecheckMs: number;
  /**
   * A task no permitted read reaches is taken as ended (and its photo sent again, in a batch)
   * only this long after it was sent: a photo sent again while its task still runs is read, and
   * paid, twice (spec 8.4, 8.5). The service's own task timeout is not shown; an assumed bound.
   */
  taskTimeoutMs: number;
  /** Tasks at the service and none ended for this long: the run says the service's wait reason. */
  quietReportMs: number;
  /**
   * The quality check before upload (main/engine/photo-gate.ts): photos too small, dark, blown out
   * or blurred are held instead of sent. Off here; the app and `meter-desk run` turn it on.
   */
  photoChecks: boolean;
}

export const DEFAULT_ENGINE_CONFIG: EngineConfig = {
  business: null,
  batchMode: 'auto',
  maxConcurrency: DEFAULT_MAX_CONCURRENCY,
  maxParallelUploads: 6,
  maxParallelPolls: 4,
  maxUploadAttempts: 8,
  retryBaseMs: 1_000,
  retryCapMs: 60_000,
  probeBaseMs: 1_000,
  probeCapMs: 30_000,
  quotaRecheckMs: 60_000,
  statusRefreshMs: 10_000,
  statusIdleRefreshMs: 5 * 60_000,
  statusRecheckMinMs: 2_000,
  offlineAfterFailures: 3,
  listPolling: true,
  listDeadlineMs: 10_000,
  listRecheckMs: 5_000,
  resumeGraceMs: 5_000,
  batchRecheckMs: 30 * 60_000,
  permissionRecheckMs: 10 * 60_000,
  taskTimeoutMs: 30 * 60_000,
  quietReportMs: 10_000,
  photoChecks: false,
};
