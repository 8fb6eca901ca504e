// The desk's one interface to the office database (design: a small web service could later sit
// in front of it for a remote office without touching the rest). Every call is one short
// statement or transaction; every failure comes back as an OfficeError with the password removed.
import { decideMeter, type MeterDecision, type MeterEdit } from './meter-edits';
import { pruneAudit, type AuditPruned } from './audit-retention';
import { migrateOffice, requireOfficeSchema, type OfficeMigrated } from './migrate-office';
import {
  classifyOfficeError,
  openOfficeDb,
  type OfficeDbOptions,
  type OfficePool,
} from './office-db';
import {
  officeBillingRows,
  officeSheetDialect,
  publishSheetDialect,
  type DialectPublish,
  type OfficeBillingRow,
  type OfficeRouteCount,
} from './office-billing';
import { keptRouteCounts, refreshOfficeRows, type RefreshLimits } from './office-rows';
import {
  officeOverviewFacts,
  type OfficeOverviewFacts,
  type OverviewWants,
} from './office-overview';
import { officeExportLines, type LineMaker, type OfficeLines } from './office-lines';
import { officeReviewStore, type OfficeReviewStore } from './office-review-store';
import { liveDetail, type LiveDetail } from './live-detail';
import { decisionNews } from './decision-news';
import type { OfficeDecisionNews } from '../../../common/office-decision-news';
import type { OfficeChange } from './office-live';
import {
  changedOfficeRoutes,
  loadOfficeRoute,
  type RouteLoad,
  type RouteLoadResult,
} from './office-routes';
import type { OfficeRouteSheet } from '../../../common/billing/office-route-sheet';
import {
  keepOfficeOrderFile,
  officeOrderFile,
  officeOrderFilesOf,
  type OfficeOrderFile,
  type OrderFileGive,
  type OrderFileGiven,
} from './office-order-files';
import { claimOnHeldConnection, type WithinAnswerTime } from './held-claims';
import { claimPhoto, type ClaimBatch, type ClaimRequest, type PhotoClaim } from './photo-claims';
import {
  publishBatch,
  publishDecision,
  publishReading,
  type Published,
  type PublishedEntry,
  type PublishedDecision,
  type PublishedReading,
} from './publish';
import { leaseNextFlagged, type LeaseRequest, type ReviewLease } from './review-leases';
import { officeProfile, setOfficeProfile, type OfficeProfile } from './office-limits';
import {
  addOfficeHistory,
  officeHistoryCounts,
  officeHistorySince,
  type OfficeHistoryEntry,
} from './office-history';
import type { PlausibilityProfile } from '../../../common/billing/plausibility-profiles';
import type { AddOutcome, HistoryRow, HistorySource } from '../../store/history-repo';

export interface OfficeStore {
  /** Creates or migrates the schema (the owner role's URL); safe to run again. */
  migrate(): Promise<OfficeMigrated>;
  /** The owner's: sets the audit retention (days, when given) and prunes older audit rows. */
  pruneAudit(user: string, keepDays?: number): Promise<AuditPruned>;
  /** Refuses (OfficeError) unless the office's schema is the one this MeterDesk knows. */
  checkSchema(): Promise<number>;
  claimPhoto(req: ClaimRequest): Promise<PhotoClaim>;
  /**
   * An upload unit's claims in one statement, answered within `within` counted from when a
   * connection is held; 'late' when it was not (held-claims.ts).
   */
  claimPhotos(batch: ClaimBatch, within: WithinAnswerTime): Promise<PhotoClaim[] | 'late'>;
  publishReading(r: PublishedReading): Promise<Published>;
  publishDecision(d: PublishedDecision): Promise<Published>;
  /** A backlog's entries in one transaction, all or nothing. */
  publishBatch(entries: readonly PublishedEntry[]): Promise<Published[]>;
  decideMeter(d: MeterDecision): Promise<MeterEdit>;
  loadRoute(load: RouteLoad): Promise<RouteLoadResult>;
  /** The office's routes whose hash differs from the one this desk has, by route key. */
  changedRoutes(known: ReadonlyMap<string, string>): Promise<OfficeRouteSheet[]>;
  leaseNextFlagged(req: LeaseRequest): Promise<ReviewLease | null>;
  /** A desk's order file for its route, kept byte for byte (issue 31, item 6). */
  keepOrderFile(give: OrderFileGive): Promise<OrderFileGiven>;
  /** The office's order files of these routes. */
  orderFilesOf(routeKeys: readonly string[]): Promise<OfficeOrderFile[]>;
  /** The order file of a route, else the newest; null: the office keeps none. */
  orderFile(routeKey: string | null): Promise<OfficeOrderFile | null>;
  /** The dialect this desk's route sheets were loaded in, for the office export; routes changed. */
  publishDialect(p: DialectPublish): Promise<number>;
  /**
   * Every meter of the office with its billing row, derived from the office's readings, decisions
   * and meters, and the dialect its sheets were loaded in.
   */
  billingRows(): Promise<{ rows: OfficeBillingRow[]; dialect: unknown }>;
  /** The sheet dialect the office's routes were last loaded with; null: none published. */
  sheetDialect(): Promise<unknown>;
  /**
   * Every meter's line of the office export made with `key` (a template and zone), in walking
   * order; lines not kept for `key` are made by `make` and kept (office-lines.ts).
   */
  exportLines(key: string, make: LineMaker): Promise<OfficeLines>;
  routeCounts(): Promise<OfficeRouteCount[]>;
  /** The Export dialog's "Whole office": kept counts, the first flagged meters and rows. */
  exportOverview(wants: OverviewWants): Promise<OfficeOverviewFacts>;
  /**
   * Derives again the office's rows of routes whose facts changed (office-rows.ts); whether none
   * is left listed.
   */
  deriveRows(limits?: RefreshLimits): Promise<boolean>;
  /** Decisions made at desks other than `desk` above office id `after`, less `taken` (oldest first). */
  decisionNews(q: {
    after: number;
    desk: string;
    queue: string;
    taken: readonly number[];
  }): Promise<OfficeDecisionNews[]>;
  /** What a live change note leaves out (a decision's kind, the meter's number), for its line. */
  liveDetail(change: OfficeChange): Promise<LiveDetail | null>;
  /** The office's plausibility profile (issue 33); null while no desk chose one. */
  plausibilityProfile(): Promise<OfficeProfile | null>;
  /** Makes `profile` the office's, chosen at this desk (audited); every desk is told. */
  setPlausibilityProfile(profile: PlausibilityProfile): Promise<OfficeProfile>;
  /** Adds readings to the office's meter history as this desk; per row what became of it. */
  addHistory(rows: readonly HistoryRow[], source: HistorySource): Promise<AddOutcome[]>;
  historyCounts(): Promise<{ readings: number; meters: number }>;
  /** The office's history rows added or replaced after `rev`, oldest first, at most `limit`. */
  historySince(rev: string, limit: number): Promise<OfficeHistoryEntry[]>;
  /** Review between clerks in the window: a meter's lease, version and history. */
  readonly review: OfficeReviewStore;
  close(): Promise<void>;
}

