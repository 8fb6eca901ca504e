// Every user-level change to the queue, in one place: the window's backend, the CLI and the
// watched folders call these and nothing else that writes. Each action does its store write, then
// its follow-ups (read dates, meter matching, the plausibility checks), then tells the engine if
// one runs. With no engine (no service yet, no key) the queue still ends up complete and checked;
// the engine sends what was added once it starts.
import type { SkipCode } from '../../common/billing/billing-row';
import type { ColumnMapping } from '../../common/billing/column-mapping';
import type { AddSummary } from '../../common/engine-status';
import type { MadeReview, ReviewState } from '../../common/ipc/schemas';
import type { DecisionRequest } from '../../common/billing/decision-rules';
import type { DateOrder } from '../../common/billing/sheet-values';
import type { BillingRow } from '../../common/billing/billing-row';
import { assessMeters, PLAUSIBILITY_SETTING, plausibilityConfig } from '../billing/assess';
import {
  PROFILE_CONFIGS,
  profileOf,
  type PlausibilityProfile,
} from '../../common/billing/plausibility-profiles';
import { exchangeBridges, exportedHistoryRows } from '../billing/history/exported-history';
import type { TakenHistoryRow } from '../billing/history/office-history-mark';
import { takeHistoryRows } from './take-office-history';
import {
  historyResult,
  readHistoryFile,
  type HistoryImportResult,
} from '../billing/history/import-history';
import { checkMeterDecision, decideMeter, undoMeterDecision } from '../billing/meter-decisions';
import type { OfficeRouteSheet } from '../../common/billing/office-route-sheet';
import { takeOfficeRoutes, type RoutesTaken } from '../billing/office-route-sheets';
import * as routes from '../billing/routes';
import { loadOrderFile, type OrderFileLoad } from '../billing/order-files/load-order-file';
import type { OrderProfile } from '../../common/billing/order-files/profile';
import { addPaths, type AddPathsOptions } from '../engine/add-paths';
import type { PhotoCheckThresholds } from '../../common/photo-checks';
import { writeThresholds } from '../photo-checks/thresholds';
import type { Store } from '../store/store';
import { canUndo } from '../../common/billing/decision-rules';
import type { JobRecord } from '../../common/job-record';
import type { OutboxDecision } from '../store/office-outbox';
import { decideOfficeFirst, officeMeterDecision } from './office-decisions';
import type { OfficeAsk, RefusedInOffice } from '../../common/office-decision-port';
import { refuseIfOwnedElsewhere, type ActionName } from './ownership';
import type { DecisionsTaken, OfficeDecisionNews } from '../../common/office-decision-news';
import { takeOfficeDecisions } from './take-office-decisions';
import type { ActionSite } from './site';

/** Where the queue keeps the office's billing export template (its JSON text). */
export const TEMPLATE_SETTING = 'billingTemplate';

export type AddOptions = Pick<AddPathsOptions, 'signal' | 'onProgress'>;

export type MeterDecided = ReturnType<typeof decideMeter>;
export type MeterUndone = ReturnType<typeof undoMeterDecision>;

/** A meter decision asked of the office: the meter by the number this desk knows it by. */
const meterAsk = (
  meterNumber: string,
  decision: OutboxDecision,
  seenVersion: number | undefined,
): OfficeAsk => ({ meterNumber, decision, seenVersion, sha256: null });

/** A photo's review asked of the office as a decision on its meter; none without a meter. */
const photoAsk = (
  job: JobRecord,
  decision: OutboxDecision,
  seenVersion: number | undefined,
): OfficeAsk | null =>
  job.meterId === null
    ? null
    : { meterNumber: job.meterId, decision, seenVersion, sha256: job.sha256 };

/** The row still carries the review being undone (the store's own rule, asked before the office). */
const carries = (job: JobRecord, undo: MadeReview): boolean =>
  job.state === 'done' &&
  job.reviewAction === undo.action &&
  job.reviewedReading === undo.reading &&
  job.reviewedAt === undo.reviewedAt;

