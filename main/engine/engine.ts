import { EventEmitter, setMaxListeners } from 'node:events';
import { logged, type EngineMessage } from '../../common/engine-messages';
import type { EngineStatus } from '../../common/engine-status';
import type { PhotoMeasures } from '../../common/photo-checks';
import type { PhotoCode } from '../../common/photo-codes';
import type { MeterApi } from '../api/client';
import type { Store } from '../store/store';
import { systemClock, type Clock } from '../time/clock';
import { POLL_SHARE, PollTiming } from './backoff';
import { ListHealth } from './list-health';
import { PollBudget, workLeftMs } from './poll-budget';
import { uploadRoute } from './upload-route';
import { DEFAULT_ENGINE_CONFIG, type EngineConfig } from './config';
import { catchUpQueue } from './catch-up';
import { engineContext, type EngineContext } from './context';
import { Dispatcher } from './dispatcher';
import type { EngineEvents } from './events';
import { handleFailure, type FailureArgs, type FailureDeps } from './failures';
import { Holds } from './holds';
import type { CodeReading } from './code-reading';
import type { PhotoGate } from './photo-gate';
import { photoWork } from './photo-work';
import { QuietWatch } from './quiet-watch';
import { QuotaSpentCheck } from './quota-spent';
import { ServiceState } from './service-state';
import { StatusFeed, type SettleOutcome } from './status-feed';
import { taskReadsDenied } from './task-reads-denied';

export type { SettleOutcome } from './status-feed';

export interface EngineOptions {
  store: Store;
  api: MeterApi;
  config?: Partial<EngineConfig>;
  /** Identifies the service (its origin) for what the engine remembers about it. */
  serviceId: string;
  clock?: Clock;
  random?: () => number;
  /** Measures a photo for the quality check (tests); by default in a worker thread. */
  measurePhoto?: (path: string) => Promise<PhotoMeasures>;
  /** Reads the codes on a photo (tests); by default in the photo-check worker. */
  readPhotoCodes?: (path: string) => Promise<PhotoCode[]>;
}

/**
 * The durable upload/poll scheduler. Every decision is made from the SQLite queue, so the process
 * can be killed at any moment and a new Engine on the same file carries on. The parts: the loop
 * (dispatcher.ts), what failures do (failures.ts), the holds and their timers (holds.ts), the
 * service's quota and AI status (service-state.ts) and the coalesced events (status-feed.ts).
 */
export class Engine extends EventEmitter<EngineEvents> {
  readonly config: EngineConfig;
  private readonly store: Store;
  private readonly api: MeterApi;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly pollTiming = new PollTiming();
  private readonly pollBudget: PollBudget;
  private readonly listHealth: ListHealth;
  private abort = new AbortController();
  private running = false;
  private paused = false;
  /** The current run's first quota and AI status reads are done: until then only one photo goes. */
  private preflighted = false;
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly quotaSpent: QuotaSpentCheck;
  private ctx: EngineContext;
  private readonly holds: Holds;
  private readonly service: ServiceState;
  private readonly feed: StatusFeed;
  private readonly loop: Dispatcher;
  private readonly quiet: QuietWatch;
  private readonly gate: PhotoGate;
  private readonly codes: CodeReading;
  private claim: EngineContext['claim'] = null;

  private readonly log = (line: string, message?: EngineMessage): void => {
    this.emit('log', line, message);
  };

  private readonly kick = (): void => {
    this.loop.kick();
  };
  private readonly rowsChanged = (ids: readonly number[]): void => {
    this.feed.changed(ids);
  };
  private readonly pollFailed = (error: unknown): void => {
    this.failed(error, 'poll', []);
  };

