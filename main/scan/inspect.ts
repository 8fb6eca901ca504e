// One file's verdict: accepted with its SHA-256 and format, or rejected with a reason.
//
// Order of checks: empty -> content format -> size -> JPEG/WEBP completeness -> hash. The format
// comes before the size so that a 30 MB TIFF is told to be converted (which also shrinks it)
// rather than merely "too large"; a file over the limit is never hashed.
import { jobMessage, type JobMessage } from '../../common/job-messages';
import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { MAX_FILE_BYTES } from '../../common/job';
import { fileProblem, isAbort, type Problem } from './errors';
import { hashHandle } from './hash';
import { JPEG_TAIL_BYTES, JpegEndFinder, tailHasEoi } from './jpeg-end';
import { formatLabel, SNIFF_BYTES, sniffImageFormat, unsupportedReason } from './sniff';
import type { ScannedFile } from './types';
import { nonRegularKind, type FileCandidate } from './walk';

export interface InspectOptions {
  maxFileBytes?: number;
  signal?: AbortSignal;
  /**
   * A file changed within this long that looks empty or cut short may just be still copying: it
   * is reported as growing (settle.ts looks again) instead of rejected. 0: judge it as it is.
   */
  recentMs?: number;
  now?: () => number;
}

// O_NONBLOCK: should a file have been swapped for a named pipe since it was listed, opening it
// must not hang the scan (it has no effect on regular files). Windows has no such flag.
const OPEN_FLAGS = constants.O_RDONLY | (process.platform === 'win32' ? 0 : constants.O_NONBLOCK);

const MIB = 1024 * 1024;

function mib(bytes: number): string {
  const value = bytes / MIB;
  return `${Number.isInteger(value) ? String(value) : value.toFixed(1)} MiB`;
}

/**
 * "The JPEG is 26,528,768 bytes (25.3 MiB); ...": exact byte counts, so that the excess shows
 * even where rounding would hide it, and the window can say them in its own units.
 */
function tooLargeReason(what: string, size: number, max: number): JobMessage {
  return jobMessage('tooLarge', {
    format: what,
    size,
    sizeMiB: mib(size),
    limit: max,
    limitMiB: mib(max),
  });
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

export async function inspectFile(
  item: FileCandidate,
  options: InspectOptions = {},
): Promise<ScannedFile> {
  const { signal } = options;
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const base = { path: item.path, rootPath: item.rootPath, relPath: item.relPath };
  const rejected = (size: number, mtimeMs: number, p: Problem): ScannedFile => ({
    ...base,
    size,
    mtimeMs,
    outcome: { kind: 'rejected', ...p },
  });
  const growing = (size: number, mtimeMs: number, reason: JobMessage): ScannedFile => ({
    ...base,
    size,
    mtimeMs,
    outcome: { kind: 'growing', reason },
  });
  const recentMs = options.recentMs ?? 0;
  const isRecent = (mtimeMs: number): boolean =>
    recentMs > 0 && (options.now ?? Date.now)() - mtimeMs < recentMs;
  if (item.nonRegular) {
    return rejected(0, 0, {
      failureKind: 'unreadable',
      reason: jobMessage('notRegular', { kind: item.nonRegular }),
    });
  }

  signal?.throwIfAborted();
  let handle: FileHandle;
  try {
    handle = await open(item.path, OPEN_FLAGS);
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    // The size and date still help the user find the file, when they can be had.
    const meta = await stat(item.path).catch(() => null);
    return rejected(meta?.size ?? 0, meta?.mtimeMs ?? 0, fileProblem(error));
  }
  let size = 0;
  let mtimeMs = 0;
  try {
    const st = await handle.stat();
    size = st.size;
    mtimeMs = st.mtimeMs;
    const reject = (p: Problem): ScannedFile => rejected(size, mtimeMs, p);
    const nonRegular = nonRegularKind(st);
    if (nonRegular) {
      return reject({
        failureKind: 'unreadable',
        reason: jobMessage('notRegular', { kind: nonRegular }),
      });
    }
    if (size === 0) {
      if (isRecent(mtimeMs)) return growing(size, mtimeMs, jobMessage('emptyJustChanged', {}));
      return reject({ failureKind: 'empty_file', reason: jobMessage('emptyFile', {}) });
    }

    const head = await readAt(handle, 0, Math.min(size, SNIFF_BYTES));
    const format = sniffImageFormat(head);
    if (typeof format !== 'string') {
      return reject({
        failureKind: 'unsupported_format',
        reason: unsupportedReason(format.unsupported),
      });
    }
    if (size > maxFileBytes) {
      return reject({
        failureKind: 'too_large',
        reason: tooLargeReason(formatLabel(format), size, maxFileBytes),
      });
    }

    let finder: JpegEndFinder | undefined;
    if (format === 'jpeg') {
      const tail =
        size <= head.length
          ? head
          : await readAt(handle, Math.max(0, size - JPEG_TAIL_BYTES), JPEG_TAIL_BYTES);
      // No EOI at the end: decide on the full structure while hashing (see jpeg-end.ts).
      if (!tailHasEoi(tail)) finder = new JpegEndFinder();
    }
    if (format === 'webp' && head.length >= 8 && head.readUInt32LE(4) + 8 > size + 1) {
      if (isRecent(mtimeMs)) return growing(size, mtimeMs, jobMessage('shortJustChanged', {}));
      return reject({
        failureKind: 'unsupported_format',
        reason: jobMessage('truncatedWebp', {}),
      });
    }

    const structure = finder;
    const hashed = await hashHandle(
      handle,
      signal,
      structure &&
        ((chunk) => {
          structure.push(chunk);
        }),
    );
    // Compared with what it was when opened: a copy still going on changes it under the read.
    const after = await handle.stat();
    if (after.size !== size || after.mtimeMs !== mtimeMs || hashed.size !== size) {
      return growing(after.size, after.mtimeMs, jobMessage('changedWhileRead', {}));
    }
    if (finder && !finder.complete) {
      if (isRecent(mtimeMs)) return growing(size, mtimeMs, jobMessage('cutShortJustChanged', {}));
      return reject({
        failureKind: 'unsupported_format',
        reason: jobMessage('truncatedJpeg', {}),
      });
    }
    return {
      ...base,
      size: hashed.size,
      mtimeMs,
      outcome: { kind: 'accepted', sha256: hashed.sha256, format },
    };
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    return rejected(size, mtimeMs, fileProblem(error));
  } finally {
    await handle.close();
  }
}
