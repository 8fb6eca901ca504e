// Automatic updates for offices that install once and forget: with a feed configured
// (update-feed.ts) electron-updater asks it shortly after start and then daily, downloads a newer
// version in the background and installs it when MeterDesk quits; without one nothing is asked.
// This class drives an updater given to it and keeps what the window shows (UpdateView); the
// Electron shell hands it electron-updater's autoUpdater (main/shell/auto-update.ts), the tests a
// real electron-updater against a local feed.
import type { UpdateHold, UpdatePhase, UpdateView } from '../../common/ipc/update-view';
import type { UpdateFeed } from './update-feed';
import { HOLD_ENGLISH } from './update-policy';

/** The part of electron-updater's AppUpdater this uses. */
export interface UpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  /**
   * Differential downloads fetch byte ranges through an HTTP client of their own that follows
   * redirects past the https-only guard (update-guard.ts): always off, whole files only.
   */
  disableDifferentialDownload: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  /** Resolves once the feed answered; the download it starts goes on in `downloadPromise`. */
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(
    event: 'update-available' | 'update-not-available' | 'update-downloaded',
    listener: (info: { version: string }) => void,
  ): unknown;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface UpdateServiceOptions {
  readonly currentVersion: string;
  readonly feed: UpdateFeed;
  /** null: no updater can run here (an unpackaged app); updates stay off with `offReason`. */
  readonly updater: UpdaterPort | null;
  readonly offReason?: string;
  /** Off for this kind of installation although a feed is named (update-policy.ts). */
  readonly held?: UpdateHold | null;
  readonly onChange?: (view: UpdateView) => void;
  readonly log?: (line: string) => void;
  /** After start, before the first check (the window and engine come first). Default 10 s. */
  readonly firstCheckMs?: number;
  /** Between checks. Default one day. */
  readonly intervalMs?: number;
  readonly now?: () => number;
}

export class UpdateService {
  private state: UpdateView;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly now: () => number;

  constructor(private readonly options: UpdateServiceOptions) {
    this.now = options.now ?? Date.now;
    const { feed, updater } = options;
    const held = feed.kind === 'feed' ? (options.held ?? null) : null;
    const off =
      feed.kind === 'off'
        ? feed.why
        : feed.kind === 'invalid'
          ? feed.problem
          : held
            ? HOLD_ENGLISH[held]
            : updater
              ? null
              : (options.offReason ??
                'Automatic updates are not available in this copy of MeterDesk.');
    this.state = {
      ...(held && { held }),
      currentVersion: options.currentVersion,
      phase: off === null ? 'idle' : 'off',
      feedHost: feed.kind === 'feed' && off === null ? new URL(feed.url).host : null,
      newVersion: null,
      percent: null,
      detail: off,
      checkedAt: null,
    };
  }

  view(): UpdateView {
    return this.state;
  }

  /** Points the updater at the feed and schedules the checks; nothing when updates are off. */
  start(): void {
    const { feed, updater } = this.options;
    if (this.state.phase === 'off' || feed.kind !== 'feed' || !updater) {
      this.log(this.state.detail ?? 'Automatic updates are off.');
      return;
    }
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    updater.disableDifferentialDownload = true;
    updater.setFeedURL({ provider: 'generic', url: feed.url });
    updater.on('checking-for-update', () => {
      if (this.state.phase !== 'ready') this.set('checking');
    });
    updater.on('update-not-available', () => {
      if (this.state.phase !== 'ready')
        this.set('idle', { newVersion: null, checkedAt: this.now() });
    });
    updater.on('update-available', (info) => {
      this.log(`update ${info.version} found; downloading it in the background`);
      this.set('downloading', { newVersion: info.version, percent: 0, checkedAt: this.now() });
    });
    updater.on('download-progress', (progress) => {
      if (this.state.phase === 'downloading') {
        this.set('downloading', {
          percent: Math.max(0, Math.min(100, Math.round(progress.percent))),
        });
      }
    });
    updater.on('update-downloaded', (info) => {
      this.log(`update ${info.version} downloaded; it is installed when MeterDesk quits`);
      this.set('ready', { newVersion: info.version, percent: 100 });
    });
    updater.on('error', (error) => {
      this.log(`update check failed: ${error.message}`);
      // A downloaded update still installs on quit; a later failed check does not undo that.
      if (this.state.phase !== 'ready') {
        this.set('failed', {
          detail: firstLine(error.message),
          percent: null,
          checkedAt: this.now(),
        });
      }
    });
    this.timers.push(
      setTimeout(() => void this.checkNow(), this.options.firstCheckMs ?? 10_000),
      setInterval(() => void this.checkNow(), this.options.intervalMs ?? DAY_MS),
    );
    // Timers must not keep a quitting app alive.
    for (const timer of this.timers) timer.unref();
  }

  /** Asks the feed now; failures end up in the view ('failed'), never thrown. */
  async checkNow(): Promise<void> {
    if (this.state.phase === 'off' || !this.options.updater) return;
    // Failures of the check and of the background download reach the view through the updater's
    // 'error' event; the promises are only kept from becoming unhandled rejections.
    try {
      const result = await this.options.updater.checkForUpdates();
      result?.downloadPromise?.catch(() => undefined);
    } catch {
      // Reported through 'error'.
    }
  }

  stop(): void {
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
  }

  private set(phase: UpdatePhase, change: Partial<Omit<UpdateView, 'phase'>> = {}): void {
    this.state = { ...this.state, detail: null, ...change, phase };
    this.options.onChange?.(this.state);
  }

  private log(line: string): void {
    this.options.log?.(line);
  }
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? text).slice(0, 300);
}
