// Where a watched folder's file events come from: chokidar (inotify, FSEvents, ReadDirectoryChangesW
// under it). Behind this small interface so the watch logic is tested with events a test makes.
import { watch } from 'chokidar';
import { realpathSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { isSkippedFile, isSkippedFolder } from '../scan';
import { isOnNetworkShare } from './file-system-type';

/** Between looks at a polled share's files (chokidar's default for binary files is 0.3 s). */
export const SHARE_POLL_MS = 2_000;

/**
 * A network share is polled: its server does not tell this machine's change notifications about
 * files the readers' phones or other machines write there.
 */
export function pollsFolder(folder: string, mountinfo?: string | null): boolean {
  let real = folder;
  try {
    real = realpathSync(folder);
  } catch {
    // not there now: judged by its name
  }
  // A given mount table is Linux's (tests); otherwise this system's own tables.
  return mountinfo === undefined
    ? isOnNetworkShare(real)
    : isOnNetworkShare(real, { platform: 'linux', mountinfo });
}

export interface FileEventHandlers {
  /** A file appeared (also every file already there when watching starts) or changed. */
  readonly touched: (path: string) => void;
  readonly removed: (path: string) => void;
  readonly failed: (error: Error) => void;
}

export interface FileEvents {
  /**
   * Resolves once the folder is watched and the files already in it have been reported: a file
   * that arrives after it is sure to be reported.
   */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export type OpenFileEvents = (folder: string, handlers: FileEventHandlers) => FileEvents;

/** Hidden files and OS litter are never photos (main/scan/junk.ts); a folder's own name counts. */
export function isIgnored(folder: string, path: string, isFile: boolean | null): boolean {
  const rel = relative(folder, path);
  if (rel === '' || rel.startsWith('..')) return false;
  const parts = rel.split(sep);
  const name = basename(path);
  if (parts.slice(0, -1).some(isSkippedFolder)) return true;
  if (isFile === true) return isSkippedFile(name);
  if (isFile === false) return isSkippedFolder(name);
  return isSkippedFolder(name) && isSkippedFile(name);
}

export const chokidarEvents: OpenFileEvents = (folder, handlers) => {
  const poll = pollsFolder(folder);
  const watcher = watch(folder, {
    ignoreInitial: false,
    usePolling: poll,
    ...(poll && { interval: SHARE_POLL_MS, binaryInterval: SHARE_POLL_MS }),
    // Our own stability check decides when a file is complete (stable-files.ts).
    awaitWriteFinish: false,
    followSymlinks: false,
    ignored: (path, stats) => isIgnored(folder, path, stats ? stats.isFile() : null),
  });
  watcher.on('add', handlers.touched);
  watcher.on('change', handlers.touched);
  watcher.on('unlink', handlers.removed);
  watcher.on('error', (error) => {
    handlers.failed(error instanceof Error ? error : new Error(String(error)));
  });
  const ready = new Promise<void>((resolve) => {
    watcher.once('ready', resolve);
  }).then(() => touchEveryFile(folder, handlers));
  return { ready, close: () => watcher.close() };
};

/**
 * chokidar lists a folder before it starts watching it, so a file that arrives in between is in
 * no event, and nothing would ever read it (a card inserted while a copy to it still runs). Once
 * it watches, one more listing reports every file again; the stability check and the queue take
 * a file they know already only once.
 */
async function touchEveryFile(folder: string, handlers: FileEventHandlers): Promise<void> {
  let entries;
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch {
    return; // gone meanwhile: the folder's own look notices that
  }
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && !isIgnored(folder, path, true)) handlers.touched(path);
  }
}
