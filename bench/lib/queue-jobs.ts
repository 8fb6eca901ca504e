// Scanned-file rows for the store benchmark, and their insertion the way the product does it.
//
// The first rows are real photos (scanned with the product's scanner), so an engine started on the
// queue finds its first uploads on disk; the rest describe photos that are not on disk (writing
// 100,000 files would only measure the disk). The scanner's output is all the store ever sees of a
// file, so for inserting, updating and counting rows the two are alike.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { jobRowOf } from '../../main/engine/add-paths';
import { scanPaths } from '../../main/scan';
import type { NewJob } from '../../main/store/jobs-repo';
import type { Store } from '../../main/store/store';

/**
 * Rows per insertScanned call: addPaths flushes the scanner's output in chunks of INSERT_CHUNK
 * (main/engine/add-paths.ts), one transaction each. test/bench/store.test.ts checks they agree.
 */
export const PRODUCT_INSERT_CHUNK = 500;

/** Rows for every photo in `dir` (flat or not), accepted or rejected as the scanner judged. */
export async function scannedRows(dir: string, rootId: number): Promise<NewJob[]> {
  const rows: NewJob[] = [];
  for await (const f of scanPaths([dir])) rows.push(jobRowOf(f, rootId));
  // Scan order is completion order; the product inserts in that order too, but a stable order
  // makes the first upload the same photo in every run.
  return rows.sort((a, b) => a.path.localeCompare(b.path));
}

/** `count` accepted photos under `dir` as the scanner would describe them, each content distinct. */
export function syntheticRows(dir: string, rootId: number, count: number, first = 0): NewJob[] {
  const taken = Date.parse('2025-06-02T08:00:00Z');
  return Array.from({ length: count }, (_, k) => {
    const i = first + k;
    const relPath = `route-${String(Math.floor(i / 1000) + 1).padStart(3, '0')}/IMG_${String(i + 1).padStart(6, '0')}.jpg`;
    return {
      rootId,
      path: join(dir, ...relPath.split('/')),
      relPath,
      size: 135_000 + ((i * 7919) % 30_001),
      mtimeMs: taken + i * 20_000 + 0.25,
      accepted: {
        sha256: createHash('sha256').update(`meterdesk-bench-${i}`).digest('hex'),
        format: 'jpeg',
      },
      rejected: null,
    };
  });
}

export interface InsertTiming {
  readonly rows: number;
  readonly chunk: number;
  readonly calls: number;
  readonly totalMs: number;
  readonly queued: number;
  /** Per-call times, for the median and the slowest. */
  readonly callMs: readonly number[];
}

/** insertScanned in chunks of `chunk` rows, each call timed; fails unless every row is queued. */
export function insertRows(store: Store, rows: readonly NewJob[], chunk: number): InsertTiming {
  const callMs: number[] = [];
  let queued = 0;
  for (let at = 0; at < rows.length; at += chunk) {
    const part = rows.slice(at, at + chunk);
    const t0 = performance.now();
    const outcomes = store.jobs.insertScanned(part);
    callMs.push(performance.now() - t0);
    queued += outcomes.filter((o) => o === 'queued').length;
  }
  if (queued !== rows.length) {
    throw new Error(`store bench: ${rows.length} rows inserted, only ${queued} queued`);
  }
  return {
    rows: rows.length,
    chunk,
    calls: callMs.length,
    totalMs: callMs.reduce((a, b) => a + b, 0),
    queued,
    callMs,
  };
}
