// Where a watched folder's file events come from: chokidar (inotify, FSEvents, ReadDirectoryChangesW
// under it). Behind this small interface so the watch logic is tested with events a test makes.
import { watch } from 'chokidar';
import { realpathSync } from 'node:fs';
import { basename, relative, sep } from 'node:path';
import { isSkippedFile, isSkippedFolder } from '../scan';
import { fileSystemTypeOf, isNetworkFileSystem } from './file-system-type';

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
  return isNetworkFileSystem(
    mountinfo === undefined ? fileSystemTypeOf(real) : fileSystemTypeOf(real, mountinfo),
  );
}

export interface FileEventHandlers {
  /** A file appeared (also every file already there when watching starts) or changed. */
  readonly touched: (path: string) => void;
  readonly removed: (path: string) => void;
  readonly failed: (error: Error) => void;
}

export interface FileEvents {
  /** Resolves once the files already in the folder have been reported. */
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
  });
  return { ready, close: () => watcher.close() };
};