export class QueueActions {
  constructor(private readonly site: ActionSite) {}

  /** Dropped or chosen files and folders; `onProgress` hears how many files the scan saw. */
  addPhotos(paths: readonly string[], opts: AddOptions = {}): Promise<AddSummary> {
    return this.add('add photos', paths, opts);
  }

  /** New files that settled in a watched folder: recorded under that folder. */
  addArrivals(folder: string, paths: readonly string[]): Promise<AddSummary> {
    return this.add('add arrivals', paths, { under: folder });
  }

  /**
   * Confirms or corrects a finished reading; false when the photo is gone or not finished. In
   * office mode a photo of a meter is reviewed in the office first, on the meter's version the
   * clerk saw (`officeVersion`); refused there, nothing is written and the refusal is the answer.
   */
  async review(
    id: number,
    action: 'accepted' | 'corrected',
    reading: string | null,
    officeVersion?: number,
  ): Promise<boolean | RefusedInOffice> {
    const store = this.write('review');
    const job = store.jobs.get(id);
    if (job?.state !== 'done') return false;
    const decision: OutboxDecision = {
      kind: action === 'accepted' ? 'confirm' : 'correct',
      jobId: id,
      reading,
    };
    const reviewed = await decideOfficeFirst(
      this.site,
      photoAsk(job, decision, officeVersion),
      decision,
      (s) => s.jobs.review(id, action, reading),
      (ok) => ok,
    );
    // A corrected reading is the meter's new reading: its checks (and the next one's) follow.
    if (reviewed === true) this.changed([id, ...routes.readingsChanged(store, [id], this.now())]);
    return reviewed;
  }

  /**
   * Takes a review back (the photo is not sent again); the meter's checks follow the reading.
   * False when the photo no longer carries the review being undone (asked before the office).
   */
  async undoReview(
    id: number,
    undone: MadeReview,
    restore: ReviewState,
    officeVersion?: number,
  ): Promise<boolean | RefusedInOffice> {
    const store = this.write('undo review');
    const job = store.jobs.get(id);
    if (!job || !carries(job, undone)) return false;
    const decision: OutboxDecision = { kind: 'undo', jobId: id };
    const taken = await decideOfficeFirst(
      this.site,
      photoAsk(job, decision, officeVersion),
      decision,
      (s) => s.jobs.undoReview(id, undone, restore),
      (ok) => ok,
    );
    if (taken === true) this.changed([id, ...routes.readingsChanged(store, [id], this.now())]);
    return taken;
  }

  /** Failed photos back into the queue (all of them without ids); how many went. */
  retryFailed(ids?: readonly number[]): number {
    const retried = this.write('retry').jobs.retryFailed(ids);
    this.changed(ids ?? []);
    return retried;
  }

  /** Held photos sent anyway, overruling the quality check; how many will go. */
  sendHeldAnyway(ids: readonly number[]): number {
    const sent = this.write('send anyway').jobs.sendHeldAnyway(ids);
    this.changed(sent);
    return sent.length;
  }

  /** The office's quality-check thresholds; photos checked from now on are judged by them. */
  setPhotoCheckThresholds(thresholds: PhotoCheckThresholds): void {
    writeThresholds(this.write('set photo checks').settings, thresholds);
  }

  /**
   * The plausibility limits the checks use (a profile, issue 33): stored for this queue (the
   * window and `meter-desk run` check alike), then every meter's readings are checked again. In
   * office mode the office's first (office migration 012): every desk and the office export then
   * judge by it. An office away leaves it this desk's alone, as a decision made alone.
   */
  async setPlausibilityProfile(profile: PlausibilityProfile): Promise<'office' | 'alone'> {
    this.write('set plausibility limits');
    const port = this.site.office?.() ?? null;
    const where = port?.chooseProfile ? await port.chooseProfile(profile) : 'alone';
    this.useProfile(this.write('set plausibility limits'), profile);
    return where;
  }

