// The route panel of a desk in office mode counts what the office counts (issue 30, item 8: the
// supervisor's panel said 58 missing while the office had 55 read). Each route the office has takes
// the office's counts of its meters (officeRouteProgress, from the office's readings and decisions,
// whichever desk read or decided); the photos this desk still has to look at stay this desk's. The
// office's counts are read again only after a live note says something changed (or the listener
// was away), never on every refresh of the window, and a slow office is not waited for: the panel
// then shows the last counts the office gave, else this desk's own.
import type { BillingOverview, RouteProgressView } from '../../common/ipc/billing-views';
import { METER_STATES, noMeters, type MeterState } from '../../common/billing/meter-outcome';
import type { Clock } from '../time/clock';
import { answerWithin } from './answer-within';
import { officeRouteProgress, type OfficeRouteProgress } from './office-export';
import type { OfficeLive } from './store/office-live';
import type { OfficeStore } from './store/office-store';

/** How long the panel waits for the office's counts before it shows the last ones (ms). */
export const OFFICE_COUNTS_WAIT_MS = 1_500;

/**
 * The office's counts are read again at most this often (ms): they derive every meter's row, and
 * on a busy day a note arrives with every reading.
 */
export const OFFICE_COUNTS_EVERY_MS = 5_000;

type Counts = { -readonly [K in keyof RouteProgressView]: RouteProgressView[K] };

/** This desk's overview with the office's counts for each route the office has. */
export function withOfficeCounts(
  overview: BillingOverview,
  office: readonly OfficeRouteProgress[],
): BillingOverview {
  const byRoute = new Map(office.map((r) => [r.route, r]));
  const totals: Omit<Counts, 'route'> = { ...noMeters(), photosToReview: 0 };
  const routes = overview.routes.map((local): RouteProgressView => {
    const counted = byRoute.get(local.route);
    const route: Counts = counted
      ? { ...local, ...statesOf(counted), meters: counted.meters }
      : { ...local };
    totals.meters += route.meters;
    for (const s of METER_STATES) totals[s] += route[s];
    totals.photosToReview += route.photosToReview;
    return route;
  });
  return { ...overview, routes, totals, countedBy: 'office' };
}

function statesOf(r: OfficeRouteProgress): Record<MeterState, number> {
  return Object.fromEntries(METER_STATES.map((s) => [s, r[s]])) as Record<MeterState, number>;
}

/**
 * The office's route counts for a running desk: read again after a live note of a reading, a
 * decision or a meter (or a resync), at most one read at a time, the last answer kept.
 */
export class OfficeRouteCounts {
  private last: OfficeRouteProgress[] | null = null;
  private stale = true;
  private readAt = -Infinity;
  private reading: Promise<OfficeRouteProgress[] | null> | null = null;

  constructor(
    private readonly office: Pick<OfficeStore, 'routeCounts'>,
    live: Pick<OfficeLive, 'on'>,
    private readonly time: Clock,
  ) {
    live.on((event) => {
      if (
        event.kind === 'resync' ||
        (event.kind === 'change' && event.change.table !== 'review_leases')
      )
        this.stale = true;
    });
  }

  /** The office's counts now (waiting at most OFFICE_COUNTS_WAIT_MS), else the last; null: none. */
  counts(): Promise<OfficeRouteProgress[] | null> {
    const recent = this.time.now() - this.readAt < OFFICE_COUNTS_EVERY_MS;
    if (!this.stale || (recent && this.last !== null)) return Promise.resolve(this.last);
    this.reading ??= this.read();
    return answerWithin(
      this.time,
      OFFICE_COUNTS_WAIT_MS,
      () => this.reading ?? this.read(),
      this.last,
    );
  }

  private async read(): Promise<OfficeRouteProgress[] | null> {
    // Stale again if a note arrives while this read runs.
    this.stale = false;
    this.readAt = this.time.now();
    try {
      this.last = await officeRouteProgress(this.office);
    } catch {
      this.stale = true;
    } finally {
      this.reading = null;
    }
    return this.last;
  }
}

/** How long "Export missing meters" waits for the office's rows before it writes this desk's list. */
export const OFFICE_FIELD_LIST_WAIT_MS = 10_000;
