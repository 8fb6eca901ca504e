import type { JobMessage } from '../../common/job-messages';
import type { FailureKind } from '../../common/job';
import type { ImageFormat } from './sniff';

export interface ScannedFile {
  /** Absolute path. */
  path: string;
  /** The folder or file the user added, as given after path.resolve (not a real path). */
  rootPath: string;
  /** Relative to rootPath with '/' separators; for a file root, its base name. */
  relPath: string;
  size: number;
  mtimeMs: number;
  outcome:
    | { kind: 'accepted'; sha256: string; format: ImageFormat }
    | { kind: 'rejected'; failureKind: FailureKind; reason: JobMessage }
    // Still being written (a copy from a card or a share not finished) after the scanner waited:
    // not judged at all, so adding the folder again later reads it (settle.ts).
    | { kind: 'growing'; reason: JobMessage };
}

export interface ScanProgress {
  /** Entries found so far (files and reported folders), including ones still being checked. */
  seen: number;
  accepted: number;
  rejected: number;
}

export interface ScanOptions {
  signal?: AbortSignal;
  /** Largest accepted file; default MAX_FILE_BYTES (20 MiB). */
  maxFileBytes?: number;
  /** Files checked and hashed at once; default 4. */
  hashConcurrency?: number;
  onProgress?: (progress: ScanProgress) => void;
  /** A file changed within this long looks incomplete only because it may still be copying. Default 10 s. */
  recentMs?: number;
  /** Between looks at a file that may still be growing. Default 1 s. */
  settleMs?: number;
  /** The longest the scan waits for such files before it reports them as growing. Default 30 s. */
  maxSettleMs?: number;
  /** How the scanner waits (tests let the "copier" write more while it waits). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}