  /**
   * The office's profile, chosen at another desk, taken into this queue; false when the queue
   * judges by it already (nothing is checked again).
   */
  takeOfficeProfile(profile: PlausibilityProfile): boolean {
    const store = this.write('set plausibility limits');
    if (profileOf(plausibilityConfig(store)) === profile) return false;
    this.useProfile(store, profile);
    return true;
  }

  private useProfile(store: Store, profile: PlausibilityProfile): void {
    store.settings.set(PLAUSIBILITY_SETTING, PROFILE_CONFIGS[profile]);
    this.changed(assessMeters(store, store.meters.metersWithPhotos(), this.now()));
  }

  /** Removes photos from the list; `kept`: those in flight, left alone (guarded in SQL). */
  remove(ids: readonly number[]): { removed: number; kept: number } {
    const outcome = this.write('remove').jobs.remove(ids);
    this.changed([]);
    return outcome;
  }

  /** A person says which meter a photo shows (null: none of them); see routes.assignMeter. */
  assignMeter(jobId: number, meterId: string | null): boolean {
    const store = this.write('assign meter');
    if (!routes.assignMeter(store, jobId, meterId, this.now())) return false;
    this.changed([jobId]);
    return true;
  }

  /** A meter nobody could read; false for a meter not in the loaded sheets. */
  async recordSkip(
    meterId: string,
    code: SkipCode,
    note: string | null,
    officeVersion?: number,
  ): Promise<boolean | RefusedInOffice> {
    const store = this.write('skip meter');
    if (!store.meters.get(meterId)) return false;
    const decision = officeMeterDecision(meterId, {
      kind: 'skip',
      code,
      note: note?.trim() || null,
    });
    const skipped = await decideOfficeFirst(
      this.site,
      meterAsk(meterId, decision, officeVersion),
      decision,
      (s) => routes.recordSkip(s, meterId, code, note, this.now()),
      (ok) => ok,
    );
    if (skipped === true) this.changed(store.meters.photoIdsOf(meterId));
    return skipped;
  }

  /**
   * A reading typed for a meter, read on `readAt` (a local date; the route's read day without);
   * `byCustomer` when the customer read it (a customer card).
   */
  async typeReading(
    meterId: string,
    reading: string,
    readAt?: string,
    byCustomer = false,
    officeVersion?: number,
  ): Promise<boolean | RefusedInOffice> {
    const store = this.write('type reading');
    if (!store.meters.get(meterId)) return false;
    // The read day the rules give (the route's, without one) is what the office is told.
    const request = { kind: 'typed', reading: reading.trim(), readAt, byCustomer } as const;
    const ruled = checkMeterDecision(store, meterId, request, this.site.clock.now());
    if (ruled === null || !ruled.ok) return false;
    const decision = officeMeterDecision(meterId, ruled.decision);
    const typed = await decideOfficeFirst(
      this.site,
      meterAsk(meterId, decision, officeVersion),
      decision,
      (s) => routes.typeReading(s, meterId, reading, this.now(), readAt, byCustomer),
      (ok) => ok,
    );
    if (typed === true) this.meterChanged(store, meterId);
    return typed;
  }

  /**
   * A clerk's decision for a meter (common/billing/decision-rules.ts): typed, skip, exchange,
   * re-read or estimate. The desk's rules first (the office never records what this desk
   * refuses), then the office with the version the clerk saw (`officeVersion`), then the queue
   * and its outbox entry in one transaction. Null for a meter not in the loaded sheets; a
   * problem when the rules refuse it; the office's refusal (nothing written).
   */
  async decideMeter(
    meterId: string,
    request: DecisionRequest,
    officeVersion?: number,
  ): Promise<MeterDecided | RefusedInOffice> {
    const store = this.write('decide meter');
    const ruled = checkMeterDecision(store, meterId, request, this.site.clock.now());
    if (ruled === null || !ruled.ok) return ruled;
    const decision = officeMeterDecision(meterId, ruled.decision);
    // The rules look at the meter again in the write's transaction: the desk may have changed
    // while the office answered.
    const made = await decideOfficeFirst(
      this.site,
      meterAsk(meterId, decision, officeVersion),
      decision,
      (s) => decideMeter(s, meterId, request, this.site.clock.now()),
      (m) => m?.ok === true,
    );
    if (made?.ok) this.meterChanged(store, meterId);
    return made;
  }

