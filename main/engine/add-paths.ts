import { stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import type { FailureKind } from '../../common/job';
import { MAX_ADD_REASONS, type AddSummary } from '../../common/engine-status';
import { jobMessage, sameJobMessage, type JobMessage } from '../../common/job-messages';
import { scanPaths, type ScannedFile, type ScanOptions } from '../scan';
import type { InsertOutcome, NewJob } from '../store/jobs-repo';
import type { Store } from '../store/store';

const INSERT_CHUNK = 500;

export interface AddPathsOptions {
  signal?: AbortSignal;
  onProgress?: (seen: number) => void;
  scan?: ScanOptions;
  /**
   * The files are new arrivals in this folder (a watched one): they are recorded under it, as if
   * the folder had been added, instead of each becoming an added file of its own.
   */
  under?: string;
}

/**
 * Counts a file's precise reason for the add report. A file too large is left to its kind ("larger
 * than 20 MB"): its reason names its own size, so each such file would be a reason of its own.
 */
function countReason(summary: AddSummary, kind: FailureKind, reason: JobMessage): void {
  if (kind === 'too_large') return;
  const known = summary.rejectedReasons.find((r) => sameJobMessage(reason, r.reason));
  if (known) known.n++;
  else if (summary.rejectedReasons.length < MAX_ADD_REASONS)
    summary.rejectedReasons.push({ kind, reason, n: 1 });
}

/**
 * Scans dropped folders and files and records every file as a job in chunks of one transaction
 * each, so a 40,000-file folder streams into the queue without being held in memory.
 */
export async function addPaths(
  store: Store,
  paths: readonly string[],
  opts: AddPathsOptions = {},
): Promise<AddSummary> {
  const summary: AddSummary = {
    queued: 0,
    reused: 0,
    known: 0,
    rejected: 0,
    rejectedByKind: {},
    rejectedReasons: [],
    missing: [],
    rootIds: [],
  };
  const rootIds = new Map<string, number>();
  const under = opts.under === undefined ? null : resolve(opts.under);
  for (const raw of paths) {
    const path = resolve(raw);
    try {
      const st = await stat(path);
      if (!st.isDirectory() && !st.isFile()) {
        summary.missing.push({ path, reason: jobMessage('pathNotFileOrFolder', {}) });
        continue;
      }
      if (under !== null) {
        // A watched folder reports every file again when watched afresh (a restart, a card put
        // back): those already in the queue are known without reading them again.
        if (st.isFile() && store.jobs.isKnownPath(path)) summary.known++;
        else rootIds.set(path, -1);
        continue;
      }
      const root = store.roots.ensure(path, st.isDirectory() ? 'folder' : 'file');
      rootIds.set(path, root.id);
      summary.rootIds.push(root.id);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      summary.missing.push({
        path,
        reason:
          code === 'ENOENT'
            ? jobMessage('pathNotFound', {})
            : code === 'EACCES'
              ? jobMessage('pathPermissionDenied', {})
              : jobMessage('pathUnreadable', { code: String(code ?? err) }),
      });
    }
  }
  if (rootIds.size === 0) return summary;
  const underRoot = under === null ? null : store.roots.ensure(under, 'folder');
  if (underRoot) summary.rootIds.push(underRoot.id);

  let chunk: ScannedFile[] = [];
  let seen = 0;
  const flush = (): void => {
    const rows: NewJob[] = chunk.map((f) =>
      underRoot && under !== null
        ? { ...jobRowOf(f, underRoot.id), relPath: relative(under, f.path).split(sep).join('/') }
        : jobRowOf(
            f,
            rootIds.get(f.rootPath) ?? fail(`scanner returned unknown root ${f.rootPath}`),
          ),
    );
    const outcomes = store.jobs.insertScanned(rows);
    outcomes.forEach((o: InsertOutcome, i) => {
      if (o === 'queued') summary.queued++;
      else if (o === 'copied') summary.reused++;
      else if (o === 'known') summary.known++;
      else {
        summary.rejected++;
        const rejected = rows[i]?.rejected;
        if (rejected) {
          const kind = rejected.failureKind;
          summary.rejectedByKind[kind] = (summary.rejectedByKind[kind] ?? 0) + 1;
          countReason(summary, kind, rejected.reason);
        }
      }
    });
    chunk = [];
  };
  const scanOpts = { ...opts.scan, ...(opts.signal && { signal: opts.signal }) };
  for await (const file of scanPaths([...rootIds.keys()], scanOpts)) {
    // Still being copied: not a job yet; the person adds the folder again once the copy is done.
    if (file.outcome.kind === 'growing') {
      summary.missing.push({ path: file.path, reason: file.outcome.reason });
      continue;
    }
    chunk.push(file);
    seen++;
    if (chunk.length >= INSERT_CHUNK) {
      flush();
      opts.onProgress?.(seen);
    }
  }
  flush();
  opts.onProgress?.(seen);
  summary.rejectedReasons.sort((a, b) => b.n - a.n);
  return summary;
}

function fail(message: string): never {
  throw new Error(message);
}

/** The queue row for one file as the scanner judged it. */
export function jobRowOf(f: ScannedFile, rootId: number): NewJob {
  return {
    rootId,
    path: f.path,
    relPath: f.relPath,
    size: f.size,
    mtimeMs: f.mtimeMs,
    accepted:
      f.outcome.kind === 'accepted' ? { sha256: f.outcome.sha256, format: f.outcome.format } : null,
    rejected:
      f.outcome.kind === 'rejected'
        ? { failureKind: f.outcome.failureKind, reason: f.outcome.reason }
        : null,
  };
}
