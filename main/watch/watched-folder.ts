// One watched folder: its file events feed the stability check, and a look at the folder itself
// every few seconds notices when it goes away (card pulled, share offline) and when it comes back.
// Gone, its watcher is closed and its waiting files forgotten; back, it is watched afresh, which
// reports every file in it again: those already in the queue are known there (by path, and by
// content through the queue's SHA-256), so nothing is read twice.
import { stat } from 'node:fs/promises';
import {
  jobMessage,
  quotedMessage,
  sameJobMessage,
  type JobMessage,
} from '../../common/job-messages';
import type { WatchFolderView } from '../../common/ipc/views';
import { Timer, type Clock } from '../time/clock';
import type { FileEvents, OpenFileEvents } from './file-events';
import { StableFiles, type LookAt } from './stable-files';

/** Null when the folder can be watched, else why not, as a coded message (job-messages.ts). */
export type ProbeFolder = (folder: string) => Promise<JobMessage | null>;

export const probeFolder: ProbeFolder = async (folder) => {
  try {
    const st = await stat(folder);
    return st.isDirectory() ? null : jobMessage('watchNotAFolder', {});
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return jobMessage('watchGone', {});
    if (code === 'EACCES' || code === 'EPERM') return jobMessage('watchPermissionDenied', {});
    return jobMessage('watchUnreadable', { code: code ?? String(error) });
  }
};

const detailOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export const lookAtFile: LookAt = async (path) => {
  try {
    const st = await stat(path);
    return st.isFile() ? { size: st.size, mtimeMs: st.mtimeMs } : null;
  } catch {
    return null;
  }
};

export interface WatchedFolderOptions {
  readonly clock: Clock;
  readonly stableMs: number;
  readonly checkEveryMs: number;
  readonly openEvents: OpenFileEvents;
  readonly lookAt: LookAt;
  readonly probe: ProbeFolder;
  readonly onStable: (folder: string, paths: readonly string[]) => void;
  readonly onChange: () => void;
}

export class WatchedFolder {
  private state: WatchFolderView['state'] = 'starting';
  private problem: JobMessage | null = null;
  private events: FileEvents | null = null;
  private added = 0;
  private closed = false;

  /** Read through a method: close() may run while this object awaits. */
  private isOpen(): boolean {
    return !this.closed;
  }
  private checking = false;
  private readonly files: StableFiles;
  private readonly check: Timer;

  constructor(
    readonly folder: string,
    private readonly options: WatchedFolderOptions,
  ) {
    this.files = new StableFiles({
      clock: options.clock,
      stableMs: options.stableMs,
      lookAt: options.lookAt,
      onStable: (paths) => {
        options.onStable(folder, paths);
      },
    });
    this.check = new Timer(options.clock, () => {
      void this.checkFolder();
    });
    void this.checkFolder();
  }

  view(): WatchFolderView {
    return {
      path: this.folder,
      state: this.state,
      problem: this.problem,
      added: this.added,
      waiting: this.files.pending,
    };
  }

  /** Counts files the queue took as new; files it knew already are not "added". */
  countAdded(n: number): void {
    this.added += n;
    if (n > 0) this.options.onChange();
  }

  /** A file the scanner found still growing goes back to wait for quiet again. */
  lookAgain(path: string): void {
    if (this.state === 'watching') this.files.seen(path);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.check.clear();
    this.files.close();
    await this.stopEvents();
  }

  private async checkFolder(): Promise<void> {
    if (this.closed || this.checking) return;
    this.checking = true;
    try {
      const problem = await this.options.probe(this.folder);
      if (!this.isOpen()) return;
      if (problem === null && this.state !== 'watching' && this.events === null) {
        this.startEvents();
      } else if (problem !== null && this.state !== 'unavailable') await this.lose(problem);
      else if (problem !== null && !sameJobMessage(problem, this.problem)) {
        this.problem = problem;
        this.options.onChange();
      }
    } finally {
      this.checking = false;
      if (this.isOpen()) this.check.ensure(this.options.checkEveryMs);
    }
  }

  private startEvents(): void {
    let events: FileEvents;
    try {
      events = this.openEvents();
    } catch (error) {
      // Not watching yet: the next look at the folder tries again, and the clerk sees why.
      this.state = 'unavailable';
      this.problem = jobMessage('watchUnwatchable', { detail: detailOf(error) });
      this.options.onChange();
      return;
    }
    this.events = events;
    // "Watching" only once a file that arrives now is sure to be reported: a clerk (or a test)
    // who copies a photo in on seeing it must never lose it.
    void events.ready.then(() => {
      if (!this.isOpen() || this.events !== events) return;
      this.state = 'watching';
      this.problem = null;
      this.options.onChange();
    });
  }

  private openEvents(): FileEvents {
    return this.options.openEvents(this.folder, {
      touched: (path) => {
        this.files.seen(path);
      },
      removed: (path) => {
        this.files.forget(path);
      },
      failed: (error) => {
        // The watcher's own words (chokidar's, the system's), quoted.
        this.problem = quotedMessage(error.message);
        this.options.onChange();
      },
    });
  }

  private async lose(problem: JobMessage): Promise<void> {
    this.state = 'unavailable';
    this.problem = problem;
    this.files.forgetUnder(this.folder);
    this.options.onChange();
    await this.stopEvents();
  }

  private async stopEvents(): Promise<void> {
    const events = this.events;
    this.events = null;
    await events?.close().catch(() => undefined);
  }
}
