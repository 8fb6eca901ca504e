// The window's views of the meters: the overview for the route panel and the export dialog, the
// filtered meter list, the picker's search and one meter in full. Each reads the queue in one pass
// in walking order (main/billing/meter-readings.ts).
import { meterHistoryOf } from '../../../common/billing/meter-history-view';
import { FLAGGED_METER_STATES, noMeters } from '../../../common/billing/meter-outcome';
import type {
  BillingOverview,
  MeterChoice,
  MeterDetail,
  MeterFilter,
  MeterPage,
  MeterRow,
  RouteProgressView,
} from '../../../common/ipc/billing-views';
import { billedReading } from '../../../common/billing/billed-reading';
import { meterReading, meterReadings, type MeterReading } from '../../billing/meter-readings';
import { FILE_PATTERN_SETTING } from '../../billing/matching';
import { codeMismatchOfPhoto } from '../../billing/photo-code-check';
import { routeReadDay } from '../../billing/meter-decisions';
import type { Store } from '../../store/store';
import { TEMPLATE_SETTING } from '../../actions/queue-actions';
import { billingLimitsOf } from '../../billing/order-files/billing-limits';
import { officeTimeZone } from '../../../common/billing/export-read-at';

const FLAGGED_NAMED = 20;

function rowOf({ meter, outcome }: MeterReading): MeterRow {
  return {
    meterId: meter.meterId,
    account: meter.account,
    address: meter.address,
    route: meter.route,
    sequence: meter.sequence,
    state: outcome.state,
    reading: outcome.reading,
    aiReading: outcome.chosen?.aiReading ?? null,
    confirmation: outcome.confirmation,
    plausibility: outcome.chosen?.plausibility ?? null,
    skipCode: meter.skipCode,
    jobId: outcome.chosen?.jobId ?? null,
    photo: outcome.chosen?.relPath ?? null,
    photos: outcome.chosen ? 1 + outcome.copies + outcome.others : 0,
    note: outcome.note,
    decision: meter.decision?.decision.kind ?? null,
    rereadPending: outcome.rereadPending,
    said: outcome.said,
  };
}

/** Photos no meter claims, each once (a byte-identical copy is the same photo). */
function* unmatchedPhotos(store: Store): Generator<MeterRow> {
  const seen = new Set<string>();
  for (const job of store.queries.iterate({})) {
    if (job.meterId !== null || job.state === 'rejected') continue;
    if (job.sha256) {
      if (seen.has(job.sha256)) continue;
      seen.add(job.sha256);
    }
    yield {
      meterId: null,
      account: null,
      address: null,
      route: null,
      sequence: null,
      state: 'unmatched',
      reading: billedReading(job),
      aiReading: job.aiReading,
      confirmation: null,
      plausibility: null,
      skipCode: null,
      jobId: job.id,
      photo: job.relPath,
      photos: 1,
      note: '',
      decision: null,
      rereadPending: false,
    };
  }
}

function keeps(row: MeterRow, filter: MeterFilter, needle: string): boolean {
  if (filter === 'two_photos') {
    if (row.photos < 2) return false;
  } else if (filter === 'reread') {
    if (!row.rereadPending) return false;
  } else if (filter === 'flagged') {
    if (row.state === 'unmatched' || !FLAGGED_METER_STATES.includes(row.state)) return false;
  } else if (filter !== 'all' && filter !== row.state) return false;
  if (!needle) return true;
  return [row.meterId, row.account, row.address, row.photo].some((v) =>
    v?.toLowerCase().includes(needle),
  );
}

export function listMeters(
  store: Store,
  q: { filter: MeterFilter; search?: string | undefined; offset?: number; limit?: number },
): MeterPage {
  const needle = q.search?.trim().toLowerCase() ?? '';
  const offset = q.offset ?? 0;
  const limit = q.limit ?? 200;
  const rows: MeterRow[] = [];
  let total = 0;
  const source =
    q.filter === 'unmatched'
      ? unmatchedPhotos(store)
      : (function* () {
          for (const r of meterReadings(store)) yield rowOf(r);
        })();
  for (const row of source) {
    if (!keeps(row, q.filter, needle)) continue;
    if (total >= offset && rows.length < limit) rows.push(row);
    total++;
  }
  return { rows, total };
}

