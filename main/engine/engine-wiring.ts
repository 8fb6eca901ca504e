// The engine's parts and how they call each other: the status feed, the service's quota and AI
// status, the photo checks, the quiet watch, the holds, the quota-spent check and the loop, built
// once per Engine. What they need of the run itself (is it running, its signal, its log) they ask
// the engine through EngineHost, so the run's state and life cycle stay in engine.ts.
import type { EngineMessage } from '../../common/engine-messages';
import type { EngineStatus } from '../../common/engine-status';
import type { PhotoMeasures } from '../../common/photo-checks';
import type { PhotoCode } from '../../common/photo-codes';
import type { MeterApi } from '../api/client';
import type { Store } from '../store/store';
import type { Clock } from '../time/clock';
import { POLL_SHARE, PollTiming } from './backoff';
import { ListHealth } from './list-health';
import { PollBudget, workLeftMs } from './poll-budget';
import { uploadRoute } from './upload-route';
import type { EngineConfig } from './config';
import { engineContext, type EngineContext } from './context';
import { Dispatcher } from './dispatcher';
import { handleFailure, type FailureArgs, type FailureDeps } from './failures';
import { Holds } from './holds';
import type { CodeReading } from './code-reading';
import type { PhotoGate } from './photo-gate';
import type { CheckerHealth } from './checker-health';
import { photoWork } from './photo-work';
import { QuietWatch } from './quiet-watch';
import { QuotaSpentCheck } from './quota-spent';
import { ServiceState } from './service-state';
import { StatusFeed } from './status-feed';
import { taskReadsDenied } from './task-reads-denied';

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

/** What the parts ask of the engine that owns them; read at each call, never kept. */
export interface EngineHost {
  readonly store: Store;
  readonly api: MeterApi;
  readonly config: EngineConfig;
  readonly clock: Clock;
  readonly random: () => number;
  running(): boolean;
  paused(): boolean;
  /** The current run's first quota and AI status reads are done: until then only one photo goes. */
  preflighted(): boolean;
  /** The current run's signal: aborting it ends that run's requests. */
  signal(): AbortSignal;
  context(): EngineContext;
  status(): EngineStatus;
  emitJobs(ids: number[]): void;
  emitStatus(status: EngineStatus): void;
  log(line: string, message?: EngineMessage): void;
  track(p: Promise<unknown>): void;
}

export interface EngineParts {
  readonly feed: StatusFeed;
  readonly service: ServiceState;
  readonly holds: Holds;
  readonly loop: Dispatcher;
  readonly quiet: QuietWatch;
  readonly gate: PhotoGate;
  readonly codes: CodeReading;
  readonly health: CheckerHealth;
  /** Resolves when every photo found is checked and has had its codes read (photo-work.ts). */
  readonly allRead: () => Promise<void>;
  /** A fresh context per start(): its signal ends that run's requests. */
  readonly context: (signal: AbortSignal, claim: EngineContext['claim']) => EngineContext;
}

