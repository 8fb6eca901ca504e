// Checks the readings of meters' photos against their meters (plausibility rules, read dates, the
// code on the photo) and stores the outcome on each photo, so the review queue, the filters and
// the export read it without computing it again. Run for the meters a change touched: a result
// came in, a photo was matched, its codes were read, a sheet was loaded, a reading was corrected.
import {
  DEFAULT_PLAUSIBILITY_CONFIG,
  validatePlausibilityConfig,
  type PlausibilityConfig,
} from '../../common/billing/plausibility-config';
import { checkPhoto, routeDateFlags as dateFlagsOf } from '../../common/billing/photo-check';
import type { CheckLevel } from '../../common/billing/plausibility-types';
import type { ReadingCheck } from '../../common/billing/reading-check';
import type { JobRecord } from '../../common/job-record';
import type { StoredMeter } from '../store/meters-repo';
import type { Store } from '../store/store';
import { factsForReading, routeModelOf } from './history/route-history';
import { codeMismatchFinder } from './photo-code-check';

/** Where the queue keeps the office's own plausibility settings (JSON, validated). */
export const PLAUSIBILITY_SETTING = 'plausibility';

export function plausibilityConfig(store: Store): PlausibilityConfig {
  const raw = store.settings.get<unknown>(PLAUSIBILITY_SETTING, null);
  if (raw === null) return DEFAULT_PLAUSIBILITY_CONFIG;
  const checked = validatePlausibilityConfig(raw);
  return checked.ok ? checked.value : DEFAULT_PLAUSIBILITY_CONFIG;
}

/** The route's sample of read dates, with the photos being assessed in it for sure. */
function routePhotos(
  store: Store,
  route: string | null,
  assessed: readonly JobRecord[],
): { id: number; readAt: string; source: 'exif' | 'file_time' }[] {
  const all = new Map(store.meters.routeReadDates(route).map((p) => [p.id, p]));
  for (const j of assessed) {
    if (j.state === 'done' && j.readAt && j.readAtSource)
      all.set(j.id, { id: j.id, readAt: j.readAt, source: j.readAtSource });
  }
  return [...all.values()];
}

/** Read-date warnings per photo of one route: future dates and dates far from the others'. */
function routeDateFlags(
  store: Store,
  route: string | null,
  assessed: readonly JobRecord[],
  now: Date,
): Map<number, ReadingCheck['dateFlags']> {
  return dateFlagsOf(routePhotos(store, route, assessed), now);
}

/**
 * A photo the clerk's decision set aside: the one sent for re-read (the photos before it came
 * back) or any photo of an estimated meter. It is no longer the meter's reading, so it carries no
 * check and does not wait in the review queue; undo checks it again.
 */
function setAside(meter: StoredMeter, job: JobRecord): boolean {
  const d = meter.decision?.decision;
  return d?.kind === 'estimate' || (d?.kind === 'reread' && job.id <= d.afterJobId);
}

/** The exchange the clerk booked for the meter: its photos are checked over both meters. */
function exchangeOf(meter: StoredMeter): { oldFinal: string; newStart: string } | null {
  const d = meter.decision?.decision;
  return d?.kind === 'exchange' ? { oldFinal: d.oldFinal, newStart: d.newStart } : null;
}

/**
 * From this many meters on, and when they are at least half of the queue's (the pass reads them
 * all), the meters and their photos are read in one pass each.
 */
const BULK_READ_FROM = 200;

function readsInBulk(store: Store, count: number): boolean {
  return count >= BULK_READ_FROM && count * 2 >= store.meters.count();
}

/** A meter and its photos (id order), one statement each or, in bulk, all at once. */
function meterReader(
  store: Store,
  bulk: boolean,
): (meterId: string) => { meter: StoredMeter | undefined; photos: JobRecord[] } {
  if (!bulk) {
    return (meterId) => ({
      meter: store.meters.get(meterId),
      photos: store.meters
        .photoIdsOf(meterId)
        .map((id) => store.jobs.get(id))
        .filter((j): j is JobRecord => j !== undefined),
    });
  }
  const meters = new Map([...store.meters.inRouteOrder()].map((m) => [m.meterId, m]));
  const photos = store.jobs.byMeter();
  return (meterId) => ({ meter: meters.get(meterId), photos: photos.get(meterId) ?? [] });
}

/**
 * Checks every photo of these meters again and stores the outcome; returns the job ids whose
 * stored outcome changed. Photos without a meter or a reading carry none.
 */
export function assessMeters(store: Store, meterIds: Iterable<string>, now: Date): number[] {
  const config = plausibilityConfig(store);
  const routeHistory = routeModelOf(store);
  const updates: { id: number; level: CheckLevel | null; detail: ReadingCheck | null }[] = [];
  const routes = new Map<string | null, JobRecord[]>();
  const work: { meter: StoredMeter; photos: JobRecord[] }[] = [];
  const ids = new Set(meterIds);
  const bulk = readsInBulk(store, ids.size);
  const read = meterReader(store, bulk);
  for (const meterId of ids) {
    const { meter, photos } = read(meterId);
    if (!meter) {
      for (const j of photos) updates.push({ id: j.id, level: null, detail: null });
      continue;
    }
    work.push({ meter, photos });
    const onRoute = routes.get(meter.route);
    if (onRoute) onRoute.push(...photos);
    else routes.set(meter.route, [...photos]);
  }
  const codeFlagOf = codeMismatchFinder(store);
  // For many meters, one pass says which photos carry a code at all (most carry none).
  const withCodes = bulk ? store.jobs.photosWithCodes() : null;
  const flagsByRoute = new Map<string | null, Map<number, ReadingCheck['dateFlags']>>();
  for (const [route, photos] of routes)
    flagsByRoute.set(route, routeDateFlags(store, route, photos, now));
  for (const { meter, photos } of work) {
    const flags = flagsByRoute.get(meter.route);
    // A byte-identical copy is the same reading, not a second one: only the first is checked (and
    // goes to review); the copies carry nothing of their own.
    const seen = new Set<string>();
    for (const job of photos) {
      const copy = job.sha256 !== null && job.state === 'done' && seen.has(job.sha256);
      if (job.sha256 !== null && job.state === 'done') seen.add(job.sha256);
      if (copy || setAside(meter, job)) {
        updates.push({ id: job.id, level: null, detail: null });
        continue;
      }
      const checked = checkPhoto(
        meter,
        job,
        photos,
        config,
        {
          dateFlags: flags?.get(job.id) ?? [],
          codeFlag:
            job.state === 'done' && (withCodes?.has(job.id) ?? true)
              ? codeFlagOf(job.id, meter.meterId)
              : null,
          exchange: exchangeOf(meter),
        },
        (from, at) => factsForReading(routeHistory, meter.meterId, from, at),
      );
      updates.push({ id: job.id, level: checked?.level ?? null, detail: checked?.detail ?? null });
    }
  }
  return store.meters.setPlausibility(updates);
}

/** The meters of these photos (those matched to one). */
export function metersOfJobs(store: Store, jobIds: Iterable<number>): string[] {
  const ids = new Set<string>();
  for (const id of jobIds) {
    const meterId = store.jobs.get(id)?.meterId;
    if (meterId) ids.add(meterId);
  }
  return [...ids];
}
