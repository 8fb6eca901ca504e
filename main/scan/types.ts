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
    | { kind: 'rejected'; failureKind: FailureKind; reason: string };
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
}