  /** Takes the meter's decision back; the one before it is the meter's again (office first). */
  async undoMeterDecision(
    meterId: string,
    officeVersion?: number,
  ): Promise<MeterUndone | RefusedInOffice> {
    const store = this.write('undo meter decision');
    const meter = store.meters.get(meterId);
    if (!meter) return null;
    const problem = canUndo(meter.decision);
    if (problem) return { ok: false, problem };
    const decision: OutboxDecision = { kind: 'undo', meterNumber: meterId };
    const undone = await decideOfficeFirst(
      this.site,
      meterAsk(meterId, decision, officeVersion),
      decision,
      (s) => undoMeterDecision(s, meterId),
      (u) => u?.ok === true,
    );
    if (undone?.ok) this.meterChanged(store, meterId);
    return undone;
  }

  /**
   * Other desks' decisions as the office recorded them, applied here as made at their desk, in
   * the office's order and once each, never published again (take-office-decisions.ts); the
   * meters' and photos' checks follow, and the field list, route panel and export with them.
   */
  async takeOfficeDecisions(news: readonly OfficeDecisionNews[]): Promise<DecisionsTaken> {
    const store = this.write('decide meter');
    const { jobIds, ...taken } = takeOfficeDecisions(store, this.site.clock, news);
    for (const meterId of taken.meters) this.meterChanged(store, meterId);
    if (jobIds.length > 0)
      this.changed([...jobIds, ...routes.readingsChanged(store, jobIds, this.now())]);
    return Promise.resolve(taken);
  }

  /** Loads a route sheet (all or nothing); every photo not confirmed is matched and checked. */
  async loadRouteSheet(
    source: string | Uint8Array,
    opts: { name: string; mapping?: ColumnMapping; folders?: readonly string[] },
  ): Promise<routes.SheetLoad> {
    const store = this.write('load route sheet');
    const loaded = await routes.loadRouteSheet(store, source, { ...opts, now: this.now() });
    if (loaded.ok) this.changed(loaded.changed);
    return loaded;
  }

  /**
   * Takes the office's routes loaded at other desks (or loaded here again elsewhere) into this
   * queue as sheets of their own; every photo not confirmed is matched and checked against them.
   */
  async takeOfficeRoutes(officeRoutes: readonly OfficeRouteSheet[]): Promise<RoutesTaken> {
    const taken = await takeOfficeRoutes(this.write('load route sheet'), officeRoutes, this.now());
    this.changed(taken.changed);
    return taken;
  }

  /**
   * Loads a billing system's order file as a route (issue 31): kept byte for byte for the return
   * file; `profile` null: recognised by content (not an order file: the caller loads a sheet).
   */
  async loadOrderFile(
    bytes: Uint8Array,
    opts: {
      name: string;
      profile: OrderProfile | null;
      fileTime: string | null;
      folders?: readonly string[];
    },
  ): Promise<OrderFileLoad> {
    const store = this.write('load route sheet');
    const loaded = await loadOrderFile(store, bytes, { ...opts, now: this.now() });
    if (loaded.ok) this.changed(loaded.changed);
    return loaded;
  }

  /** Whether a camera's own numbering may be a meter number; every photo is matched again. */
  setCameraCounters(on: boolean): ReturnType<typeof routes.setCameraCounters> {
    const match = routes.setCameraCounters(this.write('set camera counters'), on, this.now());
    this.changed(match.changed);
    return match;
  }

  /** Sets (null: clears) the file-name pattern; every photo is matched again by it. */
  setFilePattern(source: string | null): ReturnType<typeof routes.setFilePattern> {
    const set = routes.setFilePattern(this.write('set file pattern'), source, this.now());
    if (set.ok) this.changed(set.match.changed);
    return set;
  }

