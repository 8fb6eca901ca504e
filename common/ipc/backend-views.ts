// What the main process and the backend process hand each other besides the window's views: the
// OS services main provides (notifications, the taskbar, safeStorage) and the photo lookup.
// Plain data only (structured-clone safe); the calls that carry them are in backend-contract.ts.

export interface SafeStorageInfo {
  /** Whether Electron's safeStorage can encrypt at all. */
  readonly available: boolean;
  /**
   * Linux: safeStorage.getSelectedStorageBackend() ('gnome_libsecret', 'kwallet5', 'basic_text',
   * ...); macOS and Windows: the platform's own protection ('macOS Keychain', 'DPAPI').
   */
  readonly backend: string;
}

export const NOTICE_KINDS = [
  'finished',
  'key_rejected',
  'permission_denied',
  'quota_exhausted',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface DesktopNotice {
  readonly kind: NoticeKind;
  readonly title: string;
  readonly body: string;
}

export interface ProgressState {
  /** 0..1 while a run is going; null: no progress bar. */
  readonly fraction: number | null;
  /** Readings that need a person (review); 0 clears the badge. */
  readonly badge: number;
}

/** The file behind a photo address, for a job the queue knows and can show. */
export interface PhotoFile {
  readonly path: string;
}

/** A CSV the backend wrote to the file main's save dialog chose. */
export interface CsvWritten {
  readonly path: string;
  readonly rows: number;
}
