// Is the engine's memory bounded by concurrency rather than by how many photos it uploads or how
// large they are? Answered by comparing runs that differ in one thing only.
import type { MemoryCase, MemoryRow } from './memory-run';

/** Peak RSS of the upload phase: the kernel's (VmHWM, reset at the phase start) when known. */
export function peakRss(row: MemoryRow): number {
  return Math.max(row.upload.kernelPeakRss ?? 0, row.upload.peak.rss);
}

/** The engine opened and idle: what the work adds to. */
export function baselineRss(row: MemoryRow): number {
  return row.idle.peak.rss;
}

export function deltaRss(row: MemoryRow): number {
  return peakRss(row) - baselineRss(row);
}

export type Dimension = keyof MemoryCase;

/** Dimensions the target says must not drive memory. */
export const WORKLOAD_DIMENSIONS: readonly Dimension[] = ['photos', 'photoBytes'];

export interface Comparison {
  readonly dimension: Dimension;
  /** The smaller and the larger value of the dimension; everything else is equal. */
  readonly from: number;
  readonly to: number;
  readonly deltaFromBytes: number;
  readonly deltaToBytes: number;
  /** deltaTo / deltaFrom: ~1 when the dimension does not matter, to/from when memory is linear. */
  readonly ratio: number;
  /** Only for photos and photo size: whether the growth stays within the tolerance. */
  readonly withinTolerance: boolean | null;
}

/**
 * Memory that followed the data would grow 4x for 4x the photos and 5x for 5x their size. Growth
 * up to half again, or up to 16 MiB, is run-to-run noise of the garbage collector's pacing.
 */
export const TOLERANCE_RATIO = 1.5;
export const TOLERANCE_BYTES = 16 * 2 ** 20;

const DIMENSIONS: readonly Dimension[] = ['photos', 'photoBytes', 'concurrency', 'parallelUploads'];

export function compareRuns(rows: readonly MemoryRow[]): Comparison[] {
  const out: Comparison[] = [];
  for (const a of rows) {
    for (const b of rows) {
      const differing = DIMENSIONS.filter((d) => a.case[d] !== b.case[d]);
      const [dimension] = differing;
      if (differing.length !== 1 || !dimension || a.case[dimension] > b.case[dimension]) continue;
      const deltaFrom = deltaRss(a);
      const deltaTo = deltaRss(b);
      const workload = WORKLOAD_DIMENSIONS.includes(dimension);
      out.push({
        dimension,
        from: a.case[dimension],
        to: b.case[dimension],
        deltaFromBytes: deltaFrom,
        deltaToBytes: deltaTo,
        ratio: deltaTo / deltaFrom,
        withinTolerance: workload
          ? deltaTo <= Math.max(deltaFrom * TOLERANCE_RATIO, deltaFrom + TOLERANCE_BYTES)
          : null,
      });
    }
  }
  return out;
}

/** Met when every photos/size comparison is within tolerance; null when there is none. */
export function targetMet(comparisons: readonly Comparison[]): boolean | null {
  const judged = comparisons.filter((c) => c.withinTolerance !== null);
  return judged.length === 0 ? null : judged.every((c) => c.withinTolerance === true);
}
