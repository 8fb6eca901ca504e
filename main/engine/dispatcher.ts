// The engine's loop: on each turn it reads what falls due from the queue and starts uploads and
// polls within the limits, then sleeps until the next job is due (a finished request wakes it
// earlier). Every decision comes from the SQLite queue, so a new process carries on where a killed
// one stopped.
import type { JobRecord } from '../../common/job-record';
import type { Store } from '../store/store';
import type { Pacer } from '../api/pacer';
import { Timer, type Clock } from '../time/clock';
import { Ewma } from './backoff';
import { BURST_GAP_MS } from './poll-budget';
import type { EngineConfig } from './config';
import type { EngineContext } from './context';
import type { Deployment } from './deployment';
import type { Holds } from './holds';
import { uploadRoute, type UploadRoute } from './upload-route';
import { planPolls, runPoll } from './polls';
import { SharedSlots } from './shared-slots';
import { composeUnit, runUpload, submissionRoom } from './uploads';

export interface DispatcherDeps {
  readonly store: Store;
  readonly pacer: Pacer;
  readonly config: EngineConfig;
  readonly clock: Clock;
  readonly holds: Holds;
  /** The context of the current run (its signal ends with the run). */
  context(): EngineContext;
  readonly deployment: Deployment;
  /** Paused by the person: no new uploads; tasks at the service are still polled. */
  paused(): boolean;
  running(): boolean;
  /** The run's first quota and AI status reads have answered (or failed). */
  preflighted(): boolean;
  /** The run has asked whether the key may read tasks: until then no single task goes. */
  taskReadsKnown(): boolean;
  /** Photos the quota still covers with `inFlight` sent and not ended; Infinity when not known. */
  quotaLeft(inFlight: number): number;
  /** The quota covers nothing more and nothing is in flight: read it again (or hold). */
  quotaSpent(): void;
  /** Photos cannot be sent at all now (business, permissions): hold uploads with the reason. */
  cannotUpload(route: Extract<UploadRoute, { ok: false }>): void;
  /** Tasks no permitted read can reach now: they wait, and the run says why. */
  cannotPoll(jobs: readonly JobRecord[]): void;
  /** Runs an asynchronous step the engine waits for when it stops; the loop turns after it. */
  track(work: Promise<unknown>): void;
  changed(ids: readonly number[]): void;
}

/**
 * List polls that may be on their way at once. On a far service an answer takes longer than the
 * gap between the polls of a burst: one list at a time would space them by the answer's delay
 * instead, and every task would wait that much longer to be seen finished.
 */
export const LISTS_IN_FLIGHT = 4;

/** The loop never sleeps longer than this, so a clock jump or a missed wake costs a minute at most. */
const MAX_SLEEP_MS = 60_000;
const MIN_SLEEP_MS = 50;
const POLLS_PER_TURN = 500;

export class Dispatcher {
  private turnQueued = false;
  private readonly wake: Timer;
  private uploadsInFlight = 0;
  /** An upload has been answered since start(): the service has told its concurrency limit. */
  private uploadAnswered = false;
  private uploadingFiles = 0;
  /** Slots another program holds on the same key, from the concurrency headers. */
  private readonly sharedSlots = new SharedSlots();
  /** Uploads on their way with more file content than the deployment is known to take. */
  private untriedInFlight = 0;
  private pollsInFlight = 0;
  /** Jobs a task or batch poll on its way asks about: not asked about again until it answers. */
  private readonly polling = new Set<number>();
  /** Jobs list polls on their way cover, and how many: a later list may cover them again. */
  private readonly listing = new Map<number, number>();
  private readonly listCoverage = new Ewma(0.3, 1);
  /** List polls on their way: at most one per poll spacing, as each shows every task anyway. */
  private listsInFlight = 0;
  private lastListAt = -Infinity;
  private listSkips = 0;

  constructor(private readonly d: DispatcherDeps) {
    this.wake = new Timer(d.clock, () => {
      this.kick();
    });
  }

  /** Asks for a turn of the loop soon (once, however often it is asked before it runs). */
  kick(): void {
    if (this.turnQueued || !this.d.running()) return;
    this.turnQueued = true;
    setImmediate(() => {
      this.turn();
    });
  }

  stop(): void {
    this.wake.clear();
  }

