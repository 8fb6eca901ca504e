// Folders and files the user added -> one ScannedFile per file (and per unreadable folder).
//
// A pull-driven pipeline: the walker is asked for the next entry only when one of the
// `hashConcurrency` inspection slots is free, and a finished result waits for the consumer
// before more work starts. Memory therefore stays flat for any number of files; results come
// in completion order, each file exactly once.
import { MAX_FILE_BYTES } from '../../common/job';
import { inspectFile } from './inspect';
import type { ScannedFile, ScanOptions } from './types';
import { walkRoots, type WalkItem } from './walk';

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
  const progress = { seen: 0, accepted: 0, rejected: 0 };
  let nextId = 0;
  let walking = true;
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
        const work: Promise<ScannedFile> =
          item.kind === 'problem'
            ? Promise.resolve(fromProblem(item))
            : inspectFile(item, { maxFileBytes, signal });
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
      if (settled.file.outcome.kind === 'accepted') progress.accepted++;
      else progress.rejected++;
      opts.onProgress?.({ ...progress });
      yield settled.file;
    }
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    // Stop and wait for in-flight reads so no file handle outlives the scan.
    stop.abort(opts.signal?.reason);
    await Promise.all(inflight.values());
    await walker.return(undefined);
  }
}
