// The code on a photo against the meter it was matched to (issue 25), for the detail: a serial
// sticker naming another meter of the route flags the photo and names where it may be moved.
import { codeMismatch, meterCodeIndex, type CodeMismatch } from '../../common/photo-codes';
import type { Store } from '../store/store';

export function codeMismatchOfPhoto(
  store: Store,
  jobId: number,
  meterId: string,
): (CodeMismatch & { readonly jobId: number }) | null {
  const codes = store.jobs.photoCodes(jobId);
  if (codes.length === 0) return null;
  const found = codeMismatch(codes, meterId, meterCodeIndex(store.meters.inRouteOrder()));
  return found ? { ...found, jobId } : null;
}