  private turn(): void {
    this.turnQueued = false;
    if (!this.d.running()) return;
    const now = this.d.clock.now();
    const { holds } = this.d;
    if (!holds.pollsHeld) {
      // Tasks already at the service are paid for: a pause stops sending, never collecting.
      this.dispatchPolls(now);
      if (!this.d.paused() && !holds.uploadsHeld) this.dispatchUploads(now);
    }
    this.sleep(now);
  }

  private dispatchUploads(now: number): void {
    const { store, config, deployment } = this.d;
    const route = uploadRoute(config, deployment);
    // Beside the run's first reads only its first photo may go, alone and as a single task, which
    // every deployment takes (CAD too) and which carries no business; what the reads say decides
    // the rest. On a far service that saves the run an answer's delay.
    const early = !this.d.preflighted();
    if (early && !(route.ok && route.single && config.batchMode !== 'always')) return;
    if (early && (config.business !== null || this.uploadsInFlight > 0)) return;
    // A single task the key may not read could only be followed by sending it again (paid twice).
    // Until the key has said whether it may read tasks, the first photo goes as a single task only
    // when a recent run heard that it may, else as a batch of one, which batch reads follow too.
    // Waiting for the answer cost every run one answer's delay (issue 29: the first photo 150 ms
    // later on a far service, and every round after it with it).
    const blind = early && !this.d.taskReadsKnown() && !deployment.taskReadsRemembered;
    if (blind && !(route.ok && route.batch)) return;
    if (!route.ok) {
      if (store.jobs.nextQueuedAt() !== null) this.d.cannotUpload(route);
      return;
    }
    const known = this.d.pacer.limits();
    const limit = this.sharedSlots.limit(
      Math.min(config.maxConcurrency, known.concurrency?.limit ?? Infinity),
    );
    // A batch costs one submission unit per file: one larger than a whole window (less the
    // pacer's reserve) could never be sent.
    const perWindow =
      known.submissions.limit === undefined
        ? Infinity
        : Math.max(1, known.submissions.limit - known.reserve.submissions);
    let windowRoom = submissionRoom(known, this.uploadingFiles, now);
    let active = store.jobs.inFlightTasks() + this.uploadingFiles;
    // Only creation answers carry the key's concurrency limit (spec 8.2): until one has come back,
    // one photo at a time, rather than a burst into an unknown limit that collects 429s.
    const probing = early || (!this.uploadAnswered && known.concurrency?.limit === undefined);
    const parallel = probing ? 1 : config.maxParallelUploads;
    while (this.uploadsInFlight < parallel && active < limit) {
      // The window is spent: the next upload is composed when it opens (the loop looks again
      // every turn), sized to the new budget, instead of a full batch waiting in the pacer and
      // then not fitting into what the new window has left after the one before it.
      if (windowRoom < 1) break;
      // The service refuses a whole batch whose new images need more quota than is left: never
      // ask for more than remains, or the last readings of the day could never be used.
      const quotaLeft = this.d.quotaLeft(active);
      if (quotaLeft < 1) {
        if (active === 0 && store.jobs.dueUploads(now, 1).length > 0) this.d.quotaSpent();
        break;
      }
      const most =
        route.batch && !probing
          ? Math.min(deployment.batchMaxFiles, limit - active, perWindow, quotaLeft, windowRoom)
          : 1;
      // Beyond the file content the deployment is known to take, one upload at a time finds out
      // ("20MB" may be 20,000,000 bytes): a 413 then costs that upload, not every one on its way.
      const proven = deployment.provenBytes;
      const unit = composeUnit(
        store.jobs.dueUploads(now, Math.max(1, most)),
        Math.max(1, most),
        this.untriedInFlight > 0 ? proven : deployment.batchMaxBytes,
      );
      if (!unit) break;
      const untried = unit.jobs.reduce((n, j) => n + j.size, 0) > proven;
      if (untried && this.untriedInFlight > 0) break;
      // A batch of one buys nothing over a single task, unless only a batch carries the business
      // (or batch mode is "always"; a photo a batch refused goes alone as a plain task then).
      const alone = unit.jobs.length === 1;
      const solo = alone && unit.jobs[0]?.solo === true;
      // A photo a batch refused goes alone, as a single task: not before the key's answer.
      if (blind && solo) break;
      unit.asBatch =
        blind ||
        (route.batch && (!route.single || !alone || (config.batchMode === 'always' && !solo)));
      const moved = new Set(store.jobs.markUploading(unit.jobs.map((j) => j.id)));
      unit.jobs = unit.jobs.filter((j) => moved.has(j.id)).map((j) => store.jobs.get(j.id) ?? j);
      if (unit.jobs.length === 0) break;
      const files = unit.jobs.length;
      this.uploadsInFlight++;
      if (untried) this.untriedInFlight++;
      this.uploadingFiles += files;
      active += files;
      windowRoom -= files;
      this.d.changed(unit.jobs.map((j) => j.id));
      this.d.track(
        runUpload(this.d.context(), unit).finally(() => {
          this.uploadAnswered = true;
          this.uploadsInFlight--;
          if (untried) this.untriedInFlight--;
          this.uploadingFiles -= files;
          this.sharedSlots.learn(this.d.pacer.limits().concurrency, store.jobs.inFlightTasks());
        }),
      );
    }
  }

