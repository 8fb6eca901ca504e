import { EventEmitter, setMaxListeners } from 'node:events';
import { MAX_BATCH_FILES } from '../../common/job';
import type { JobRecord } from '../../common/job-record';
import { isApiError } from '../api/errors';
import type { Store } from '../store/store';
import type {
  AddSummary,
  AiInfo,
  EngineBlocks,
  EngineStatus,
  QuotaInfo,
} from '../../common/engine-status';
import { addPaths } from './add-paths';
import { toAiInfo, toQuotaInfo } from './remote-info';
import type { MeterApi } from '../api/client';
import type { AiStatus, Quota } from '../api/schemas';
import { backoffMs, Ewma, PollTiming } from './backoff';
import { DEFAULT_ENGINE_CONFIG, type EngineConfig } from './config';
import type { EngineContext } from './context';
import { decide, type Operation } from './error-policy';
import type { EngineEvents } from './events';
import { planPolls, runPoll } from './polls';
import { composeUnit, runUpload, submissionRoom } from './uploads';

export type SettleOutcome =
  | 'complete'
  | 'quota_exhausted'
  | 'key_rejected'
  | 'permission_denied'
  | 'settings'
  | 'offline_timeout';

export interface EngineOptions {
  store: Store;
  api: MeterApi;
  config?: Partial<EngineConfig>;
  /** Identifies the service (its origin) for what the engine remembers about it. */
  serviceId: string;
  now?: () => number;
  random?: () => number;
}

const STATUS_EVERY_MS = 100;
const NO_BLOCKS: EngineBlocks = { offline: null, quota: null, auth: null, settings: null };

/**
 * The durable upload/poll scheduler. Every decision is made from the SQLite queue, so the process
 * can be killed at any moment and a new Engine on the same file carries on.
 */
export class Engine extends EventEmitter<EngineEvents> {
  readonly config: EngineConfig;
  private readonly store: Store;
  private readonly api: MeterApi;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly batchKey: string;
  private ctx: EngineContext;
  private readonly pollTiming = new PollTiming();
  private abort = new AbortController();
  private running = false;
  private paused = false;
  private blocks: EngineBlocks = { ...NO_BLOCKS };
  private quota: QuotaInfo | null = null;
  private ai: AiInfo | null = null;
  private quotaWarning: string | null = null;
  private batchesSupported: boolean | null;
  private listCoverage = new Ewma(0.3, 1);
  private listSkips = 0;
  private transportFailures = 0;
  private probeAttempt = 0;
  private uploadsInFlight = 0;
  /** An upload has been answered since start(): the service has told its concurrency limit. */
  private uploadAnswered = false;
  private uploadingFiles = 0;
  private pollsInFlight = 0;
  private readonly polling = new Set<number>();
  private readonly inflight = new Set<Promise<unknown>>();
  private tickQueued = false;
  private wakeTimer: NodeJS.Timeout | null = null;
  private probeTimer: NodeJS.Timeout | null = null;
  private quotaTimer: NodeJS.Timeout | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;
  private statusTimer: NodeJS.Timeout | null = null;
  /** Re-checks offline waits by time; must not outlive stop() (the store may be closed next). */
  private settleTimer: NodeJS.Timeout | null = null;
  private changedIds = new Set<number>();
  private settleWaiters: { maxOfflineMs: number; resolve: (o: SettleOutcome) => void }[] = [];

  constructor(opts: EngineOptions) {
    super();
    this.store = opts.store;
    this.api = opts.api;
    this.config = { ...DEFAULT_ENGINE_CONFIG, ...opts.config };
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    this.batchKey = `batchesSupported:${opts.serviceId}`;
    this.batchesSupported = this.store.settings.get<boolean | null>(this.batchKey, null);
    this.ctx = this.makeContext(this.abort.signal);
  }

