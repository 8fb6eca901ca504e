// What the backend needs from the desktop around it. In the app, the Electron main process
// implements it (dialogs, the file manager, notifications, the taskbar, safeStorage) and the
// backend reaches it over the utility-process port; in tests and the in-process bridge a plain-Node
// implementation stands in for the person clicking the dialogs.

export interface SafeStorageInfo {
  /** Whether Electron's safeStorage can encrypt at all. */
  readonly available: boolean;
  /**
   * Linux: safeStorage.getSelectedStorageBackend() ('gnome_libsecret', 'kwallet5', 'basic_text',
   * ...); macOS and Windows: the platform's own protection ('macOS Keychain', 'DPAPI').
   */
  readonly backend: string;
}

export type NoticeKind = 'finished' | 'key_rejected' | 'permission_denied' | 'quota_exhausted';

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

export interface OsPort {
  /** The save dialog; null when canceled. */
  chooseSaveFile(defaultName: string): Promise<string | null>;
  /** The open dialog for folders (several allowed); null when canceled. */
  chooseFolders(): Promise<string[] | null>;
  /** Opens the file manager with this file or folder selected. */
  showItemInFolder(path: string): Promise<void>;
  notify(notice: DesktopNotice): Promise<void>;
  setProgress(progress: ProgressState): Promise<void>;
  safeStorageInfo(): Promise<SafeStorageInfo>;
  /** Electron safeStorage: plain text in, base64 of the encrypted bytes out. */
  encryptString(plain: string): Promise<string>;
  decryptString(base64: string): Promise<string>;
}
