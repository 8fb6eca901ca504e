// Walks the dropped folders and files, streaming directory entries (fs.opendir) so a folder of
// 40,000 photos is never listed into memory at once. Only the folders still to visit and the
// identities of folders already visited are kept.
//
// Symbolic links are followed (people organise photos with them), and every folder is entered
// at most once, keyed by device and inode of its real location: a link back up the tree, a
// link to a folder seen elsewhere, or a folder added twice (or inside another dropped folder)
// is passed over silently, so each file is reported once.
//
// A folder that cannot be listed (permission denied, a broken network share, deleted during
// the scan) is reported as one rejected entry whose path is the folder itself: its files are
// unknown, but the user must learn that they were not scanned.
import { jobMessage, type JobMessage } from '../../common/job-messages';
import type { Dir, Dirent } from 'node:fs';
import { lstat, opendir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FailureKind } from '../../common/job';
import { errnoCode, fileProblem, folderProblem, type Problem } from './errors';
import { isSkippedFile, isSkippedFolder } from './junk';

export interface FileCandidate {
  kind: 'file';
  path: string;
  rootPath: string;
  relPath: string;
  /** Set when the entry is known not to be a regular file (it must not be opened). */
  nonRegular?: string;
}

export interface WalkProblem {
  kind: 'problem';
  path: string;
  rootPath: string;
  relPath: string;
  failureKind: FailureKind;
  reason: JobMessage;
}

export type WalkItem = FileCandidate | WalkProblem;

interface Folder {
  abs: string;
  rel: string;
}

const INVALID_NAME: Problem = {
  failureKind: 'unreadable',
  reason: jobMessage('invalidName', {}),
};

function problem(abs: string, rootPath: string, relPath: string, p: Problem): WalkProblem {
  return { kind: 'problem', path: abs, rootPath, relPath, ...p };
}

/** What a non-regular entry is, or undefined for a regular file. */
export function nonRegularKind(entry: {
  isFile(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
  isBlockDevice(): boolean;
  isCharacterDevice(): boolean;
}): string | undefined {
  if (entry.isFile()) return undefined;
  if (entry.isFIFO()) return 'a named pipe';
  if (entry.isSocket()) return 'a socket';
  if (entry.isBlockDevice() || entry.isCharacterDevice()) return 'a device';
  return 'not a regular file';
}

function typeUnknown(entry: Dirent): boolean {
  return !(
    entry.isFile() ||
    entry.isDirectory() ||
    entry.isSymbolicLink() ||
    entry.isFIFO() ||
    entry.isSocket() ||
    entry.isBlockDevice() ||
    entry.isCharacterDevice()
  );
}

function linkProblem(error: unknown): Problem {
  switch (errnoCode(error)) {
    case 'ENOENT':
    case 'ENOTDIR':
      return {
        failureKind: 'unreadable',
        reason: jobMessage('brokenLink', {}),
      };
    case 'ELOOP':
      return { failureKind: 'unreadable', reason: jobMessage('linkLoop', {}) };
    default:
      return fileProblem(error);
  }
}

/** The identity of a folder's real location; links to it share it. */
async function folderIdentity(abs: string): Promise<string> {
  const st = await stat(abs, { bigint: true });
  // Some file systems (FAT on Windows, some network shares) report no inode numbers.
  return st.ino !== 0n ? `${st.dev}:${st.ino}` : `path:${await realpath(abs)}`;
}

/** Whether a name holding U+FFFD was mangled from bytes that are not UTF-8 (Linux only). */
async function nameIsMangled(abs: string, name: string): Promise<boolean> {
  if (!name.includes('\uFFFD')) return false;
  try {
    await lstat(abs);
    return false;
  } catch (error) {
    return errnoCode(error) === 'ENOENT';
  }
}

export async function* walkRoots(
  roots: readonly string[],
  signal?: AbortSignal,
): AsyncGenerator<WalkItem, void, undefined> {
  const visited = new Set<string>();
  const fileRoots = new Set<string>();
  for (const raw of roots) {
    signal?.throwIfAborted();
    const rootPath = path.resolve(raw);
    const rootName = path.basename(rootPath) || rootPath;
    let st;
    try {
      st = await stat(rootPath);
    } catch (error) {
      const p =
        errnoCode(error) === 'ENOENT'
          ? {
              failureKind: 'vanished' as const,
              reason: jobMessage('notFound', {}),
            }
          : fileProblem(error);
      yield problem(rootPath, rootPath, rootName, p);
      continue;
    }
    if (st.isDirectory()) {
      yield* walkFolder(rootPath, rootName, visited, signal);
    } else if (!fileRoots.has(rootPath)) {
      // A file the user picked is always scanned, even with a hidden or junk name.
      fileRoots.add(rootPath);
      const nonRegular = nonRegularKind(st);
      yield {
        kind: 'file',
        path: rootPath,
        rootPath,
        relPath: rootName,
        ...(nonRegular ? { nonRegular } : {}),
      };
    }
  }
}

async function* walkFolder(
  rootPath: string,
  rootName: string,
  visited: Set<string>,
  signal?: AbortSignal,
): AsyncGenerator<WalkItem, void, undefined> {
  const pending: Folder[] = [{ abs: rootPath, rel: '' }];
  for (let folder = pending.pop(); folder; folder = pending.pop()) {
    signal?.throwIfAborted();
    const label = folder.rel || rootName;
    let dir: Dir;
    try {
      const id = await folderIdentity(folder.abs);
      if (visited.has(id)) continue;
      visited.add(id);
      dir = await opendir(folder.abs, { bufferSize: 64 });
    } catch (error) {
      yield problem(folder.abs, rootPath, label, folderProblem(error));
      continue;
    }
    try {
      // for-await closes the Dir when the loop ends, throws, or the consumer stops early.
      for await (const entry of dir) {
        signal?.throwIfAborted();
        const item = await visitEntry(entry, folder, rootPath, pending);
        if (item) yield item;
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      // Listing broke off midway (an I/O error, a share that went away).
      yield problem(folder.abs, rootPath, label, folderProblem(error));
    }
  }
}

/** Classifies one directory entry: queues a folder, returns a file or problem, or skips it. */
async function visitEntry(
  entry: Dirent,
  folder: Folder,
  rootPath: string,
  pending: Folder[],
): Promise<WalkItem | null> {
  const name = entry.name;
  const abs = path.join(folder.abs, name);
  const rel = folder.rel ? `${folder.rel}/${name}` : name;
  if (await nameIsMangled(abs, name)) return problem(abs, rootPath, rel, INVALID_NAME);
  let kind: Dirent | Awaited<ReturnType<typeof stat>> = entry;
  // Links are followed; entries of unknown type (some file systems) are asked directly.
  if (entry.isSymbolicLink() || typeUnknown(entry)) {
    try {
      kind = await stat(abs);
    } catch (error) {
      if (isSkippedFile(name)) return null;
      return problem(
        abs,
        rootPath,
        rel,
        entry.isSymbolicLink() ? linkProblem(error) : fileProblem(error),
      );
    }
  }
  if (kind.isDirectory()) {
    if (!isSkippedFolder(name)) pending.push({ abs, rel });
    return null;
  }
  if (isSkippedFile(name)) return null;
  const nonRegular = nonRegularKind(kind);
  return { kind: 'file', path: abs, rootPath, relPath: rel, ...(nonRegular ? { nonRegular } : {}) };
}
