// The queue seen per meter: each meter of the loaded sheets with its photos and where it stands
// (common/billing/meter-outcome.ts), in walking order; the billing records built from that; and
// each route's progress with the list of meters still missing.
import { billedReading } from '../../common/billing/billed-reading';
import type { BillingRow } from '../../common/billing/billing-row';
import { decidedOutcome, type DecidedOutcome } from '../../common/billing/decided-outcome';
import { meterBillingRow } from '../../common/billing/meter-billing-row';
import {
  METER_STATES,
  noMeters,
  type MeterPhoto,
  type MeterState,
} from '../../common/billing/meter-outcome';
import type { JobRecord } from '../../common/job-record';
import type { StoredMeter } from '../store/meters-repo';
import type { Store } from '../store/store';
import { plausibilityConfig } from './assess';
import { fieldVisit, type MissingMeter } from './field-list';

export interface MeterReading {
  meter: StoredMeter;
  /** Where it stands, its decision taken into account (common/billing/decided-outcome.ts). */
  outcome: DecidedOutcome;
  /** Its photos a person still has to look at: a flagged meter may have several, or none. */
  photosToReview: number;
}

function photoOf(job: JobRecord): MeterPhoto {
  return {
    jobId: job.id,
    state: job.state,
    sha256: job.sha256,
    relPath: job.relPath,
    aiReading: job.aiReading,
    reviewAction: job.reviewAction,
    reviewedReading: job.reviewedReading,
    plausibility: job.plausibility,
    check: job.plausibilityDetail,
    toReview: job.toReview,
    readAt: job.readAt,
    taskId: job.taskId,
    folder: job.path.replaceAll('\\', '/').replace(/\/[^/]*$/, ''),
    held: job.holdReason !== null,
  };
}

/** Every meter with where it stands, in walking order (route, sequence, id). */
export function* meterReadings(store: Store): Generator<MeterReading> {
  // The matched photos in one pass (in id order, as photoIdsOf gives them), not a query per
  // meter: most meters of a large route have no photo, and 100,000 queries took seconds.
  const byMeter = new Map<string, MeterPhoto[]>();
  for (const id of store.meters.matchedIds()) {
    const job = store.jobs.get(id);
    if (!job?.meterId) continue;
    const photos = byMeter.get(job.meterId);
    if (photos) photos.push(photoOf(job));
    else byMeter.set(job.meterId, [photoOf(job)]);
  }
  const config = plausibilityConfig(store);
  for (const meter of store.meters.inRouteOrder()) {
    const photos = byMeter.get(meter.meterId) ?? [];
    yield {
      meter,
      outcome: decidedOutcome(meter, photos, config),
      photosToReview: photos.filter((p) => p.toReview).length,
    };
  }
}

export function meterReading(store: Store, meterId: string): MeterReading | null {
  const meter = store.meters.get(meterId);
  if (!meter) return null;
  const photos = store.meters
    .photoIdsOf(meter.meterId)
    .map((id) => store.jobs.get(id))
    .filter((j): j is JobRecord => j !== undefined)
    .map(photoOf);
  return {
    meter,
    outcome: decidedOutcome(meter, photos, plausibilityConfig(store)),
    photosToReview: photos.filter((p) => p.toReview).length,
  };
}

function meterRow(store: Store, { meter, outcome }: MeterReading): BillingRow {
  const chosen = outcome.chosen;
  const codes = chosen ? store.jobs.photoCodes(chosen.jobId).map((c) => c.text) : [];
  return meterBillingRow(meter, outcome, codes);
}

/** Photos that matched no meter (read or not), each once; copies name the photo they repeat. */
function* unmatchedRows(store: Store): Generator<BillingRow> {
  const firstOf = new Map<string, string>();
  for (const job of store.queries.iterate({})) {
    if (job.meterId !== null || job.state === 'rejected') continue;
    const copyOf = job.sha256 ? (firstOf.get(job.sha256) ?? null) : null;
    if (job.sha256 && !copyOf) firstOf.set(job.sha256, job.relPath);
    const reading = billedReading(job);
    yield {
      meterId: null,
      account: null,
      address: null,
      route: null,
      sequence: null,
      readAt: job.readAt,
      reading,
      aiReading: job.aiReading,
      confirmation: null,
      readType: reading === null ? 'no_read' : 'actual',
      skipCode: null,
      skipNote: null,
      consumption: null,
      previousReading: null,
      previousReadAt: null,
      registerDecimals: null,
      plausibility: null,
      reasons: '',
      useOnBill: false,
      photo: job.relPath,
      photoSha256: job.sha256,
      photoCodes: store.jobs.photoCodes(job.id).map((c) => c.text),
      taskId: job.taskId,
      unmatched: true,
      duplicateOf: copyOf,
    };
  }
}

/** One record per meter in walking order, then the photos that matched none. */
export function* billingRows(store: Store): Generator<BillingRow> {
  for (const reading of meterReadings(store)) yield meterRow(store, reading);
  yield* unmatchedRows(store);
}

export type RouteCounts = Record<MeterState, number> & { meters: number };

export interface RouteProgress extends RouteCounts {
  route: string | null;
}

export type { MissingMeter } from './field-list';

/** Per route, how many meters are confirmed, flagged, skipped, pending or missing. */
/** All routes together: what the CLI's summary lines count. */
export function progressTotal(routes: readonly RouteCounts[]): RouteCounts {
  const total = noMeters();
  for (const r of routes) {
    total.meters += r.meters;
    for (const s of METER_STATES) total[s] += r[s];
  }
  return total;
}

export function routeProgress(store: Store): { routes: RouteProgress[]; missing: MissingMeter[] } {
  const routes = new Map<string | null, RouteProgress>();
  const missing: MissingMeter[] = [];
  for (const { meter, outcome } of meterReadings(store)) {
    let r = routes.get(meter.route);
    if (!r) {
      r = { route: meter.route, ...noMeters() };
      routes.set(meter.route, r);
    }
    r.meters++;
    r[outcome.state]++;
    const visit = fieldVisit(store, meter, outcome);
    if (visit) missing.push(visit);
  }
  return { routes: [...routes.values()], missing };
}
