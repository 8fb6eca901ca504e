// The code on a photo against the meter it was matched to (issue 25): a serial sticker naming
// another meter of the route flags the reading (assess.ts) and names, in the detail, where the
// photo may be moved.
import {
  codeMismatch,
  meterCodeIndex,
  type CodeMismatch,
  type MeterCodeIndex,
} from '../../common/photo-codes';
import type { Store } from '../store/store';

/** A photo's code mismatch against a meter, or null; null too for a photo without codes. */
export type CodeMismatchOf = (jobId: number, meterId: string) => CodeMismatch | null;

const indexes = new WeakMap<Store, { readonly loaded: string; readonly index: MeterCodeIndex }>();

/**
 * Which meter each code names, kept per queue until a route sheet is loaded: meter numbers and
 * barcodes change only then, and the index of a large route costs tens of milliseconds, too much
 * for every result that comes in.
 */
export function codeIndexOf(store: Store): MeterCodeIndex {
  const sheets = store.meters.sheets();
  const loaded = `${String(store.meters.count())}:${sheets.map((s) => String(s.id)).join(',')}`;
  const kept = indexes.get(store);
  if (kept?.loaded === loaded) return kept.index;
  const index = meterCodeIndex(store.meters.inRouteOrder());
  indexes.set(store, { loaded, index });
  return index;
}

/** Looks photos' codes up against the route's meters; most photos carry none and cost a query. */
export function codeMismatchFinder(store: Store): CodeMismatchOf {
  let index: MeterCodeIndex | null = null;
  return (jobId, meterId) => {
    const codes = store.jobs.photoCodes(jobId);
    if (codes.length === 0) return null;
    index ??= codeIndexOf(store);
    return codeMismatch(codes, meterId, index);
  };
}

export function codeMismatchOfPhoto(
  store: Store,
  jobId: number,
  meterId: string,
): (CodeMismatch & { readonly jobId: number }) | null {
  const found = codeMismatchFinder(store)(jobId, meterId);
  return found ? { ...found, jobId } : null;
}
