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
import { assessMeters } from '../billing/assess';
import { exportedHistoryRows } from '../billing/history/exported-history';
import { importHistoryFile, type HistoryImportResult } from '../billing/history/import-history';
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
import { decideForOffice, officeMeterDecision, withKey } from './office-decisions';
import { refuseIfOwnedElsewhere, type ActionName } from './ownership';
import type { ActionSite } from './site';

/** Where the queue keeps the office's billing export template (its JSON text). */
export const TEMPLATE_SETTING = 'billingTemplate';

export type AddOptions = Pick<AddPathsOptions, 'signal' | 'onProgress'>;

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
   * Confirms or corrects a finished reading; false when the photo is gone or not finished.
   * `officeKey`: the key the office already recorded it under (made there first).
   */
  review(
    id: number,
    action: 'accepted' | 'corrected',
    reading: string | null,
    officeKey?: string,
  ): boolean {
    const store = this.write('review');
    const kind = action === 'accepted' ? 'confirm' : 'correct';
    const reviewed = decideForOffice(
      store,
      this.site.clock,
      () => store.jobs.review(id, action, reading),
      (ok) => (ok ? withKey({ kind, jobId: id, reading }, officeKey) : null),
    );
    if (!reviewed) return false;
    // A corrected reading is the meter's new reading: its checks (and the next one's) follow.
    this.changed([id, ...routes.readingsChanged(store, [id], this.now())]);
    return true;
  }

  /** Takes a review back (the photo is not sent again); the meter's checks follow the reading. */
  undoReview(id: number, undone: MadeReview, restore: ReviewState, officeKey?: string): boolean {
    const store = this.write('undo review');
    const taken = decideForOffice(
      store,
      this.site.clock,
      () => store.jobs.undoReview(id, undone, restore),
      (ok) => (ok ? withKey({ kind: 'undo', jobId: id }, officeKey) : null),
    );
    if (!taken) return false;
    this.changed([id, ...routes.readingsChanged(store, [id], this.now())]);
    return true;
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
  recordSkip(meterId: string, code: SkipCode, note: string | null): boolean {
    const store = this.write('skip meter');
    const skipped = decideForOffice(
      store,
      this.site.clock,
      () => routes.recordSkip(store, meterId, code, note, this.now()),
      (ok) =>
        ok ? officeMeterDecision(meterId, { kind: 'skip', code, note: note ?? undefined }) : null,
    );
    if (!skipped) return false;
    this.changed(store.meters.photoIdsOf(meterId));
    return true;
  }

  /**
   * A reading typed for a meter, read on `readAt` (a local date; the route's read day without);
   * `byCustomer` when the customer read it (a customer card).
   */
  typeReading(meterId: string, reading: string, readAt?: string, byCustomer = false): boolean {
    const store = this.write('type reading');
    const typed = decideForOffice(
      store,
      this.site.clock,
      () => routes.typeReading(store, meterId, reading, this.now(), readAt, byCustomer),
      (ok) => (ok ? officeMeterDecision(meterId, { kind: 'typed', reading }) : null),
    );
    if (!typed) return false;
    this.meterChanged(store, meterId);
    return true;
  }

  /**
   * A clerk's decision for a meter (common/billing/decision-rules.ts): typed, skip, exchange,
   * re-read or estimate. Null for a meter not in the loaded sheets; a problem when the rules
   * refuse it now.
   */
  decideMeter(
    meterId: string,
    request: DecisionRequest,
    /** The key the office already recorded it under (office-first review); none: a new one. */
    officeKey?: string,
  ): ReturnType<typeof decideMeter> {
    const store = this.write('decide meter');
    // The rules' look at the meter and the decision kept are one transaction too.
    const made = decideForOffice(
      store,
      this.site.clock,
      () => decideMeter(store, meterId, request, this.site.clock.now()),
      (m) => (m?.ok ? withKey(officeMeterDecision(meterId, request), officeKey) : null),
    );
    if (made?.ok) this.meterChanged(store, meterId);
    return made;
  }

  /** What the rules say of a decision now, nothing written (office mode asks before the office). */
  checkMeterDecision(
    meterId: string,
    request: DecisionRequest,
  ): ReturnType<typeof checkMeterDecision> {
    return checkMeterDecision(this.write('decide meter'), meterId, request, this.site.clock.now());
  }

  /** Takes the meter's decision back; the one before it is the meter's again. */
  undoMeterDecision(meterId: string, officeKey?: string): ReturnType<typeof undoMeterDecision> {
    const store = this.write('undo meter decision');
    const undone = decideForOffice(
      store,
      this.site.clock,
      () => undoMeterDecision(store, meterId),
      (u) => (u?.ok ? withKey({ kind: 'undo', meterNumber: meterId }, officeKey) : null),
    );
    if (undone?.ok) this.meterChanged(store, meterId);
    return undone;
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
    const result = await importHistoryFile(store, file, dateOrder);
    const known = result.meterIds.filter((id) => store.meters.get(id) !== undefined);
    this.changed(known.length > 0 ? assessMeters(store, known, this.now()) : []);
    return result;
  }

  /**
   * A billing export was written: the readings billing takes become history (issue 33), so the
   * next cycle's checks know them. As safe beside an owner as the import. The readings added.
   */
  recordExport(rows: Iterable<BillingRow>): number {
    const outcomes = this.site.store().history.add(exportedHistoryRows(rows), 'export');
    return outcomes.filter((o) => o.kind === 'added').length;
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