  /** The office's billing export template, as checked JSON. */
  saveTemplate(templateJson: string): void {
    this.write('save template').settings.set(TEMPLATE_SETTING, templateJson);
  }

  private async add(
    action: ActionName,
    paths: readonly string[],
    opts: AddPathsOptions,
  ): Promise<AddSummary> {
    const store = this.write(action);
    const summary = await addPaths(store, paths, opts);
    // With route sheets loaded: the new photos' read dates, meters and checks.
    await routes.photosAdded(store, this.now(), opts.signal);
    const engine = this.site.engine();
    const quotaRemaining = engine && summary.queued > 0 ? await engine.quotaForAdd() : undefined;
    engine?.queueChanged();
    return quotaRemaining === undefined ? summary : { ...summary, quotaRemaining };
  }

  /** The queue to write, once the owner rule allows this action. */
  /**
   * A billing system's history of readings (issue 33, `meter-desk history import`). Safe beside
   * an owner, as a review is: only this and a confirmed export write meter_history, and the checks
   * it re-runs are recomputed whole from the rows, whoever writes last.
   */
  async importHistory(file: string, dateOrder?: DateOrder): Promise<HistoryImportResult> {
    const store = this.site.store();
    const parsed = await readHistoryFile(file, dateOrder);
    const rows = parsed.rows.map((r) => r.row);
    // In office mode history is the office's (issue 33): the office's answer is the import's.
    const port = this.site.office?.() ?? null;
    const office = port?.keepHistory ? await port.keepHistory(rows, 'import') : null;
    // The queue keeps them too, so this desk's checks know them at once.
    const here = store.history.add(rows, 'import');
    const result = historyResult(parsed, office ?? here);
    const known = result.meterIds.filter((id) => store.meters.get(id) !== undefined);
    this.changed(known.length > 0 ? assessMeters(store, known, this.now()) : []);
    return result;
  }

  /**
   * Rows of the office's history, imported or exported at other desks, taken into this queue
   * with the mark of the newest (as safe beside an owner as the import): this desk's checks,
   * meter detail and inspection list know what the office knows. A row this queue holds with
   * another reading stays as it is here (the office's derivation reads the office's). The
   * readings added.
   */
  takeOfficeHistory(rows: readonly TakenHistoryRow[]): number {
    const store = this.site.store();
    const { added, meters } = takeHistoryRows(store, rows);
    const known = meters.filter((id) => store.meters.get(id) !== undefined);
    if (added > 0 && known.length > 0) this.changed(assessMeters(store, known, this.now()));
    return added;
  }

  /**
   * A billing export was written: the readings billing takes become history (issue 33), so the
   * next cycle's checks know them; in office mode the office's too (an office away: this
   * queue's only, the office export adds them later). As safe beside an owner as the import.
   * The readings added here.
   */
  async recordExport(rows: Iterable<BillingRow>): Promise<number> {
    const history = this.site.store().history;
    const exported = exportedHistoryRows(rows);
    const outcomes = history.add(exported, 'export');
    // After the exchange's own rows are kept: the old meter's removal is part of what is carried.
    const bridges = exchangeBridges(exported, (id) => history.of(id));
    const bridged = history.add(bridges, 'export');
    const port = this.site.office?.() ?? null;
    const kept = [...exported, ...bridges];
    if (port?.keepHistory && kept.length > 0)
      await port.keepHistory(kept, 'export').catch(() => null);
    return [...outcomes, ...bridged].filter((o) => o.kind === 'added').length;
  }

  private write(action: ActionName): Store {
    refuseIfOwnedElsewhere(this.site, action);
    return this.site.store();
  }

  /** A meter's decision changed: its photos' checks follow, and the engine hears of them. */
  private meterChanged(store: Store, meterId: string): void {
    const photos = store.meters.photoIdsOf(meterId);
    this.changed([...photos, ...routes.readingsChanged(store, photos, this.now())]);
  }

  private changed(ids: readonly number[]): void {
    this.site.engine()?.queueChanged(ids);
  }

  private now(): Date {
    return new Date(this.site.clock.now());
  }
}