  constructor(opts: EngineOptions) {
    super();
    this.store = opts.store;
    this.api = opts.api;
    const config = { ...DEFAULT_ENGINE_CONFIG, ...opts.config };
    // A blank business is no business: the service's own reads the photos.
    this.config = { ...config, business: config.business?.trim() || null };
    this.listHealth = new ListHealth({
      listDeadlineMs: this.config.listDeadlineMs,
      listRecheckMs: this.config.listRecheckMs,
      log: this.log,
    });
    this.pollBudget = new PollBudget(
      () => this.api.pacer.limits().requests,
      () => (this.sendsBatches() ? POLL_SHARE.batches : POLL_SHARE.singles),
      () => workLeftMs(this.pollTiming.typicalFinishMs(), this.store.jobs.counts(), this.slots()),
    );
    this.clock = opts.clock ?? systemClock;
    this.random = opts.random ?? Math.random;
    const { log, kick, rowsChanged, pollFailed, track } = this;
    const changed = (): void => {
      this.feed.schedule();
    };
    this.feed = new StatusFeed({
      clock: this.clock,
      status: () => this.status(),
      emitJobs: (ids) => this.emit('jobs', ids),
      emitStatus: (status) => this.emit('status', status),
      running: () => this.running,
    });
    this.service = new ServiceState({
      store: this.store,
      api: this.api,
      clock: this.clock,
      config: this.config,
      serviceId: opts.serviceId,
      refreshNeed: () => {
        if (this.holds.pollsHeld) return 'held';
        const c = this.store.jobs.counts();
        return c.queued + c.uploading + c.submitted > 0 ? 'busy' : 'idle';
      },
      running: () => this.running,
      signal: () => this.abort.signal,
      track,
      failed: pollFailed,
      changed,
      rowsChanged,
      log,
    });
    ({ gate: this.gate, codes: this.codes } = photoWork({
      store: this.store,
      on: this.config.photoChecks,
      measure: opts.measurePhoto,
      readCodes: opts.readPhotoCodes,
      counted: changed,
      // A photo matched by its code changes rows the window shows, not only the counts.
      changed: rowsChanged,
      passed: kick,
      now: () => this.clock.now(),
      log,
    }));
    this.quiet = new QuietWatch({
      clock: this.clock,
      store: this.store,
      quietMs: this.config.quietReportMs,
      log: this.log,
    });
    this.holds = new Holds({
      clock: this.clock,
      random: this.random,
      config: this.config,
      track,
      probe: () => this.service.probe(this.abort.signal),
      quotaAvailable: () => this.service.quotaAvailable(this.abort.signal),
      failed: pollFailed,
      changed,
      released: kick,
      log,
    });
    this.quotaSpent = new QuotaSpentCheck({
      holds: this.holds,
      service: this.service,
      signal: () => this.abort.signal,
      kick,
      failed: pollFailed,
      track,
      log,
    });
    this.loop = new Dispatcher({
      store: this.store,
      pacer: this.api.pacer,
      config: this.config,
      clock: this.clock,
      holds: this.holds,
      deployment: this.service.deployment,
      context: () => this.ctx,
      paused: () => this.paused,
      running: () => this.running,
      preflighted: () => this.preflighted,
      taskReadsKnown: () => this.service.taskReadsKnown,
      quotaLeft: (inFlight) => this.service.budget.left(inFlight),
      quotaSpent: () => {
        this.quotaSpent.run();
      },
      cannotUpload: (route) => {
        if (route.hold === 'settings') this.holds.holdSettings(route.message);
        else this.holds.holdAuth('permission_denied', route.message, route.permission);
      },
      cannotPoll: (jobs) => {
        taskReadsDenied(this.ctx, this.holds, jobs);
      },
      track,
      changed: rowsChanged,
    });
    this.ctx = this.makeContext(this.abort.signal);
  }

  private sendsBatches(): boolean {
    const route = uploadRoute(this.config, this.service.deployment);
    return route.ok && route.batch;
  }

  /** Tasks the key may have at once: ours, capped by what the service says it allows. */
  private slots(): number {
    return Math.min(
      this.config.maxConcurrency,
      this.api.pacer.limits().concurrency?.limit ?? Infinity,
    );
  }

  /** A fresh context per start(): its signal ends that run's requests. */
  private makeContext(signal: AbortSignal): EngineContext {
    return engineContext(
      {
        store: this.store,
        api: this.api,
        config: this.config,
        random: this.random,
        pollTiming: this.pollTiming,
        pollBudget: this.pollBudget,
        listHealth: this.listHealth,
        service: this.service,
        feed: this.feed,
        holds: this.holds,
        now: () => this.clock.now(),
        log: this.log,
        claim: this.claim,
        failed: (...args) => {
          this.failed(...args);
        },
      },
      signal,
    );
  }

  private failed(...args: FailureArgs): void {
    const deps: FailureDeps = {
      store: this.store,
      clock: this.clock,
      random: this.random,
      config: this.config,
      holds: this.holds,
      signal: this.abort.signal,
      deployment: this.service.deployment,
      log: this.log,
      quotaExhausted: (remaining) => {
        const c = this.store.jobs.counts();
        return this.service.quotaExhausted(remaining, c.uploading + c.submitted);
      },
    };
    handleFailure(deps, ...args);
  }

