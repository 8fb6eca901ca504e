import { EventEmitter, setMaxListeners } from 'node:events';
import { logged, type EngineMessage } from '../../common/engine-messages';
import type { EngineStatus } from '../../common/engine-status';
import type { Store } from '../store/store';
import { systemClock, type Clock } from '../time/clock';
import { DEFAULT_ENGINE_CONFIG, type EngineConfig } from './config';
import { catchUpQueue } from './catch-up';
import type { EngineContext } from './context';
import type { Dispatcher } from './dispatcher';
import { wireEngine, type EngineOptions, type EngineParts } from './engine-wiring';
import type { EngineEvents } from './events';
import type { Holds } from './holds';
import type { CheckerHealth } from './checker-health';
import type { CodeReading } from './code-reading';
import type { PhotoGate } from './photo-gate';
import type { QuietWatch } from './quiet-watch';
import type { ServiceState } from './service-state';
import type { SettleOutcome, StatusFeed } from './status-feed';

export type { SettleOutcome } from './status-feed';

/**
 * The durable upload/poll scheduler. Every decision is made from the SQLite queue, so the process
 * can be killed at any moment and a new Engine on the same file carries on. This file holds the
 * run's state and life cycle; its parts and how they call each other are in engine-wiring.ts: the
 * loop (dispatcher.ts), what failures do (failures.ts), the holds and their timers (holds.ts), the
 * service's quota and AI status (service-state.ts) and the coalesced events (status-feed.ts).
 */
export class Engine extends EventEmitter<EngineEvents> {
  readonly config: EngineConfig;
  private readonly store: Store;
  private readonly clock: Clock;
  private abort = new AbortController();
  private running = false;
  private paused = false;
  /** The current run's first quota and AI status reads are done: until then only one photo goes. */
  private preflighted = false;
  private readonly inflight = new Set<Promise<unknown>>();
  private ctx: EngineContext;
  private readonly holds: Holds;
  private readonly service: ServiceState;
  private readonly feed: StatusFeed;
  private readonly loop: Dispatcher;
  private readonly quiet: QuietWatch;
  private readonly gate: PhotoGate;
  private readonly codes: CodeReading;
  private readonly health: CheckerHealth;
  private readonly allRead: EngineParts['allRead'];
  private readonly newContext: EngineParts['context'];
  private claim: EngineContext['claim'] = null;

  private readonly log = (line: string, message?: EngineMessage): void => {
    this.emit('log', line, message);
  };

  private readonly rowsChanged = (ids: readonly number[]): void => {
    this.feed.changed(ids);
  };

  constructor(opts: EngineOptions) {
    super();
    this.store = opts.store;
    const config = { ...DEFAULT_ENGINE_CONFIG, ...opts.config };
    // A blank business is no business: the service's own reads the photos.
    this.config = { ...config, business: config.business?.trim() || null };
    this.clock = opts.clock ?? systemClock;
    const parts = wireEngine(
      {
        store: this.store,
        api: opts.api,
        config: this.config,
        clock: this.clock,
        random: opts.random ?? Math.random,
        running: () => this.running,
        paused: () => this.paused,
        preflighted: () => this.preflighted,
        signal: () => this.abort.signal,
        context: () => this.ctx,
        status: () => this.status(),
        emitJobs: (ids) => this.emit('jobs', ids),
        emitStatus: (status) => this.emit('status', status),
        log: this.log,
        track: this.track,
      },
      opts,
    );
    ({
      feed: this.feed,
      service: this.service,
      holds: this.holds,
      loop: this.loop,
      quiet: this.quiet,
      gate: this.gate,
      codes: this.codes,
      health: this.health,
      allRead: this.allRead,
      context: this.newContext,
    } = parts);
    this.ctx = this.makeContext(this.abort.signal);
  }

  /** A fresh context per start(): its signal ends that run's requests. */
  private makeContext(signal: AbortSignal): EngineContext {
    return this.newContext(signal, this.claim);
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
      checkerUnavailable: this.health.unavailable,
      // Counted only while the checks run: with them off no query is spent on every push.
      codesBeingRead: this.gate.active ? this.store.jobs.codesToRead() : 0,
    };
  }

  /**
   * Resolves when nothing more can happen without a person: every job is final, or the run is
   * held by quota (with nothing left to poll), by the key, by settings, or offline for too long;
   * and every photo checked has had its codes read (a swapped or unnamed photo is found by them).
   */
  async waitSettled(opts: { maxOfflineMs?: number } = {}): Promise<SettleOutcome> {
    const outcome = await this.feed.waitSettled(opts.maxOfflineMs ?? Infinity);
    await this.allRead();
    return outcome;
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
