// What the desktop backend answers, as the renderer sees it. Plain data only (structured-clone
// safe), and never an API key: a key is known to the renderer only as KeyStatus.
import type { PolicyView } from '../policy';
import type { EngineMessage, LogMessage } from '../engine-messages';
import type { JobMessage } from '../job-messages';
import type { AddSummary, AiInfo, EngineStatus, QuotaInfo } from '../engine-status';
import type { AppSettings } from '../settings';
import type { JobEvent, JobRecord, RootRecord, StateCounts } from '../job-record';
import type { OfficeStatus } from './office-views';

export type ServiceKind = 'none' | 'sandbox' | 'remote';

/** The stored settings (common/settings.ts) and the data folder actually used. */
export interface SettingsView extends AppSettings {
  /** The folder actually used (dataDir, or the per-user default). */
  readonly effectiveDataDir: string;
  /** What the machine policy fixes (common/policy.ts). */
  readonly policy: PolicyView;
  /** The data folder is on a network share, where SQLite's write-ahead log is not safe. */
  readonly dataDirOnShare: boolean;
}

/** A watched folder as the window shows it. */
export interface WatchFolderView {
  readonly path: string;
  /** `unavailable`: the folder is not there now (card pulled, share offline); watched again when it returns. */
  readonly state: 'starting' | 'watching' | 'unavailable';
  /** Why it is unavailable, or what its watcher last reported; null when all is well. */
  readonly problem: JobMessage | null;
  /** Photos this folder added to the queue since MeterDesk started. */
  readonly added: number;
  /** Files seen and waiting until they stop changing. */
  readonly waiting: number;
}

export type SecretBackendKind = 'keychain' | 'encrypted_file' | 'session_only' | 'unavailable';

export interface KeyStatus {
  readonly isSet: boolean;
  /** The key's last four characters (empty for keys too short to hint at). */
  readonly hint: string;
  readonly backend: {
    readonly kind: SecretBackendKind;
    /**
     * Where the key is kept as a code (keyPlace*), worded by the window after "API key saved in";
     * null before the backend has said where.
     */
    readonly place: EngineMessage | null;
    /** Set when the key is not in the OS keychain: what happened, as a code the window words. */
    readonly warning: EngineMessage | null;
  };
}

export interface ServiceView {
  readonly kind: ServiceKind;
  /** The address the engine talks to (the sandbox's loopback address in sandbox mode). */
  readonly baseUrl: string | null;
  /** The sample-photo folder the sandbox made, to drag in. */
  readonly sampleFolder: string | null;
  /**
   * Why the engine is not running although a service is configured: a code the window words
   * (English from common/engine-messages.ts, logText).
   */
  readonly problem: LogMessage | null;
}

export interface RootSummary extends RootRecord {
  readonly counts: StateCounts;
}

/** Everything a freshly opened window needs to draw itself. */
export interface Snapshot {
  readonly appVersion: string;
  readonly service: ServiceView;
  readonly settings: SettingsView;
  readonly key: KeyStatus;
  readonly status: EngineStatus;
  readonly roots: readonly RootSummary[];
  /** The desk's link to its office; null when no office is in use (the window shows nothing). */
  readonly office: OfficeStatus | null;
  /** Events up to this sequence number are already part of this picture. */
  readonly eventSeq: number;
}

export interface JobPage {
  readonly rows: readonly JobRecord[];
  readonly total: number;
}

export interface JobDetail {
  readonly job: JobRecord;
  readonly events: readonly JobEvent[];
  readonly root: RootRecord | null;
  /** meterdesk-photo:// address of the photo; null when it cannot be shown (not an image). */
  readonly photoUrl: string | null;
  /**
   * For a byte-identical copy of a photo earlier in the list: that photo's path in its folder
   * (the copy is read once and counts once for its meter); null otherwise.
   */
  readonly copyOf: string | null;
}

export type Canceled = { readonly canceled: true };
/** The folder the person picked in the open dialog (Settings, data location). */
export type FolderChoice = Canceled | { readonly canceled: false; readonly path: string };
export type AddOutcome = Canceled | { readonly canceled: false; readonly summary: AddSummary };
export type ExportOutcome =
  Canceled | { readonly canceled: false; readonly path: string; readonly rows: number };

export interface RemoveOutcome {
  readonly removed: number;
  /** Jobs in flight at the service are left alone. */
  readonly kept: number;
}

export interface SandboxStarted {
  readonly baseUrl: string;
  readonly sampleFolder: string;
  readonly photos: number;
}

export interface ConnectionCheck {
  readonly quota: QuotaInfo;
  readonly ai: AiInfo;
  /** The address and key were stored and the engine now uses them. */
  readonly saved: boolean;
}

export type { AddSummary, AiInfo, EngineStatus, QuotaInfo };