/** The office's key of the route this desk has a meter on; null: the desk has no such meter. */
export type MeterRouteOf = (meterNumber: string) => string | null;

export interface OfficeStoreOptions extends OfficeDbOptions {
  /**
   * The desk's own routes: a meter number on two of the office's routes is the one on the route
   * the desk has it on (issue 30), for what it publishes and the meter it reviews.
   */
  routeOf?: MeterRouteOf;
}

export function openOfficeStore(url: string, opts: OfficeStoreOptions = {}): OfficeStore {
  const { routeOf = () => null, ...dbOpts } = opts;
  const asker = opts.desk ?? 'office rows';
  const pool: OfficePool = openOfficeDb(url, dbOpts);
  const routed = <T extends { meterNumber: string | null; routeKey?: string | null }>(e: T): T =>
    e.routeKey !== undefined || e.meterNumber === null
      ? e
      : { ...e, routeKey: routeOf(e.meterNumber) };
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw classifyOfficeError(error, url);
    }
  };
  return {
    migrate: () => guard(() => migrateOffice(pool)),
    pruneAudit: (user, keepDays) => guard(() => pruneAudit(pool, user, keepDays)),
    checkSchema: () => guard(() => requireOfficeSchema(pool)),
    claimPhoto: (req) => guard(() => claimPhoto(pool, req)),
    claimPhotos: (batch, within) => guard(() => claimOnHeldConnection(pool, batch, within)),
    publishReading: (r) => guard(() => publishReading(pool, routed(r))),
    publishDecision: (d) => guard(() => publishDecision(pool, routed(d))),
    publishBatch: (entries) =>
      guard(() =>
        publishBatch(
          pool,
          entries.map((e): PublishedEntry => {
            if (e.kind === 'reading') return { kind: 'reading', reading: routed(e.reading) };
            if (e.kind === 'decision') return { kind: 'decision', decision: routed(e.decision) };
            return { kind: 'codes', codes: routed(e.codes) };
          }),
        ),
      ),
    decideMeter: (d) => guard(() => decideMeter(pool, d)),
    loadRoute: (load) => guard(() => loadOfficeRoute(pool, load)),
    changedRoutes: (known) => guard(() => changedOfficeRoutes(pool, known)),
    leaseNextFlagged: (req) => guard(() => leaseNextFlagged(pool, req)),
    keepOrderFile: (give) => guard(() => keepOfficeOrderFile(pool, give)),
    orderFilesOf: (routeKeys) => guard(() => officeOrderFilesOf(pool, routeKeys)),
    orderFile: (routeKey) => guard(() => officeOrderFile(pool, routeKey)),
    publishDialect: (p) => guard(() => publishSheetDialect(pool, p)),
    billingRows: () =>
      guard(async () => ({
        rows: await officeBillingRows(pool, asker),
        dialect: await officeSheetDialect(pool),
      })),
    sheetDialect: () => guard(() => officeSheetDialect(pool)),
    exportLines: (key, make) => guard(() => officeExportLines(pool, asker, key, make)),
    routeCounts: () => guard(() => keptRouteCounts(pool, asker)),
    exportOverview: (wants) => guard(() => officeOverviewFacts(pool, asker, wants)),
    deriveRows: (limits) => guard(() => refreshOfficeRows(pool, asker, limits)),
    liveDetail: (change) => guard(() => liveDetail(pool, change)),
    decisionNews: (q) => guard(() => decisionNews(pool, q)),
    plausibilityProfile: () => guard(() => officeProfile(pool)),
    setPlausibilityProfile: (profile) => guard(() => setOfficeProfile(pool, asker, profile)),
    addHistory: (rows, source) => guard(() => addOfficeHistory(pool, asker, rows, source)),
    historyCounts: () => guard(() => officeHistoryCounts(pool)),
    historySince: (rev, limit) => guard(() => officeHistorySince(pool, rev, limit)),
    review: officeReviewStore(pool, guard, routeOf),
    close: () => pool.end(),
  };
}
