// The watched folders together: which are watched, and one intake at a time into the queue. The
// intake (the engine's addPaths in the app and the CLI) gets each folder's stable files in batches;
// files arriving while it works are gathered into the next batch, so 5,000 photos landing at once
// become a few large adds rather than 5,000 small ones.
import { resolve } from 'node:path';
import type { WatchFolderView } from '../../common/ipc/views';
import type { Clock } from '../time/clock';
import { chokidarEvents, type OpenFileEvents } from './file-events';
import type { LookAt } from './stable-files';
import { lookAtFile, probeFolder, WatchedFolder, type ProbeFolder } from './watched-folder';

export const DEFAULT_STABLE_MS = 3_000;
export const DEFAULT_CHECK_EVERY_MS = 2_000;

export interface IntakeResult {
  /** Files the queue took as new (known ones are not counted). */
  readonly added: number;
  /** Files the scanner found still being written: they wait for quiet again. */
  readonly growing: readonly string[];
}

export type Intake = (folder: string, paths: readonly string[]) => Promise<IntakeResult>;

export interface FolderWatcherOptions {
  readonly clock: Clock;
  readonly intake: Intake;
  /** A file must stay unchanged this long before it is added; default 3 s. */
  readonly stableMs?: number;
  /** How often each folder is looked at to notice it gone or back; default 2 s. */
  readonly checkEveryMs?: number;
  /** Any folder's view changed (state, counts). */
  readonly onChange?: () => void;
  /** An intake failed; the files are not retried until they change or the folder is watched afresh. */
  readonly onError?: (folder: string, error: unknown) => void;
  readonly openEvents?: OpenFileEvents;
  readonly lookAt?: LookAt;
  readonly probe?: ProbeFolder;
}

export class FolderWatcher {
  private readonly folders = new Map<string, WatchedFolder>();
  private readonly batches = new Map<string, Set<string>>();
  private draining: Promise<void> | null = null;

  constructor(private readonly options: FolderWatcherOptions) {}

  /** Watches exactly these folders from now on (absolute paths; duplicates merged). */
  async setFolders(folders: readonly string[]): Promise<void> {
    const wanted = new Set(folders.map((f) => resolve(f)));
    for (const [path, folder] of [...this.folders]) {
      if (wanted.has(path)) continue;
      this.folders.delete(path);
      this.batches.delete(path);
      await folder.close();
    }
    for (const path of wanted) {
      if (!this.folders.has(path)) this.folders.set(path, this.open(path));
    }
    this.changed();
  }

  status(): WatchFolderView[] {
    return [...this.folders.values()].map((f) => f.view());
  }

  /** Resolves once every batch handed on so far has been taken in. */
  async drained(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async close(): Promise<void> {
    const all = [...this.folders.values()];
    this.folders.clear();
    this.batches.clear();
    await Promise.all(all.map((f) => f.close()));
    await this.drained();
  }

  private open(path: string): WatchedFolder {
    return new WatchedFolder(path, {
      clock: this.options.clock,
      stableMs: this.options.stableMs ?? DEFAULT_STABLE_MS,
      checkEveryMs: this.options.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS,
      openEvents: this.options.openEvents ?? chokidarEvents,
      lookAt: this.options.lookAt ?? lookAtFile,
      probe: this.options.probe ?? probeFolder,
      onStable: (folder, paths) => {
        this.handOn(folder, paths);
      },
      onChange: () => {
        this.changed();
      },
    });
  }

  private handOn(folder: string, paths: readonly string[]): void {
    const batch = this.batches.get(folder) ?? new Set<string>();
    for (const p of paths) batch.add(p);
    this.batches.set(folder, batch);
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const next = this.batches.entries().next();
      if (next.done) return;
      const [folder, batch] = next.value;
      this.batches.delete(folder);
      try {
        const result = await this.options.intake(folder, [...batch]);
        const watched = this.folders.get(folder);
        watched?.countAdded(result.added);
        for (const path of result.growing) watched?.lookAgain(path);
      } catch (error) {
        this.options.onError?.(folder, error);
      }
      this.changed();
    }
  }

  private changed(): void {
    this.options.onChange?.();
  }
}
