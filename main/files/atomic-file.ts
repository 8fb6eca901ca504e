// The one way MeterDesk replaces a file (exports, settings files, its own JSON files): the bytes go
// to a temporary file beside the target, which is flushed to disk (fsync), renamed over the target,
// and then the folder is flushed too, since the rename lives in the folder's own data: after a
// power cut the target is the old file or the whole new one, never half of it or an empty one. On
// any failure the temporary file is removed and the target is left as it was.
//
// Two forms of the same steps: AtomicFile for files written piece by piece (awaiting each piece
// holds a producer to the disk's pace), writeFileAtomicSync for a small file written at once where
// the caller cannot wait (window bounds saved while the window closes).
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import path from 'node:path';

/** Where a write failed: opening the temporary file, writing or flushing it, or renaming it. */
export type AtomicStage = 'open' | 'write' | 'finish';

/** Turns a failure into the caller's own error (its words for the user); default: unchanged. */
export type AtomicFailure = (stage: AtomicStage, error: unknown) => unknown;

/** The file-system calls used, replaceable so tests can watch every flush on the real disk. */
export interface AtomicFileSystem {
  readonly open: (file: string, flags: string, mode?: number) => Promise<fsp.FileHandle>;
  readonly rename: (from: string, to: string) => Promise<void>;
  readonly unlink: (file: string) => Promise<void>;
}

export interface AtomicFileSystemSync {
  readonly openSync: (file: string, flags: string, mode?: number) => number;
  readonly writeSync: (fd: number, data: Uint8Array) => number;
  readonly fsyncSync: (fd: number) => void;
  readonly closeSync: (fd: number) => void;
  readonly renameSync: (from: string, to: string) => void;
  readonly rmSync: (file: string, options: { force: boolean }) => void;
}

const NODE_FS: AtomicFileSystem = { open: fsp.open, rename: fsp.rename, unlink: fsp.unlink };
const NODE_FS_SYNC: AtomicFileSystemSync = fs;

export interface AtomicFileOptions {
  /** Permissions of the new file (default 0o644, less the umask). */
  readonly mode?: number;
  readonly fail?: AtomicFailure;
  readonly fs?: AtomicFileSystem;
}

/** A hidden name beside the target, unique per process and call. */
export function temporaryPathFor(targetPath: string): string {
  // Short base so that the suffix cannot push a long file name over the 255-byte limit.
  const base = path.basename(targetPath).slice(0, 100);
  const suffix = `${process.pid.toString(36)}-${randomBytes(4).toString('hex')}`;
  return path.join(path.dirname(targetPath), `.${base}.${suffix}.part`);
}

/**
 * Some systems cannot flush a folder (Windows cannot open one; some network file systems refuse):
 * there the rename is as durable as the system makes it, and the write still succeeds.
 */
const FOLDER_SYNC_UNSUPPORTED = new Set([
  'EISDIR',
  'EPERM',
  'EACCES',
  'EINVAL',
  'ENOTSUP',
  'EBADF',
]);

function unsupported(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && FOLDER_SYNC_UNSUPPORTED.has(code);
}

async function syncFolder(folder: string, ops: AtomicFileSystem): Promise<void> {
  let handle: fsp.FileHandle;
  try {
    handle = await ops.open(folder, 'r');
  } catch (error) {
    if (unsupported(error)) return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    if (!unsupported(error)) throw error;
  } finally {
    await handle.close();
  }
}

function syncFolderSync(folder: string, ops: AtomicFileSystemSync): void {
  let fd: number;
  try {
    fd = ops.openSync(folder, 'r');
  } catch (error) {
    if (unsupported(error)) return;
    throw error;
  }
  try {
    ops.fsyncSync(fd);
  } catch (error) {
    if (!unsupported(error)) throw error;
  } finally {
    ops.closeSync(fd);
  }
}

export class AtomicFile {
  private state: 'open' | 'committed' | 'aborted' = 'open';

  private constructor(
    readonly targetPath: string,
    readonly temporaryPath: string,
    private readonly handle: fsp.FileHandle,
    private readonly fail: AtomicFailure,
    private readonly ops: AtomicFileSystem,
  ) {}

  /** Opens the temporary file beside `targetPath` (which is resolved to an absolute path). */
  static async create(targetPath: string, options: AtomicFileOptions = {}): Promise<AtomicFile> {
    const target = path.resolve(targetPath);
    const fail = options.fail ?? ((_stage, error) => error);
    const ops = options.fs ?? NODE_FS;
    const temporary = temporaryPathFor(target);
    let handle: fsp.FileHandle;
    try {
      handle = await ops.open(temporary, 'wx', options.mode ?? 0o644);
    } catch (error) {
      throw fail('open', error);
    }
    return new AtomicFile(target, temporary, handle, fail, ops);
  }

  async write(data: Uint8Array | string): Promise<void> {
    this.assertOpen();
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    try {
      for (let done = 0; done < bytes.length;) {
        done += (await this.handle.write(bytes, done)).bytesWritten;
      }
    } catch (error) {
      await this.abort();
      throw this.fail('write', error);
    }
  }

  /** Flushes and closes the file, moves it into place and flushes its folder. */
  async commit(): Promise<void> {
    this.assertOpen();
    try {
      await this.handle.sync();
      await this.handle.close();
    } catch (error) {
      await this.abort();
      throw this.fail('write', error);
    }
    try {
      await this.ops.rename(this.temporaryPath, this.targetPath);
    } catch (error) {
      this.state = 'aborted';
      await this.ops.unlink(this.temporaryPath).catch(() => undefined);
      throw this.fail('finish', error);
    }
    this.state = 'committed';
    try {
      await syncFolder(path.dirname(this.targetPath), this.ops);
    } catch (error) {
      throw this.fail('finish', error);
    }
  }

  /** Removes the temporary file; safe to call more than once and after a failure. */
  async abort(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'aborted';
    await this.handle.close().catch(() => undefined);
    await this.ops.unlink(this.temporaryPath).catch(() => undefined);
  }

  private assertOpen(): void {
    if (this.state !== 'open') throw new Error(`The file is already ${this.state}.`);
  }
}

/** The same steps at once, for a small file; throws the file system's own error. */
export function writeFileAtomicSync(
  targetPath: string,
  data: Uint8Array | string,
  options: { readonly mode?: number; readonly fs?: AtomicFileSystemSync } = {},
): void {
  const ops = options.fs ?? NODE_FS_SYNC;
  const target = path.resolve(targetPath);
  const temporary = temporaryPathFor(target);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const fd = ops.openSync(temporary, 'wx', options.mode ?? 0o644);
  let open = true;
  try {
    for (let done = 0; done < bytes.length;) done += ops.writeSync(fd, bytes.subarray(done));
    ops.fsyncSync(fd);
    open = false;
    ops.closeSync(fd);
    ops.renameSync(temporary, target);
  } catch (error) {
    if (open) ops.closeSync(fd);
    ops.rmSync(temporary, { force: true });
    throw error;
  }
  syncFolderSync(path.dirname(target), ops);
}
