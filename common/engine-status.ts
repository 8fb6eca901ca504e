import type { FailureKind } from './job';
import type { StateCounts } from './job-record';

/** Why the engine is not sending photos right now; several can hold at once. */
export interface EngineBlocks {
  /** The service could not be reached; the engine probes and resumes by itself. */
  offline: { since: string; reason: string; nextProbeAt: number } | null;
  /** No quota left: submissions wait, polls go on; quota is re-checked. */
  quota: {
    since: string;
    remaining: number | null;
    summaryText: string;
    nextCheckAt: number;
  } | null;
  /** 401/403: nothing is sent until the key or its permissions are fixed. */
  auth: { kind: 'key_rejected' | 'permission_denied'; message: string } | null;
  /** A setting the service refuses (e.g. foreign-meter business disabled). */
  settings: { message: string } | null;
}

export interface QuotaInfo {
  remaining: number | null;
  dailyLimit: number | null;
  used: number | null;
  dayTag: string | null;
  isUnlimited: boolean;
  summaryText: string;
  checkedAt: string;
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
  blocks: EngineBlocks;
  counts: StateCounts;
  quota: QuotaInfo | null;
  ai: AiInfo | null;
  batchesSupported: boolean | null;
  /** Warning from the pre-flight: more photos queued than quota left (cached ones are free). */
  quotaWarning: string | null;
}

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
  /** Paths that could not be added at all (missing, not a file or folder). */
  missing: { path: string; reason: string }[];
  rootIds: number[];
}