export function billingOverview(store: Store): BillingOverview {
  const routes = new Map<
    string | null,
    { -readonly [K in keyof RouteProgressView]: RouteProgressView[K] }
  >();
  const totals = { ...noMeters(), photosToReview: 0 };
  const flaggedMeters: string[] = [];
  let twoPhotos = 0;
  let rereads = 0;
  for (const r of meterReadings(store)) {
    const key = r.meter.route;
    const route = routes.get(key) ?? { route: key, ...noMeters(), photosToReview: 0 };
    routes.set(key, route);
    route.meters++;
    route[r.outcome.state]++;
    totals.meters++;
    totals[r.outcome.state]++;
    route.photosToReview += r.photosToReview;
    totals.photosToReview += r.photosToReview;
    if (r.outcome.others > 0) twoPhotos++;
    if (r.outcome.rereadPending) rereads++;
    if (FLAGGED_METER_STATES.includes(r.outcome.state) && flaggedMeters.length < FLAGGED_NAMED)
      flaggedMeters.push(r.meter.meterId);
  }
  const unmatched = [...unmatchedPhotos(store)].length;
  const counts = store.jobs.counts();
  const notSent = counts.queued + counts.uploading + counts.submitted;
  return {
    sheets: store.meters
      .sheets()
      .map((s) => ({ name: s.name, meters: s.meters, loadedAt: s.loadedAt })),
    pattern: store.settings.get<string | null>(FILE_PATTERN_SETTING, null),
    routes: [...routes.values()],
    totals,
    unmatchedPhotos: unmatched,
    twoPhotos,
    rereads,
    notSent,
    flaggedMeters,
    templateJson: store.settings.get<string | null>(TEMPLATE_SETTING, null),
    orderFile: orderFileSummary(store),
  };
}

/**
 * Meters whose id, account or address contains the text, in walking order; ids first, and in
 * each the meters still without a photo first (the photo in hand most likely shows one of them).
 */
export function findMeters(store: Store, query: string, limit: number): MeterChoice[] {
  const needle = query.trim().toLowerCase();
  const photographed = new Set(store.meters.metersWithPhotos().map((id) => id.toLowerCase()));
  const byId: MeterChoice[] = [];
  const other: MeterChoice[] = [];
  const byIdLater: MeterChoice[] = [];
  const otherLater: MeterChoice[] = [];
  for (const m of store.meters.inRouteOrder()) {
    const later = photographed.has(m.meterId.toLowerCase());
    const choice = {
      meterId: m.meterId,
      account: m.account,
      address: m.address,
      route: m.route,
      sequence: m.sequence,
    };
    if (m.meterId.toLowerCase().includes(needle)) (later ? byIdLater : byId).push(choice);
    else if (needle && [m.account, m.address].some((v) => v?.toLowerCase().includes(needle)))
      (later ? otherLater : other).push(choice);
    if (byId.length >= limit) break;
  }
  return [...byId, ...byIdLater, ...other, ...otherLater].slice(0, limit);
}

function orderFileSummary(store: Store): BillingOverview['orderFile'] {
  const head = store.orderFiles.latestHead();
  return head && { name: head.name, profile: head.profile, loadedAt: head.loadedAt };
}

export function meterDetail(store: Store, meterId: string, nowMs: number): MeterDetail | null {
  const found = meterReading(store, meterId);
  if (!found) return null;
  const { meter, outcome } = found;
  const chosen = outcome.chosen;
  return {
    meter,
    state: outcome.state,
    reading: outcome.reading,
    confirmation: outcome.confirmation,
    note: outcome.note,
    spread: outcome.spread ?? null,
    chosenJobId: chosen?.jobId ?? null,
    check: outcome.check,
    matchHow: chosen ? (store.jobs.get(chosen.jobId)?.matchHow ?? null) : null,
    codeMismatch: chosen ? codeMismatchOfPhoto(store, chosen.jobId, meter.meterId) : null,
    decision: meter.decision,
    readType: outcome.readType,
    consumption: outcome.consumption,
    decisionNotes: outcome.notes,
    rereadPending: outcome.rereadPending,
    readDay: routeReadDay(store, meter.route, nowMs),
    said: outcome.said,
    history: meterHistoryOf(store.history.of(meter.meterId)),
    billingLimits: billingLimitsOf(store, found, officeTimeZone()),
  };
}