  private dispatchPolls(now: number): void {
    const { config, store } = this.d;
    if (this.pollsInFlight >= config.maxParallelPolls) return;
    const due = store.jobs.duePolls(now, POLLS_PER_TURN).filter((j) => !this.polling.has(j.id));
    // A list that covered too little is tried again now and then: it may cover more once the
    // tasks in flight are fewer or newer.
    const useList =
      config.listPolling && (this.listCoverage.value > 0.3 || ++this.listSkips % 10 === 0);
    const { deployment } = this.d;
    const { listHealth, pollBudget } = this.d.context();
    const taskReads = deployment.deniedMessage('get_task') === null;
    // A failing or slow list is left aside while reads by id reach its tasks (list-health.ts).
    const listAside = !listHealth.usable && taskReads;
    const { groups, unreachable } = planPolls(
      due,
      useList,
      {
        listLimit: listAside ? null : deployment.listLimit,
        batchReads: deployment.deniedMessage('get_batch') === null,
        taskReads,
      },
      store.jobs.inFlightTasks(),
    );
    // Tried again on its own, covering no task: the reads by id go on while it is on its way.
    if (listAside && deployment.listLimit !== null && listHealth.recheckDue(now)) {
      groups.unshift({ kind: 'list', jobs: [] });
    }
    if (unreachable.length) this.d.cannotPoll(unreachable);
    for (const group of groups) {
      if (this.pollsInFlight >= config.maxParallelPolls) break;
      const list = group.kind === 'list';
      if (list) {
        if (this.listsInFlight >= LISTS_IN_FLIGHT) continue;
        if (now - this.lastListAt < BURST_GAP_MS) continue;
        if (!pollBudget.take(now)) continue;
        if (group.jobs.length === 0) listHealth.rechecking();
        this.listsInFlight++;
        this.lastListAt = now;
        this.coverByList(group.jobs, 1);
      } else {
        if (group.jobs.some((j) => this.listing.has(j.id))) continue;
        // Without the list each read is one request: together they keep to the list's budget.
        if (listAside && !pollBudget.take(now)) continue;
        for (const j of group.jobs) this.polling.add(j.id);
      }
      this.pollsInFlight++;
      this.d.track(
        runPoll(this.d.context(), group)
          .then((coverage) => {
            if (group.kind === 'list') this.listCoverage.add(coverage);
          })
          .finally(() => {
            this.pollsInFlight--;
            if (list) this.listsInFlight--;
            if (list) this.coverByList(group.jobs, -1);
            else for (const j of group.jobs) this.polling.delete(j.id);
          }),
      );
    }
  }

  private coverByList(jobs: readonly JobRecord[], step: 1 | -1): void {
    for (const { id } of jobs) {
      const lists = (this.listing.get(id) ?? 0) + step;
      if (lists > 0) this.listing.set(id, lists);
      else this.listing.delete(id);
    }
  }

  /** Sleeps until the next job falls due; completions wake the loop earlier. */
  private sleep(now: number): void {
    const { store, holds } = this.d;
    const candidates = [store.jobs.nextPollAt()];
    if (!holds.view().quota && !this.d.paused()) candidates.push(store.jobs.nextQueuedAt());
    const next = Math.min(...candidates.filter((t): t is number => t !== null));
    if (!Number.isFinite(next)) {
      this.wake.clear();
      return;
    }
    this.wake.set(Math.min(MAX_SLEEP_MS, Math.max(MIN_SLEEP_MS, next - now)));
  }
}
