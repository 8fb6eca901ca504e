// Folders and files the user added -> one ScannedFile per file (and per unreadable folder).
//
// A pull-driven pipeline: the walker is asked for the next entry only when one of the
// `hashConcurrency` inspection slots is free, and a finished result waits for the consumer
// before more work starts. Memory therefore stays flat for any number of files; results come
// in completion order, each file exactly once. Files that may still be copying are set aside and
// judged at the end, once they stopped changing (settle.ts).
import { MAX_FILE_BYTES } from '../../common/job';
import { inspectFile } from './inspect';
import {
  DEFAULT_MAX_SETTLE_MS,
  DEFAULT_RECENT_MS,
  DEFAULT_SETTLE_MS,
  settleFiles,
  waitFor,
  type Unsettled,
} from './settle';
import type { ScannedFile, ScanOptions } from './types';
import { walkRoots, type FileCandidate, type WalkItem } from './walk';

const DEFAULT_HASH_CONCURRENCY = 4;

type Settled = { id: number; file: ScannedFile } | { id: number; error: unknown };

function fromProblem(item: Extract<WalkItem, { kind: 'problem' }>): ScannedFile {
  return {
    path: item.path,
    rootPath: item.rootPath,
    relPath: item.relPath,
    size: 0,
    mtimeMs: 0,
    outcome: { kind: 'rejected', failureKind: item.failureKind, reason: item.reason },
  };
}

export async function* scanPaths(
  roots: string[],
  opts: ScanOptions = {},
): AsyncGenerator<ScannedFile, void, undefined> {
  const concurrency = Math.max(1, Math.floor(opts.hashConcurrency ?? DEFAULT_HASH_CONCURRENCY));
  const maxFileBytes = opts.maxFileBytes ?? MAX_FILE_BYTES;
  // Our own controller also stops in-flight reads when the consumer stops early.
  const stop = new AbortController();
  const onAbort = (): void => {
    stop.abort(opts.signal?.reason);
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const signal = stop.signal;

  const walker = walkRoots(roots, signal);
  const inflight = new Map<number, Promise<Settled>>();
  const items = new Map<number, FileCandidate>();
  const unsettled: Unsettled[] = [];
  const inspectOptions = {
    maxFileBytes,
    signal,
    recentMs: opts.recentMs ?? DEFAULT_RECENT_MS,
    ...(opts.now && { now: opts.now }),
  };
  const progress = { seen: 0, accepted: 0, rejected: 0 };
  let nextId = 0;
  let walking = true;
  const count = (file: ScannedFile): ScannedFile => {
    if (file.outcome.kind === 'accepted') progress.accepted++;
    else progress.rejected++;
    opts.onProgress?.({ ...progress });
    return file;
  };
  try {
    opts.signal?.throwIfAborted();
    for (;;) {
      while (walking && inflight.size < concurrency) {
        const next = await walker.next();
        if (next.done) {
          walking = false;
          break;
        }
        const item = next.value;
        const id = nextId++;
        progress.seen++;
        if (item.kind === 'file') items.set(id, item);
        const work: Promise<ScannedFile> =
          item.kind === 'problem'
            ? Promise.resolve(fromProblem(item))
            : inspectFile(item, inspectOptions);
        inflight.set(
          id,
          work.then(
            (file) => ({ id, file }),
            (error: unknown) => ({ id, error }),
          ),
        );
      }
      if (inflight.size === 0) break;
      const settled = await Promise.race(inflight.values());
      inflight.delete(settled.id);
      // After an abort, report the abort rather than whatever the interrupted read threw.
      signal.throwIfAborted();
      if ('error' in settled) throw settled.error;
      const item = items.get(settled.id);
      items.delete(settled.id);
      if (settled.file.outcome.kind === 'growing' && item) {
        unsettled.push({ item, size: settled.file.size, mtimeMs: settled.file.mtimeMs });
        continue;
      }
      yield count(settled.file);
    }
    const settling = settleFiles(unsettled, {
      settleMs: opts.settleMs ?? DEFAULT_SETTLE_MS,
      maxSettleMs: opts.maxSettleMs ?? DEFAULT_MAX_SETTLE_MS,
      signal,
      wait: opts.wait ?? waitFor,
      inspectSettled: (item) => inspectFile(item, { ...inspectOptions, recentMs: 0 }),
    });
    for await (const file of settling) yield count(file);
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    // Stop and wait for in-flight reads so no file handle outlives the scan.
    stop.abort(opts.signal?.reason);
    await Promise.all(inflight.values());
    await walker.return(undefined);
  }
}
