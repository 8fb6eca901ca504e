// Files still being written: a card's photos copied into the folder while it is scanned, or a
// share still filling. Such a file looks empty, truncated, or changes while it is read; judged
// then, a good photo would be rejected for good. So the scanner sets it aside, looks again after a
// while, and judges it only once it has stopped changing for a whole settle period (then a
// truncated file really is truncated). One still changing when the scan's patience runs out is
// reported as "growing": not added, so adding the folder again later reads it.
import { jobMessage } from '../../common/job-messages';
import { stat } from 'node:fs/promises';
import type { ScannedFile } from './types';
import type { FileCandidate } from './walk';

export const DEFAULT_RECENT_MS = 10_000;
export const DEFAULT_SETTLE_MS = 1_000;
export const DEFAULT_MAX_SETTLE_MS = 30_000;

export interface Unsettled {
  readonly item: FileCandidate;
  /** Size and modification time when last seen. */
  readonly size: number;
  readonly mtimeMs: number;
}

export interface SettleOptions {
  readonly settleMs: number;
  readonly maxSettleMs: number;
  readonly signal: AbortSignal;
  readonly wait: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Inspects a file that has not changed for a settle period (no "recent" benefit of doubt). */
  readonly inspectSettled: (item: FileCandidate) => Promise<ScannedFile>;
}

export function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Looks at the set-aside files until each is judged or the scan's patience runs out. */
export async function* settleFiles(
  unsettled: readonly Unsettled[],
  options: SettleOptions,
): AsyncGenerator<ScannedFile, void, undefined> {
  let pending = [...unsettled];
  for (let waited = 0; pending.length > 0; waited += options.settleMs) {
    if (waited >= options.maxSettleMs) {
      for (const file of pending) yield stillGrowing(file, waited);
      return;
    }
    await options.wait(options.settleMs, options.signal);
    const next: Unsettled[] = [];
    for (const file of pending) {
      const now = await stat(file.item.path).catch(() => null);
      if (now && (now.size !== file.size || now.mtimeMs !== file.mtimeMs)) {
        next.push({ ...file, size: now.size, mtimeMs: now.mtimeMs });
        continue;
      }
      const judged = await options.inspectSettled(file.item);
      if (judged.outcome.kind === 'growing') {
        next.push({ item: file.item, size: judged.size, mtimeMs: judged.mtimeMs });
      } else {
        yield judged;
      }
    }
    pending = next;
  }
}

function stillGrowing(file: Unsettled, waitedMs: number): ScannedFile {
  return {
    path: file.item.path,
    rootPath: file.item.rootPath,
    relPath: file.item.relPath,
    size: file.size,
    mtimeMs: file.mtimeMs,
    outcome: {
      kind: 'growing',
      reason: jobMessage('stillWritten', { seconds: String(Math.round(waitedMs / 1000)) }),
    },
  };
}
