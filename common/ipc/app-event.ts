import type { LogEntry } from '../engine-messages';
import type { EngineStatus } from '../engine-status';
import type { JobRecord } from '../job-record';
import type { OfficeHandoverAsk } from './office-review-views';
import type { OfficeStatus } from './office-views';

/**
 * One push to the window. Engine events are coalesced (about ten pushes a second at most); each
 * push carries everything that changed since the previous one, so a window that applies them in
 * order stays exact.
 */
export interface AppEvent {
  /** Increases by one per push; compare with Snapshot.eventSeq. */
  readonly seq: number;
  /** The latest engine status, when it changed. */
  readonly status: EngineStatus | null;
  /** Rows that changed, as they are now. */
  readonly jobs: readonly JobRecord[];
  readonly removedJobIds: readonly number[];
  /** More rows changed than one push carries: reload what is on screen instead. */
  readonly jobsOverflow: boolean;
  /** Log lines: retries, fallbacks, pauses, each with its code when it has one. Never an API key. */
  readonly log: readonly LogEntry[];
  /** Settings, the key, the service or the added folders changed: ask for a fresh snapshot. */
  readonly appChanged: boolean;
  /**
   * Present when the office's state changed since the last push: the desk's link to its office,
   * or null when no office is in use now (Snapshot.office).
   */
  readonly office?: OfficeStatus | null;
  /**
   * Present when another desk changed meters in the office (review leases, decisions, readings):
   * the window reads those meters' office view again; `resync`: the desk may have missed changes
   * (its live connection was lost), so everything office on screen is read again.
   */
  readonly officeChange?: { readonly meterNumbers: readonly string[]; readonly resync: boolean };
  /** Present when other clerks asked this window's clerk to hand meters over (the newest each). */
  readonly officeHandoverAsks?: readonly OfficeHandoverAsk[];
}

/**
 * A push that only says "ask again": main's own (an update's progress, a restarted backend), not
 * the backend's event hub, so it carries no sequence number (0).
 */
export function appChangedEvent(log: readonly LogEntry[] = []): AppEvent {
  return {
    seq: 0,
    status: null,
    jobs: [],
    removedJobIds: [],
    jobsOverflow: false,
    log,
    appChanged: true,
  };
}
