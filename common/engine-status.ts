import { MAX_BATCH_FILES, type FailureKind } from './job';
import type { JobMessage } from './job-messages';
import type { StateCounts } from './job-record';
import type { QuotaWarning } from './quota-warning';

/** Why the engine is not sending photos right now; several can hold at once. */
export interface EngineHolds {
  /**
   * The service could not be reached; the engine probes and resumes by itself. The network
   * layer's own words are in the log line (offlineBegan), not here.
   */
  offline: {
    since: string;
    /**
     * What failed, as a code the window words in its own language: the system's network error
     * code ("ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT" …) or the retry reason's class; null when
     * not known.
     */
    code: string | null;
    nextProbeAt: number;
  } | null;
  /** No quota left: submissions wait, polls go on; quota is re-checked. */
  quota: {
    since: string;
    remaining: number | null;
    nextCheckAt: number;
  } | null;
  /**
   * 401: nothing is sent until the key is fixed. 403 for what the run cannot do without
   * (`permission`): no photo is sent, and tasks already sent are still followed unless reading
   * them is what is denied.
   */
  auth: {
    kind: 'key_rejected' | 'permission_denied';
    message: string;
    permission: Permission | null;
  } | null;
  /** A setting the service refuses (e.g. foreign-meter business disabled). */
  settings: { message: string } | null;
  /**
   * The service asks to wait (a 5xx with Retry-After: maintenance, overload). Every request waits
   * until `retryAt`, then one goes at a time until an answer is not a hold; no photo fails for it.
   * `serviceSays` is the service's own message ('' when it sent none).
   */
  service: { since: string; retryAt: number; serviceSays: string } | null;
}

export interface QuotaInfo {
  /**
   * Readings left in every pool that applies (common/quota-pools.ts): the service's own
   * `remaining` may count the daily pool only.
   */
  remaining: number | null;
  dailyLimit: number | null;
  used: number | null;
  dayTag: string | null;
  isUnlimited: boolean;
  checkedAt: string;
  /** 'free', 'paid', or what the service says (spec 2.3 shows only 'free'). */
  accountType: string | null;
  /** Package pools a paid account spends before the daily quota (spec 8.4.3). */
  monthlyRemaining: number | null;
  monthlyBonusRemaining: number | null;
  fixedRemaining: number | null;
  /** When the nearest package quota expires (ISO 8601), or null when nothing expires. */
  nearestExpireAt: string | null;
}

/** The endpoints a key's scopes may allow or deny, one by one (spec 5.3, 5.5). */
export type Permission =
  'quota' | 'ai_status' | 'create_task' | 'create_batch' | 'get_task' | 'list_tasks' | 'get_batch';

/** What this deployment accepts, as learned from its answers (the spec leaves it open). */
export interface DeploymentView {
  /** The service's own namespace (its default business), from AI status; null until known. */
  namespace: string | null;
  /** Why batches are not used now (CAD, refused, not permitted), or null when they are. */
  batchesUnavailable: string | null;
  batchMaxFiles: number;
  /** The `limit` list polls ask for; null while list polling is not usable. */
  listLimit: number | null;
  /** What the key may not do, with the service's words, while that holds. */
  denied: Partial<Record<Permission, string>>;
}

export interface AiInfo {
  isOnline: boolean;
  busy: boolean;
  queueCount: number | null;
  publicStatus: string;
  currentAiVersion: string | null;
  acceptsNewTasks: boolean;
  checkedAt: string;
}

export interface EngineStatus {
  running: boolean;
  paused: boolean;
  holds: EngineHolds;
  counts: StateCounts;
  quota: QuotaInfo | null;
  ai: AiInfo | null;
  deployment: DeploymentView;
  /** More photos wait than quota is left (common/quota-warning.ts); copies of a read photo are free. */
  quotaWarning: QuotaWarning | null;
  /**
   * The photo checker could not be loaded (what its loader said): photos are sent unchecked and
   * no codes are read. null while it works or the checks are off by choice.
   */
  checkerUnavailable: string | null;
  /**
   * Photos whose codes the photo checks still have to read (issue 34): the run is not finished
   * while there are any, even with every upload final. 0 when the checks are off or stopped.
   */
  codesBeingRead: number;
}

/** How many distinct reasons an add report names; the rest are counted by kind. */
export const MAX_ADD_REASONS = 8;

/** What adding folders and files did, shown at once to the person who dropped them. */
export interface AddSummary {
  /** New photos queued for reading. */
  queued: number;
  /** New photos whose identical content was already read: answered without an upload. */
  reused: number;
  /** Files already in the list (same path), left as they are. */
  known: number;
  rejected: number;
  rejectedByKind: Partial<Record<FailureKind, number>>;
  /**
   * The precise reasons of the files not sent ("a truncated JPEG", "HEIC images are not
   * accepted"), most common first, at most MAX_ADD_REASONS; a file whose reason did not fit is
   * counted under its kind only.
   */
  rejectedReasons: { kind: FailureKind; reason: JobMessage; n: number }[];
  /** Paths that could not be added at all (missing, not a file or folder). */
  missing: { path: string; reason: JobMessage }[];
  rootIds: number[];
  /**
   * Readings left today as the engine read them right after adding (null: unlimited, not
   * permitted or unknown); absent where no engine answered (the CLI's own adds).
   */
  quotaRemaining?: number | null;
}

/** No hold: everything may be sent. A fresh object each time. */
export function noHolds(): EngineHolds {
  return { offline: null, quota: null, auth: null, settings: null, service: null };
}

/** What is known of a deployment before any answer: nothing learned, nothing denied. */
export function unknownDeployment(): DeploymentView {
  return {
    namespace: null,
    batchesUnavailable: null,
    batchMaxFiles: MAX_BATCH_FILES,
    listLimit: null,
    denied: {},
  };
}

/** The status of a queue no engine is running on. */
export function idleStatus(counts: StateCounts, paused = false): EngineStatus {
  return {
    running: false,
    paused,
    holds: noHolds(),
    counts,
    quota: null,
    ai: null,
    deployment: unknownDeployment(),
    quotaWarning: null,
    checkerUnavailable: null,
    codesBeingRead: 0,
  };
}
