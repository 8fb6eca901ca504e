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

/**
 * Looks photos' codes up against the route's meters. The index of every meter is built once, and
 * only when a photo carries a code: most photos carry none, and a route may have many meters.
 */
export function codeMismatchFinder(store: Store): CodeMismatchOf {
  let index: MeterCodeIndex | null = null;
  return (jobId, meterId) => {
    const codes = store.jobs.photoCodes(jobId);
    if (codes.length === 0) return null;
    index ??= meterCodeIndex(store.meters.inRouteOrder());
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