export function wireEngine(
  host: EngineHost,
  opts: Pick<EngineOptions, 'serviceId' | 'measurePhoto' | 'readPhotoCodes'>,
): EngineParts {
  const { store, api, config, clock, random } = host;
  const log = (line: string, message?: EngineMessage): void => {
    host.log(line, message);
  };
  const track = (p: Promise<unknown>): void => {
    host.track(p);
  };
  const pollTiming = new PollTiming();
  const listHealth = new ListHealth({
    listDeadlineMs: config.listDeadlineMs,
    listRecheckMs: config.listRecheckMs,
    log,
  });
  const pollBudget = new PollBudget(
    () => api.pacer.limits().requests,
    () => (sendsBatches() ? POLL_SHARE.batches : POLL_SHARE.singles),
    () => workLeftMs(pollTiming.typicalFinishMs(), store.jobs.counts(), slots()),
  );
  const kick = (): void => {
    loop.kick();
  };
  const rowsChanged = (ids: readonly number[]): void => {
    feed.changed(ids);
  };
  const pollFailed = (error: unknown): void => {
    failed(error, 'poll', []);
  };
  const changed = (): void => {
    feed.schedule();
  };
  const feed = new StatusFeed({
    clock,
    status: () => host.status(),
    emitJobs: (ids) => {
      host.emitJobs(ids);
    },
    emitStatus: (status) => {
      host.emitStatus(status);
    },
    running: () => host.running(),
  });
  const service = new ServiceState({
    store,
    api,
    clock,
    config,
    serviceId: opts.serviceId,
    refreshNeed: () => {
      if (holds.pollsHeld) return 'held';
      const c = store.jobs.counts();
      return c.queued + c.uploading + c.submitted > 0 ? 'busy' : 'idle';
    },
    running: () => host.running(),
    signal: () => host.signal(),
    track,
    failed: pollFailed,
    changed,
    rowsChanged,
    log,
  });
  const { gate, codes, health, allRead } = photoWork({
    store,
    on: config.photoChecks,
    measure: opts.measurePhoto,
    readCodes: opts.readPhotoCodes,
    counted: changed,
    // A photo matched by its code changes rows the window shows, not only the counts.
    changed: rowsChanged,
    passed: kick,
    now: () => clock.now(),
    log,
  });
  const quiet = new QuietWatch({ clock, store, quietMs: config.quietReportMs, log });
  const holds = new Holds({
    clock,
    random,
    config,
    track,
    probe: () => service.probe(host.signal()),
    quotaAvailable: () => service.quotaAvailable(host.signal()),
    failed: pollFailed,
    changed,
    released: kick,
    log,
  });
  const quotaSpent = new QuotaSpentCheck({
    holds,
    service,
    signal: () => host.signal(),
    kick,
    failed: pollFailed,
    track,
    log,
  });
  const loop = new Dispatcher({
    store,
    pacer: api.pacer,
    config,
    clock,
    holds,
    deployment: service.deployment,
    context: () => host.context(),
    paused: () => host.paused(),
    running: () => host.running(),
    preflighted: () => host.preflighted(),
    taskReadsKnown: () => service.taskReadsKnown,
    quotaLeft: (inFlight) => service.budget.left(inFlight),
    quotaSpent: () => {
      quotaSpent.run();
    },
    cannotUpload: (route) => {
      if (route.hold === 'settings') holds.holdSettings(route.message);
      else holds.holdAuth('permission_denied', route.message, route.permission);
    },
    cannotPoll: (jobs) => {
      taskReadsDenied(host.context(), holds, jobs);
    },
    track,
    changed: rowsChanged,
  });

  function sendsBatches(): boolean {
    const route = uploadRoute(config, service.deployment);
    return route.ok && route.batch;
  }

  /** Tasks the key may have at once: ours, capped by what the service says it allows. */
  function slots(): number {
    return Math.min(config.maxConcurrency, api.pacer.limits().concurrency?.limit ?? Infinity);
  }

  function failed(...args: FailureArgs): void {
    const deps: FailureDeps = {
      store,
      clock,
      random,
      config,
      holds,
      signal: host.signal(),
      deployment: service.deployment,
      log,
      quotaExhausted: (remaining) => {
        const c = store.jobs.counts();
        return service.quotaExhausted(remaining, c.uploading + c.submitted);
      },
    };
    handleFailure(deps, ...args);
  }

  function context(signal: AbortSignal, claim: EngineContext['claim']): EngineContext {
    return engineContext(
      {
        store,
        api,
        config,
        random,
        pollTiming,
        pollBudget,
        listHealth,
        service,
        feed,
        holds,
        now: () => clock.now(),
        log,
        claim,
        failed: (...args) => {
          failed(...args);
        },
      },
      signal,
    );
  }

  return { feed, service, holds, loop, quiet, gate, codes, health, allRead, context };
}
