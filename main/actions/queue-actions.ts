// Every user-level change to the queue, in one place: the window's backend, the CLI and the
// watched folders call these and nothing else that writes. Each action does its store write, then
// its follow-ups (read dates, meter matching, the plausibility checks), then tells the engine if
// one runs. With no engine (no service yet, no key) the queue still ends up complete and checked;
// the engine sends what was added once it starts.
import type { ColumnMapping } from '../../common/billing/column-mapping';
import type { AddSummary } from '../../common/engine-status';
import type { MadeReview, ReviewState } from '../../common/ipc/schemas';
import type { OfficeRouteSheet } from '../../common/billing/office-route-sheet';
import { takeOfficeRoutes, type RoutesTaken } from '../billing/office-route-sheets';
import * as routes from '../billing/routes';
import { loadOrderFile, type OrderFileLoad } from '../billing/order-files/load-order-file';
import type { OrderProfile } from '../../common/billing/order-files/profile';
import { addPaths, type AddPathsOptions } from '../engine/add-paths';
import type { PhotoCheckThresholds } from '../../common/photo-checks';
import { writeThresholds } from '../photo-checks/thresholds';
import type { Store } from '../store/store';
import type { JobRecord } from '../../common/job-record';
import type { OutboxDecision } from '../store/office-outbox';
import { decideOfficeFirst } from './office-decisions';
import type { OfficeAsk, RefusedInOffice } from '../../common/office-decision-port';
import type { ActionName } from './ownership';
import type { ActionSite } from './site';
import { ActionSteps } from './action-steps';
import { HistoryActions } from './history-actions';
import { MeterActions } from './meter-actions';

/** Where the queue keeps the office's billing export template (its JSON text). */
export const TEMPLATE_SETTING = 'billingTemplate';

export type AddOptions = Pick<AddPathsOptions, 'signal' | 'onProgress'>;

export type { MeterDecided, MeterUndone } from './meter-actions';

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
  private readonly steps: ActionSteps;
  private readonly meters: MeterActions;
  private readonly checks: HistoryActions;

  constructor(private readonly site: ActionSite) {
    this.steps = new ActionSteps(site);
    this.meters = new MeterActions(this.steps);
    this.checks = new HistoryActions(this.steps);
  }

  // A meter's decisions: meter-actions.ts.
  readonly recordSkip: MeterActions['recordSkip'] = (...a) => this.meters.recordSkip(...a);
  readonly typeReading: MeterActions['typeReading'] = (...a) => this.meters.typeReading(...a);
  readonly decideMeter: MeterActions['decideMeter'] = (...a) => this.meters.decideMeter(...a);
  readonly undoMeterDecision: MeterActions['undoMeterDecision'] = (...a) =>
    this.meters.undoMeterDecision(...a);
  readonly takeOfficeDecisions: MeterActions['takeOfficeDecisions'] = (...a) =>
    this.meters.takeOfficeDecisions(...a);

  // The plausibility profile and the meters' history: history-actions.ts.
  readonly setPlausibilityProfile: HistoryActions['setPlausibilityProfile'] = (...a) =>
    this.checks.setPlausibilityProfile(...a);
  readonly takeOfficeProfile: HistoryActions['takeOfficeProfile'] = (...a) =>
    this.checks.takeOfficeProfile(...a);
  readonly importHistory: HistoryActions['importHistory'] = (...a) =>
    this.checks.importHistory(...a);
  readonly takeOfficeHistory: HistoryActions['takeOfficeHistory'] = (...a) =>
    this.checks.takeOfficeHistory(...a);
  readonly recordExport: HistoryActions['recordExport'] = (...a) => this.checks.recordExport(...a);

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

  private write(action: ActionName): Store {
    return this.steps.write(action);
  }

  private changed(ids: readonly number[]): void {
    this.steps.changed(ids);
  }

  private now(): Date {
    return this.steps.now();
  }
}
