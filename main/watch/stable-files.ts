// A photo arriving in a watched folder is often still being written: a phone's sync client, a copy
// from a card or a share fills it over seconds. Read then, a good photo would be judged truncated.
// So a file is handed on only once two looks at least `stableMs` apart saw the same size and
// modification time; every change (an event or a look that differs) starts its quiet period anew.
// Events are only hints: over network shares they may be missing or late, the looks decide.
import { sep } from 'node:path';
import { Timer, type Clock } from '../time/clock';

export interface FileLook {
  readonly size: number;
  readonly mtimeMs: number;
}

/** Size and modification time of a file, or null when it is gone (or not a file any more). */
export type LookAt = (path: string) => Promise<FileLook | null>;

export interface StableFilesOptions {
  readonly clock: Clock;
  /** How long a file must stay unchanged before it is handed on. */
  readonly stableMs: number;
  /** Between looks at files still waiting; default stableMs / 2, at most 1 s. */
  readonly lookEveryMs?: number;
  readonly lookAt: LookAt;
  /** Files that have just become stable, in the order they arrived. */
  readonly onStable: (paths: readonly string[]) => void;
}

interface Waiting {
  look: FileLook | null;
  /** When the file was last seen to change (or first seen). */
  since: number;
}

const LOOKS_AT_ONCE = 64;

export class StableFiles {
  private readonly waiting = new Map<string, Waiting>();
  private readonly timer: Timer;
  private looking = false;
  private closed = false;

  /** Read through a method: close() may run while this object awaits. */
  private isOpen(): boolean {
    return !this.closed;
  }

  constructor(private readonly options: StableFilesOptions) {
    this.timer = new Timer(options.clock, () => {
      void this.lookAgain();
    });
  }

  private get lookEveryMs(): number {
    return this.options.lookEveryMs ?? Math.max(1, Math.min(1_000, this.options.stableMs / 2));
  }

  /** A file appeared or changed: its quiet period starts now. */
  seen(path: string): void {
    if (this.closed) return;
    this.waiting.set(path, { look: null, since: this.options.clock.now() });
    this.timer.ensure(this.lookEveryMs);
  }

  /** A file went away (deleted, renamed away): nothing to hand on. */
  forget(path: string): void {
    this.waiting.delete(path);
  }

  /** Forgets every file under `folder` (the folder went away). */
  forgetUnder(folder: string): void {
    const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`;
    for (const path of [...this.waiting.keys()]) {
      if (path === folder || path.startsWith(prefix)) this.waiting.delete(path);
    }
  }

  /** Files seen and not yet handed on. */
  get pending(): number {
    return this.waiting.size;
  }

  close(): void {
    this.closed = true;
    this.timer.clear();
    this.waiting.clear();
  }

  private async lookAgain(): Promise<void> {
    if (this.looking || this.closed) return;
    this.looking = true;
    try {
      const stable = await this.lookAtAll();
      if (stable.length > 0 && this.isOpen()) this.options.onStable(stable);
    } finally {
      this.looking = false;
      if (this.waiting.size > 0 && this.isOpen()) this.timer.ensure(this.lookEveryMs);
    }
  }

  private async lookAtAll(): Promise<string[]> {
    const stable: string[] = [];
    const paths = [...this.waiting.keys()];
    for (let i = 0; i < paths.length; i += LOOKS_AT_ONCE) {
      const group = paths.slice(i, i + LOOKS_AT_ONCE);
      const looks = await Promise.all(group.map((p) => this.options.lookAt(p)));
      // Looked at when the looks were taken: a change noticed now started at the latest then.
      const now = this.options.clock.now();
      group.forEach((path, k) => {
        const entry = this.waiting.get(path);
        if (!entry || this.closed) return;
        const look = looks[k] ?? null;
        if (look === null) {
          this.waiting.delete(path);
        } else if (entry.look === null || !sameLook(entry.look, look)) {
          // First look, or it changed since: the quiet period starts again.
          entry.look = look;
          entry.since = now;
        } else if (now - entry.since >= this.options.stableMs) {
          this.waiting.delete(path);
          stable.push(path);
        }
      });
    }
    return stable;
  }
}

function sameLook(a: FileLook, b: FileLook): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs;
}
