// A real folder watched into a real queue file: what the app and the CLI do, without the engine.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { AddSummary } from '../../common/engine-status';
import { addPaths } from '../../main/engine/add-paths';
import { openStore, type Store } from '../../main/store/store';
import { systemClock } from '../../main/time/clock';
import { FolderWatcher, intakeOf } from '../../main/watch';

/** A small file the scanner accepts as a complete JPEG; `n` makes its content unique. */
export function jpeg(n: number, bodyBytes = 2_000): Buffer {
  const body = Buffer.alloc(bodyBytes, n % 251);
  body.writeUInt32BE(n, 0);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]),
    body,
    Buffer.from([0xff, 0xd9]),
  ]);
}

export interface Taken {
  readonly path: string;
  /** The file's size when the queue read it. */
  readonly sizeWhenTaken: number;
}

export interface WatchedQueue {
  readonly store: Store;
  readonly watcher: FolderWatcher;
  /** Every file handed to the queue, in order. */
  readonly taken: Taken[];
  /** What each add reported. */
  readonly summaries: AddSummary[];
  close(): Promise<void>;
}

export function watchInto(
  dbFile: string,
  folders: readonly string[],
  timings: { stableMs: number; checkEveryMs?: number },
): WatchedQueue {
  const store = openStore(dbFile);
  const taken: Taken[] = [];
  const summaries: AddSummary[] = [];
  const watcher = new FolderWatcher({
    clock: systemClock,
    stableMs: timings.stableMs,
    checkEveryMs: timings.checkEveryMs ?? 200,
    intake: async (folder, paths) => {
      for (const path of paths) {
        let sizeWhenTaken = -1;
        try {
          sizeWhenTaken = statSync(path).size;
        } catch {
          // gone meanwhile: the scanner reports it missing
        }
        taken.push({ path, sizeWhenTaken });
      }
      const summary = await addPaths(store, paths, { under: folder });
      summaries.push(summary);
      return intakeOf(summary);
    },
  });
  void watcher.setFolders(folders);
  return {
    store,
    watcher,
    taken,
    summaries,
    close: async () => {
      await watcher.close();
      store.close();
    },
  };
}

/** Polls until `ready` holds; the test's own timeout is the limit (no timed assertion). */
/**
 * Waits until `ready()`, looking every `everyMs`; after `withinMs` it fails with what `seen()`
 * says, so a wait that runs out on a busy machine tells what the watcher had done instead of
 * ending in the test's bare timeout.
 */
export async function until(
  ready: () => boolean,
  {
    seen = () => 'nothing more is known',
    withinMs = 45_000,
    everyMs = 50,
  }: { seen?: () => string; withinMs?: number; everyMs?: number } = {},
): Promise<void> {
  const giveUpAt = Date.now() + withinMs;
  while (!ready()) {
    if (Date.now() > giveUpAt) {
      throw new Error(`still waiting after ${String(withinMs)} ms: ${seen()}`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function pathsIn(store: Store): string[] {
  return [...store.queries.iterate({ filter: 'all' })].map((j) => j.path).sort();
}

export const file = (dir: string, name: string): string => join(dir, name);
