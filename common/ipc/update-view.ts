// What the window is told about automatic updates (getUpdateStatus). The main process owns it:
// electron-updater runs there (docs/architecture.md, "Updates").

export type UpdatePhase = 'off' | 'idle' | 'checking' | 'downloading' | 'ready' | 'failed';

/**
 * Why updates are off although a feed is named (main/desktop/update-policy.ts): an ad-hoc signed
 * macOS build (Squirrel.Mac refuses it), or a deb the package manager updates.
 */
export type UpdateHold = 'unsigned-mac' | 'package-manager';

export interface UpdateView {
  /** The running version. */
  readonly currentVersion: string;
  readonly phase: UpdatePhase;
  /** The feed's host (e.g. "updates.example.org"); null when updates are off. */
  readonly feedHost: string | null;
  /** The version being downloaded, or downloaded and installed when MeterDesk quits. */
  readonly newVersion: string | null;
  /** 0..100 while downloading. */
  readonly percent: number | null;
  /** Why updates are off, or what went wrong, in plain words. */
  readonly detail: string | null;
  /** Off for this kind of installation: the window says so in its update line. */
  readonly held?: UpdateHold;
  /** When the feed last answered or failed (ms since the epoch). */
  readonly checkedAt: number | null;
}