  /** A fresh context per start(): its signal ends that run's requests. */
  private makeContext(signal: AbortSignal): EngineContext {
    return {
      store: this.store,
      api: this.api,
      config: this.config,
      now: this.now,
      random: this.random,
      signal,
      pollTiming: this.pollTiming,
      currentAiVersion: () => this.ai?.currentAiVersion ?? null,
      changed: (ids) => {
        this.changed(ids);
      },
      log: (line) => {
        this.log(line);
      },
      succeeded: () => {
        this.transportFailures = 0;
      },
      failed: (err, op, jobs) => {
        this.onFailure(err, op, jobs);
      },
    };
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
      this.now() + this.config.resumeGraceMs,
    );
    if (requeued || resumed)
      this.log(`Resuming: ${requeued} uploads to send again, ${resumed} tasks to follow`);
    this.running = true;
    await this.preflight();
    this.scheduleRefresh();
    this.kick();
    this.scheduleStatus();
  }

  /** Stops sending; requests in flight are cut off and their jobs stay resumable. */
  async stop(): Promise<void> {
    if (!this.running) {
      // Never started (or already stopped): a status update may still be pending.
      this.clearStatusTimers();
      return;
    }
    this.running = false;
    this.abort.abort();
    for (const t of [this.wakeTimer, this.probeTimer, this.quotaTimer, this.refreshTimer]) {
      if (t) clearTimeout(t);
    }
    this.refreshTimer = null;
    this.wakeTimer = this.probeTimer = this.quotaTimer = null;
    await Promise.allSettled([...this.inflight]);
    this.flushStatus();
    this.clearStatusTimers();
  }

  private clearStatusTimers(): void {
    if (this.statusTimer) clearTimeout(this.statusTimer);
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.statusTimer = this.settleTimer = null;
  }

  pause(): void {
    this.paused = true;
    this.scheduleStatus();
  }

  resume(): void {
    this.paused = false;
    this.kick();
    this.scheduleStatus();
  }

  /** A hint from the OS that the network may be back: probe now instead of waiting. */
  networkHint(): void {
    if (this.blocks.offline && this.running) this.probeSoon(0);
  }

  /** The user fixed something (key, settings): clear the holds and try again now. */
  retryNow(): void {
    this.blocks = { ...this.blocks, auth: null, settings: null };
    if (this.blocks.offline) this.probeSoon(0);
    if (this.blocks.quota) this.checkQuotaSoon(0);
    this.kick();
    this.scheduleStatus();
  }

  // ---- queue operations -----------------------------------------------------------------------

  /** `onProgress` hears how many files the scan has seen, every few hundred. */
  async addPaths(
    paths: readonly string[],
    opts: { signal?: AbortSignal; onProgress?: (seen: number) => void } = {},
  ): Promise<AddSummary> {
    const summary = await addPaths(this.store, paths, opts);
    this.updateQuotaWarning();
    this.kick();
    this.scheduleStatus();
    return summary;
  }

  retryFailed(ids?: readonly number[]): number {
    const n = this.store.jobs.retryFailed(ids);
    this.kick();
    this.scheduleStatus();
    return n;
  }

  /** Jobs in flight are left alone: the service is already working on them. */
  remove(ids: readonly number[]): number {
    const removable = ids.filter((id) => {
      const s = this.store.jobs.get(id)?.state;
      return s !== undefined && s !== 'uploading' && s !== 'submitted';
    });
    const n = this.store.jobs.remove(removable);
    this.scheduleStatus();
    return n;
  }

  review(id: number, action: 'accepted' | 'corrected', reading: string | null): boolean {
    const ok = this.store.jobs.review(id, action, reading);
    if (ok) this.changed([id]);
    return ok;
  }

  status(): EngineStatus {
    return {
      running: this.running,
      paused: this.paused,
      blocks: this.blocks,
      counts: this.store.jobs.counts(),
      quota: this.quota,
      ai: this.ai,
      batchesSupported: this.batchesSupported,
      quotaWarning: this.quotaWarning,
    };
  }

  /**
   * Resolves when nothing more can happen without a person: every job is final, or the run is
   * held by quota (with nothing left to poll), by the key, by settings, or offline for too long.
   */
  waitSettled(opts: { maxOfflineMs?: number } = {}): Promise<SettleOutcome> {
    return new Promise((resolve) => {
      this.settleWaiters.push({ maxOfflineMs: opts.maxOfflineMs ?? Infinity, resolve });
      this.scheduleStatus();
    });
  }

  // ---- pre-flight, quota and AI status -------------------------------------------------------------

  /** Reads AI status and quota before sending, and warns when the queue is larger than the quota. */
  async preflight(): Promise<void> {
    const signal = this.abort.signal;
    const [ai, quota] = await Promise.allSettled([
      this.api.getAiStatus({ signal }),
      this.api.getQuota({ signal }),
    ]);
    if (ai.status === 'fulfilled') this.setAi(ai.value);
    else this.onFailure(ai.reason, 'poll', []);
    if (quota.status === 'fulfilled') this.setQuota(quota.value);
    else this.onFailure(quota.reason, 'poll', []);
    this.updateQuotaWarning();
    this.scheduleStatus();
  }

  private setAi(s: AiStatus): void {
    this.ai = toAiInfo(s, this.now());
    // The CAD service has no batch endpoint (spec 1.8); its namespace names it.
    const namespace = s.currentAiVersion?.split(':')[0]?.trim().toUpperCase();
    if (namespace === 'CAD' && this.batchesSupported !== false) {
      this.rememberBatches(false, 'the deployed service is CAD');
    }
  }

  private setQuota(q: Quota): void {
    this.quota = toQuotaInfo(q, this.now());
  }

  /**
   * Quota and AI status change while a run goes on (other users of the account, an AI outage);
   * what the window shows is re-read now and then, only while there is work and the service is
   * reachable (a probe or quota check covers the other cases).
   */
  private scheduleRefresh(): void {
    if (!this.running) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      if (!this.running) return;
      const c = this.store.jobs.counts();
      const busy = c.queued + c.uploading + c.submitted > 0;
      if (busy && !this.blocks.offline && !this.blocks.auth) {
        this.track(
          this.preflight().finally(() => {
            this.scheduleRefresh();
          }),
        );
      } else {
        this.scheduleRefresh();
      }
    }, this.config.statusRefreshMs);
  }

  private updateQuotaWarning(): void {
    const q = this.quota;
    const left = q && !q.isUnlimited ? q.remaining : null;
    // Counting distinct photos reads every queued row (a quarter second at 100,000): only when
    // the quota could be short at all, which the kept counts tell at no cost.
    const c = this.store.jobs.counts();
    if (left === null || c.queued + c.uploading <= left) {
      this.quotaWarning = null;
      return;
    }
    const pending = this.store.jobs.pendingDistinctPhotos();
    this.quotaWarning =
      pending > left
        ? `${pending} photos are waiting but only ${left} readings are left today. ` +
          'Photos the service has already read are free; the rest will wait for quota.'
        : null;
  }

  private rememberBatches(supported: boolean, why: string): void {
    this.batchesSupported = supported;
    this.store.settings.set(this.batchKey, supported);
    this.log(
      supported
        ? 'Batch uploads available'
        : `Batch uploads unavailable (${why}); sending single tasks`,
    );
  }

  private batchesAllowed(): boolean {
    if (this.config.batchMode === 'never' || this.batchesSupported === false) return false;
    return true;
  }

  // ---- the loop -----------------------------------------------------------------------------------

  private kick(): void {
    if (this.tickQueued || !this.running) return;
    this.tickQueued = true;
    setImmediate(() => {
      this.tick();
    });
  }

  private tick(): void {
    this.tickQueued = false;
    if (!this.running) return;
    const now = this.now();
    const b = this.blocks;
    if (!this.paused && !b.auth && !b.offline) {
      this.dispatchPolls(now);
      if (!b.quota && !b.settings) this.dispatchUploads(now);
    }
    this.armWake(now);
  }

  private dispatchUploads(now: number): void {
    const known = this.api.pacer.limits();
    const limit = Math.min(this.config.maxConcurrency, known.concurrency?.limit ?? Infinity);
    // A batch costs one submission unit per file: one larger than a whole window (less the
    // pacer's reserve) could never be sent.
    const perWindow =
      known.submissions.limit === undefined
        ? MAX_BATCH_FILES
        : Math.max(1, known.submissions.limit - known.reserve.submissions);
    let windowRoom = submissionRoom(known, this.uploadingFiles, now);
    // The service refuses a whole batch whose new images need more quota than is left: never
    // ask for more than it last said remains, or the last readings of the day could never be used.
    const q = this.quota;
    const quotaLeft = q && !q.isUnlimited && q.remaining !== null ? q.remaining : Infinity;
    let active = this.store.jobs.inFlightTasks() + this.uploadingFiles;
    // Only creation answers carry the key's concurrency limit (spec 8.2): until one has come back,
    // one photo at a time, rather than a burst into an unknown limit that collects 429s.
    const probing = !this.uploadAnswered && known.concurrency?.limit === undefined;
    const parallel = probing ? 1 : this.config.maxParallelUploads;
    while (this.uploadsInFlight < parallel && active < limit) {
      // The window is spent: the next upload is composed when it opens (the loop looks again
      // every tick), sized to the new budget, instead of a full batch waiting in the pacer and
      // then not fitting into what the new window has left after the one before it.
      if (windowRoom < 1) break;
      const useBatches = this.batchesAllowed();
      const want =
        useBatches && !probing
          ? Math.max(1, Math.min(MAX_BATCH_FILES, limit - active, perWindow, quotaLeft, windowRoom))
          : 1;
      const unit = composeUnit(this.store.jobs.dueUploads(now, want), useBatches);
      if (!unit || unit.jobs.length === 0) break;
      // "auto" sends a lone photo as a plain task: a batch of one buys nothing.
      if (unit.jobs.length === 1 && this.config.batchMode !== 'always') unit.asBatch = false;
      const moved = new Set(this.store.jobs.markUploading(unit.jobs.map((j) => j.id)));
      unit.jobs = unit.jobs
        .filter((j) => moved.has(j.id))
        .map((j) => this.store.jobs.get(j.id) ?? j);
      if (unit.jobs.length === 0) break;
      const files = unit.jobs.length;
      this.uploadsInFlight++;
      this.uploadingFiles += files;
      active += files;
      windowRoom -= files;
      this.changed(unit.jobs.map((j) => j.id));
      this.track(
        runUpload(this.ctx, unit).finally(() => {
          this.uploadAnswered = true;
          this.uploadsInFlight--;
          this.uploadingFiles -= files;
        }),
      );
    }
  }

  private dispatchPolls(now: number): void {
    if (this.pollsInFlight >= this.config.maxParallelPolls) return;
    const due = this.store.jobs.duePolls(now, 500).filter((j) => !this.polling.has(j.id));
    // A list that covered too little is tried again now and then: it may cover more once the
    // tasks in flight are fewer or newer.
    const useList =
      this.config.listPolling && (this.listCoverage.value > 0.3 || ++this.listSkips % 10 === 0);
    for (const group of planPolls(due, useList)) {
      if (this.pollsInFlight >= this.config.maxParallelPolls) break;
      for (const j of group.jobs) this.polling.add(j.id);
      this.pollsInFlight++;
      this.track(
        runPoll(this.ctx, group)
          .then((coverage) => {
            if (group.kind === 'list') this.listCoverage.add(coverage);
          })
          .finally(() => {
            this.pollsInFlight--;
            for (const j of group.jobs) this.polling.delete(j.id);
          }),
      );
    }
  }

  private track(p: Promise<unknown>): void {
    const tracked = p
      .catch((err: unknown) => {
        this.log(`Internal error: ${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => {
        this.inflight.delete(tracked);
        this.kick();
        this.scheduleStatus();
      });
    this.inflight.add(tracked);
  }

  /** Sleeps until the next job falls due; completions wake the loop earlier. */
  private armWake(now: number): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    const candidates = [this.store.jobs.nextPollAt()];
    if (!this.blocks.quota) candidates.push(this.store.jobs.nextQueuedAt());
    const next = Math.min(...candidates.filter((t): t is number => t !== null));
    if (!Number.isFinite(next)) return;
    const delay = Math.min(60_000, Math.max(50, next - now));
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.kick();
    }, delay);
  }

  // ---- failures -----------------------------------------------------------------------------------

  private onFailure(err: unknown, op: Operation, jobs: readonly JobRecord[]): void {
    const now = this.now();
    const ids = jobs.map((j) => j.id);
    const isPoll = op === 'poll';
    const putBack = (afterMs: number, message: string | null): void => {
      if (isPoll) {
        this.store.jobs.reschedulePolls(
          ids.map((id) => ({
            id,
            nextAttemptAt: now + afterMs,
            remoteStatus: null,
            message,
            polled: false,
          })),
        );
      } else {
        this.store.jobs.requeue(ids, {
          nextAttemptAt: now + afterMs,
          message,
          refundAttempt: true,
        });
      }
    };
    if (this.abort.signal.aborted) {
      putBack(0, null);
      return;
    }
    if (!isApiError(err)) {
      this.log(`Unexpected error: ${err instanceof Error ? err.message : String(err)}`);
      putBack(
        backoffMs(1, this.config.retryBaseMs, this.config.retryCapMs, this.random),
        'Unexpected error; will retry',
      );
      return;
    }
    const action = decide(err, op);
    switch (action.do) {
      case 'retry': {
        if (
          action.transportFailure &&
          ++this.transportFailures >= this.config.offlineAfterFailures
        ) {
          this.goOffline(err.message);
        }
        if (isPoll) {
          putBack(action.afterMs ?? backoffMs(1, 500, 30_000, this.random), err.message);
          return;
        }
        const give: number[] = [];
        for (const j of jobs) {
          if (action.countsAsAttempt && j.uploadAttempts >= this.config.maxUploadAttempts) {
            give.push(j.id);
            continue;
          }
          const backoff = backoffMs(
            j.uploadAttempts,
            this.config.retryBaseMs,
            this.config.retryCapMs,
            this.random,
          );
          // Sent again at once, a photo whose task the service did create (its answer was lost)
          // is read and charged twice; after the grace that task is finished and cached.
          const after =
            action.afterMs ??
            (action.mayHaveCreated ? Math.max(backoff, this.config.resumeGraceMs) : backoff);
          this.store.jobs.requeue([j.id], {
            nextAttemptAt: now + after,
            message: `${err.message}; will retry`,
            refundAttempt: !action.countsAsAttempt,
          });
        }
        if (give.length) {
          this.store.jobs.fail(
            give,
            'service_error',
            `Gave up after ${this.config.maxUploadAttempts} attempts: ${err.message}`,
          );
        }
        return;
      }
      case 'go_offline':
        putBack(0, 'Waiting for the network');
        this.goOffline(err.message);
        return;
      case 'hold_quota':
        putBack(0, isPoll ? null : 'Waiting for quota');
        if (this.quota && action.remaining !== null)
          this.quota = { ...this.quota, remaining: action.remaining };
        if (!this.blocks.quota) {
          this.blocks = {
            ...this.blocks,
            quota: {
              since: new Date(now).toISOString(),
              remaining: action.remaining,
              summaryText: action.summaryText,
              nextCheckAt: now + this.config.quotaRecheckMs,
            },
          };
          this.log(
            `Quota exhausted: ${action.summaryText || 'no readings left'}; the rest stays queued`,
          );
          this.checkQuotaSoon(this.config.quotaRecheckMs);
        }
        this.scheduleStatus();
        return;
      case 'hold_auth':
        putBack(0, action.message);
        this.blocks = { ...this.blocks, auth: { kind: action.kind, message: action.message } };
        this.log(
          `${action.kind === 'key_rejected' ? 'API key rejected' : 'Permission denied'}: ${action.message}`,
        );
        this.scheduleStatus();
        return;
      case 'hold_settings':
        putBack(0, action.message);
        this.blocks = { ...this.blocks, settings: { message: action.message } };
        this.log(action.message);
        this.scheduleStatus();
        return;
      case 'give_up_file':
        this.store.jobs.fail(ids, action.failureKind, action.message);
        return;
      case 'split_batch':
        this.store.jobs.requeue(ids, {
          nextAttemptAt: now,
          message: `Batch refused (${action.message}); sending each photo alone`,
          solo: true,
          refundAttempt: true,
        });
        return;
      case 'disable_batches':
        this.store.jobs.requeue(ids, { nextAttemptAt: now, message: null, refundAttempt: true });
        this.rememberBatches(false, action.message);
        return;
      case 'resubmit':
        for (const j of jobs) {
          if (j.resubmits >= 1) {
            this.store.jobs.fail(
              [j.id],
              'task_lost',
              'The service lost this task twice; try again later',
            );
          } else {
            this.store.jobs.requeue([j.id], {
              nextAttemptAt: now,
              message: 'The service no longer knows this task; sending the photo again',
              refundAttempt: true,
              resubmit: true,
            });
          }
        }
        return;
    }
  }

  // ---- offline probing and quota re-checks ---------------------------------------------------------------

  private goOffline(reason: string): void {
    if (this.blocks.offline) return;
    this.probeAttempt = 0;
    const delay = backoffMs(0, this.config.probeBaseMs, this.config.probeCapMs, this.random);
    this.blocks = {
      ...this.blocks,
      offline: {
        since: new Date(this.now()).toISOString(),
        reason,
        nextProbeAt: this.now() + delay,
      },
    };
    this.log(`Service unreachable (${reason}); uploads paused, probing`);
    this.probeSoon(delay);
    this.scheduleStatus();
  }

  private probeSoon(delay: number): void {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      this.track(this.probe());
    }, delay);
  }

  private async probe(): Promise<void> {
    if (!this.running || !this.blocks.offline) return;
    try {
      this.setAi(await this.api.getAiStatus({ signal: this.abort.signal }));
      this.wentOnline();
    } catch (err) {
      if (!this.isRunning()) return;
      if (
        isApiError(err) &&
        (err.info.class === 'key_rejected' || err.info.class === 'permission_denied')
      ) {
        this.wentOnline();
        this.onFailure(err, 'poll', []);
        return;
      }
      const delay = backoffMs(
        ++this.probeAttempt,
        this.config.probeBaseMs,
        this.config.probeCapMs,
        this.random,
      );
      const offline = this.currentBlocks().offline;
      if (offline)
        this.blocks = { ...this.blocks, offline: { ...offline, nextProbeAt: this.now() + delay } };
      this.probeSoon(delay);
      this.scheduleStatus();
    }
  }

  private wentOnline(): void {
    this.transportFailures = 0;
    this.blocks = { ...this.blocks, offline: null };
    this.log('Service reachable again; resuming');
    this.kick();
    this.scheduleStatus();
  }

  private checkQuotaSoon(delay: number): void {
    if (this.quotaTimer) clearTimeout(this.quotaTimer);
    this.quotaTimer = setTimeout(() => {
      this.quotaTimer = null;
      this.track(this.checkQuota());
    }, delay);
  }

  private async checkQuota(): Promise<void> {
    if (!this.running || !this.blocks.quota) return;
    try {
      const quota = await this.api.getQuota({ signal: this.abort.signal });
      this.setQuota(quota);
      if (quota.isUnlimited || quota.remaining > 0) {
        this.blocks = { ...this.blocks, quota: null };
        this.log(
          `Quota available again (${quota.isUnlimited ? 'unlimited' : quota.remaining} left); resuming`,
        );
        this.updateQuotaWarning();
        this.kick();
        this.scheduleStatus();
        return;
      }
    } catch {
      // Unreachable or refused: try again at the next check.
    }
    const quotaHold = this.currentBlocks().quota;
    if (this.isRunning() && quotaHold) {
      this.blocks = {
        ...this.blocks,
        quota: { ...quotaHold, nextCheckAt: this.now() + this.config.quotaRecheckMs },
      };
      this.checkQuotaSoon(this.config.quotaRecheckMs);
    }
  }

  /** Read through a call: the state changes while a request is awaited. */
  private isRunning(): boolean {
    return this.running;
  }

  private currentBlocks(): EngineBlocks {
    return this.blocks;
  }

  // ---- events ------------------------------------------------------------------------------

  private log(line: string): void {
    this.emit('log', line);
  }

  private changed(ids: readonly number[]): void {
    for (const id of ids) this.changedIds.add(id);
    this.scheduleStatus();
  }

  private scheduleStatus(): void {
    if (this.statusTimer) return;
    this.statusTimer = setTimeout(() => {
      this.statusTimer = null;
      this.flushStatus();
    }, STATUS_EVERY_MS);
  }

  private flushStatus(): void {
    if (this.changedIds.size) {
      const ids = [...this.changedIds];
      this.changedIds.clear();
      this.emit('jobs', ids);
    }
    const status = this.status();
    this.emit('status', status);
    this.checkSettled(status);
  }

  private checkSettled(s: EngineStatus): void {
    if (this.settleWaiters.length === 0) return;
    const c = s.counts;
    const inFlight = c.uploading + c.submitted;
    let outcome: SettleOutcome | null = null;
    if (c.queued + inFlight === 0) outcome = 'complete';
    else if (s.blocks.auth) outcome = s.blocks.auth.kind;
    else if (s.blocks.settings) outcome = 'settings';
    else if (s.blocks.quota && inFlight === 0) outcome = 'quota_exhausted';
    const offlineFor = s.blocks.offline ? this.now() - Date.parse(s.blocks.offline.since) : 0;
    const waiters = this.settleWaiters;
    this.settleWaiters = [];
    for (const w of waiters) {
      if (outcome) w.resolve(outcome);
      else if (s.blocks.offline && offlineFor >= w.maxOfflineMs) w.resolve('offline_timeout');
      else this.settleWaiters.push(w);
    }
    // Offline waits are decided by time, so keep looking while someone waits.
    if (this.settleWaiters.length && s.blocks.offline && !this.settleTimer) {
      this.settleTimer = setTimeout(() => {
        this.settleTimer = null;
        if (this.running) this.scheduleStatus();
      }, 1_000);
      this.settleTimer.unref();
    }
  }
}
