// What every newly loaded sheet calls for, whether a route sheet, a billing order file or a route
// taken from the office: the photos without a read date dated (the date is what checks them), every
// photo not confirmed matched again, and every meter with photos checked against its new baseline.
import type { Store } from '../store/store';
import { assessMeters } from './assess';
import { matchPhotos, readMissingDates, type MatchReport } from './matching';

export interface SheetFollowUps {
  match: MatchReport;
  /** The photos whose match or check changed: the window shows them anew. */
  changed: number[];
}

export async function afterSheetLoaded(store: Store, now: Date): Promise<SheetFollowUps> {
  await readMissingDates(store);
  const match = matchPhotos(store, { all: true });
  const checked = assessMeters(store, [...store.meters.metersWithPhotos(), ...match.meters], now);
  return { match, changed: [...new Set([...match.changed, ...checked])] };
}