  // ---- life cycle ---------------------------------------------------------------------------

  /** Resumes whatever the queue holds: cut-off uploads go again, submitted tasks are polled. */
  async start(): Promise<void> {
    if (this.running) return;
    this.abort = new AbortController();
    // Every request waiting in the pacer listens to this one signal.
    setMaxListeners(0, this.abort.signal);
    this.ctx = this.makeContext(this.abort.signal);
    const { requeued, resumed } = this.store.jobs.recoverAfterRestart(
      this.clock.now() + this.config.resumeGraceMs,
    );
    if (requeued || resumed) this.emit('log', ...logged('resuming', { requeued, resumed }));
    this.running = true;
    this.holds.start();
    this.quiet.start();
    this.gate.start();
    this.codes.start();
    this.preflighted = false;
    const preflight = this.service.preflight(this.abort.signal, true).finally(() => {
      this.preflighted = true;
    });
    const caughtUp = catchUpQueue({
      store: this.store,
      now: new Date(this.clock.now()),
      signal: this.abort.signal,
      changed: this.rowsChanged,
      log: this.log,
    });
    this.loop.kick();
    await Promise.all([preflight, caughtUp]);
    this.service.startRefreshing();
    this.loop.kick();
    this.feed.schedule();
  }

  /** Stops sending; requests in flight are cut off and their jobs stay resumable. */
  async stop(): Promise<void> {
    if (!this.running) {
      // Never started (or already stopped): a status update may still be pending.
      this.feed.stop();
      return;
    }
    this.running = false;
    // Before the run's requests end: the versions of its last results are told by one more read.
    await this.service.settleAiVersions(this.abort.signal);
    this.abort.abort();
    this.loop.stop();
    this.holds.stop();
    this.quiet.stop();
    await this.gate.stop();
    await this.codes.stop();
    this.service.stop();
    await Promise.allSettled([...this.inflight]);
    this.feed.flush();
    this.feed.stop();
  }

  pause(): void {
    this.paused = true;
    this.feed.schedule();
  }

  resume(): void {
    this.paused = false;
    this.loop.kick();
    this.feed.schedule();
  }

  /** Office mode (set before start): the office is asked before each upload (upload-claim.ts). */
  claimUploadsWith(claim: EngineContext['claim']): void {
    this.claim = claim;
    this.ctx = this.makeContext(this.abort.signal);
  }

  /** A hint from the OS that the network may be back: probe now instead of waiting. */
  networkHint(): void {
    if (this.running) this.holds.networkHint();
  }

  /** The user fixed something (key, settings): clear the holds and try again now. */
  retryNow(): void {
    this.service.deployment.forgetDenials();
    this.holds.retryNow();
  }

  // ---- what the action layer tells the engine (main/actions/) ------------------------------

  /**
   * The queue was changed outside the engine (photos added, a review, a retry): these jobs (none:
   * only the counts) are pushed, the quota warning follows and the loop looks for work.
   */
  queueChanged(ids: readonly number[] = []): void {
    if (ids.length > 0) this.feed.changed(ids);
    this.gate.kick();
    this.service.updateQuotaWarning();
    this.loop.kick();
    this.feed.schedule();
  }

  /** The quota read afresh for photos just added (while running): the add report shows it. */
  async quotaForAdd(): Promise<number | null | undefined> {
    return this.running ? this.service.readQuotaForAdd(this.abort.signal) : undefined;
  }

  status(): EngineStatus {
    return {
      running: this.running,
      paused: this.paused,
      holds: this.holds.view(),
      counts: this.store.jobs.counts(),
      ...this.service.view(),
    };
  }

  /**
   * Resolves when nothing more can happen without a person: every job is final, or the run is
   * held by quota (with nothing left to poll), by the key, by settings, or offline for too long.
   */
  waitSettled(opts: { maxOfflineMs?: number } = {}): Promise<SettleOutcome> {
    return this.feed.waitSettled(opts.maxOfflineMs ?? Infinity);
  }

  private readonly track = (p: Promise<unknown>): void => {
    const tracked = p
      .catch((err: unknown) => {
        const detail = err instanceof Error ? err.message : String(err);
        this.emit('log', ...logged('unexpectedError', { detail }));
      })
      .finally(() => {
        this.inflight.delete(tracked);
        this.loop.kick();
        this.feed.schedule();
      });
    this.inflight.add(tracked);
  };
}
