// The table's rows, held as a sparse set of pages around what is on screen. A 100,000-row list
// never lives in the window: pages are fetched as they scroll into view, far pages are dropped,
// and pushed changes are patched into the pages that hold them, in place, so nothing moves.
import type { JobRecord, ResultSummary } from '../../common/job-record';

export const PAGE_SIZE = 200;
/** Pages kept beyond those on screen: enough for a quick scroll back, small enough to patch fast. */
const MAX_PAGES = 12;

export type Pages = ReadonlyMap<number, readonly JobRecord[]>;

export const NO_PAGES: Pages = new Map();

export function pageOf(index: number): number {
  return Math.floor(index / PAGE_SIZE);
}

export function rowAt(pages: Pages, index: number): JobRecord | undefined {
  return pages.get(pageOf(index))?.[index % PAGE_SIZE];
}

/** Page numbers covering rows first..last (inclusive), clamped to the list. */
export function pagesCovering(first: number, last: number, total: number): number[] {
  if (total <= 0) return [];
  const a = pageOf(Math.max(0, Math.min(first, total - 1)));
  const b = pageOf(Math.max(0, Math.min(last, total - 1)));
  const out: number[] = [];
  for (let p = a; p <= b; p++) out.push(p);
  return out;
}

function sameSummary(a: ResultSummary | null, b: ResultSummary | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(b) as (keyof ResultSummary)[];
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
}

/** Every field equal: the row as shown would not change. */
export function sameJob(a: JobRecord, b: JobRecord): boolean {
  const keys = Object.keys(b) as (keyof JobRecord)[];
  if (keys.length !== Object.keys(a).length) return false;
  return keys.every((k) =>
    k === 'resultSummary' ? sameSummary(a.resultSummary, b.resultSummary) : a[k] === b[k],
  );
}

/**
 * A re-read page keeps the objects of rows that did not change, so that the table (whose rows are
 * memoised on the record) draws again only what changed. Every second while a run goes on, the
 * pages on screen are re-read; without this, every visible row was rendered anew each time.
 */
function keepUnchanged(
  held: readonly JobRecord[] | undefined,
  rows: readonly JobRecord[],
): readonly JobRecord[] {
  if (!held || held.length === 0) return rows;
  const byId = new Map(held.map((row) => [row.id, row]));
  return rows.map((row) => {
    const old = byId.get(row.id);
    return old && sameJob(old, row) ? old : row;
  });
}

/** Adds a page; when too many are held, drops those farthest from `focusPage`. */
export function putPage(
  pages: Pages,
  page: number,
  rows: readonly JobRecord[],
  focusPage: number,
): Pages {
  const next = new Map(pages);
  next.set(page, keepUnchanged(pages.get(page), rows));
  if (next.size > MAX_PAGES) {
    const far = [...next.keys()].sort((a, b) => Math.abs(b - focusPage) - Math.abs(a - focusPage));
    for (const p of far.slice(0, next.size - MAX_PAGES)) next.delete(p);
  }
  return next;
}

/** Replaces held rows by their new versions; the same object back when none is held. */
export function patchPages(pages: Pages, jobs: readonly JobRecord[]): Pages {
  if (jobs.length === 0 || pages.size === 0) return pages;
  const byId = new Map(jobs.map((j) => [j.id, j]));
  let next: Map<number, readonly JobRecord[]> | null = null;
  for (const [page, rows] of pages) {
    let copy: JobRecord[] | null = null;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const fresh = row ? byId.get(row.id) : undefined;
      if (fresh && fresh !== row) {
        copy ??= [...rows];
        copy[i] = fresh;
      }
    }
    if (copy) {
      next ??= new Map(pages);
      next.set(page, copy);
    }
  }
  return next ?? pages;
}

/** Where a job sits among the held rows, or -1. */
export function indexOfId(pages: Pages, id: number): number {
  for (const [page, rows] of pages) {
    const i = rows.findIndex((r) => r.id === id);
    if (i >= 0) return page * PAGE_SIZE + i;
  }
  return -1;
}
