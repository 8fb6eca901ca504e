// What the engine knows about the service beyond the queue: its quota and AI status as last read,
// what the deployment accepts (deployment.ts) and how many photos the quota still covers
// (quota-budget.ts). Read before sending (pre-flight) and re-read now and then while photos wait,
// so what the window shows stays current. A key without the permission to read quota or AI
// status is not stopped by it: those figures are shown as not permitted.
import { quotaWarning, type QuotaWarning } from '../../common/quota-warning';
import { logged, type EngineMessage } from '../../common/engine-messages';
import type { AiInfo, EngineStatus, Permission, QuotaInfo } from '../../common/engine-status';
import type { MeterApi } from '../api/client';
import { isApiError } from '../api/errors';
import type { AiStatus, Quota } from '../api/schemas';
import type { Store } from '../store/store';
import { Timer, type Clock } from '../time/clock';
import type { EngineConfig } from './config';
import { Deployment } from './deployment';
import { AiVersionLog } from './ai-versions';
import { QuotaBudget } from './quota-budget';
import { readingsLeft, toAiInfo, toQuotaInfo } from './remote-info';

/** No service names a task so (its ids are its own): a read of it can only be refused or missed. */
const IMPOSSIBLE_TASK_ID = 'meterdesk-permission-check-0';

export interface ServiceStateDeps {
  readonly store: Store;
  readonly api: MeterApi;
  readonly clock: Clock;
  readonly config: EngineConfig;
  /** Identifies the service (its origin) for what is remembered about it. */
  readonly serviceId: string;
  /**
   * Whether photos are waiting (`busy`), none are (`idle`), or nothing may be asked now because the
   * service is unreachable or refuses the key (`held`: the probe and the quota check read then).
   */
  refreshNeed(): 'busy' | 'idle' | 'held';
  running(): boolean;
  /** The current run's signal: it ends the run's requests when the engine stops. */
  signal(): AbortSignal;
  track(work: Promise<unknown>): void;
  /** A read failed: the failure handler decides what it means. */
  failed(error: unknown): void;
  changed(): void;
  /** Rows changed outside a run's requests (an AI version stamped on finished photos). */
  rowsChanged?(ids: readonly number[]): void;
  log(line: string, message?: EngineMessage): void;
}

export class ServiceState {
  readonly deployment: Deployment;
  readonly budget: QuotaBudget;
  /** Which AI version read each result, decided by the AI status reads around it. */
  private readonly aiVersions = new AiVersionLog();
  private quotaValue: QuotaInfo | null = null;
  private aiValue: AiInfo | null = null;
  /** The AI status endpoint fails on its own while the rest of the service answers. */
  private aiFailing = false;
  private warning: QuotaWarning | null = null;
  private readonly refreshTimer: Timer;
  private lastReadAt = -Infinity;
  /** Photos were waiting at the last read: the quota has moved since. */
  private lastReadBusy = false;
  /** Photos finished by the last read; a run shorter than one refresh period moves it too. */
  private lastReadFinished = 0;
  /** This run has learned whether the key may read tasks (or could not, and goes on regardless). */
  private taskReadsChecked = false;

  constructor(private readonly d: ServiceStateDeps) {
    this.deployment = new Deployment(d.store, d.clock, d.serviceId, {
      batchRecheckMs: d.config.batchRecheckMs,
      permissionRecheckMs: d.config.permissionRecheckMs,
    });
    this.budget = new QuotaBudget(d.clock);
    this.refreshTimer = new Timer(d.clock, () => {
      this.refresh();
    });
  }

  get quota(): QuotaInfo | null {
    return this.quotaValue;
  }

  get ai(): AiInfo | null {
    return this.aiValue;
  }

  get quotaWarning(): QuotaWarning | null {
    return this.warning;
  }

  /** What the service told: the status's quota, AI, deployment and quota warning. */
  view(): Pick<EngineStatus, 'quota' | 'ai' | 'deployment' | 'quotaWarning'> {
    const { quota, ai, quotaWarning } = this;
    return { quota, ai, deployment: this.deployment.view(), quotaWarning };
  }

  /** Whether this run knows if the key may read tasks: no single task goes before it does. */
  get taskReadsKnown(): boolean {
    return this.taskReadsChecked;
  }

  /**
   * Reads AI status and quota (those the key may read), and warns when the queue outgrows the
   * quota. A run's first read (`runStart`) also asks whether the key may read tasks.
   */
  async preflight(signal: AbortSignal, runStart = false): Promise<void> {
    const { api } = this.d;
    this.lastReadAt = this.d.clock.now();
    this.lastReadBusy = this.d.refreshNeed() === 'busy';
    this.lastReadFinished = this.finished();
    if (runStart) this.taskReadsChecked = false;
    const [ai, quota] = await Promise.allSettled([
      this.deployment.deniedMessage('ai_status') ? null : api.getAiStatus({ signal }),
      this.deployment.deniedMessage('quota') ? null : api.getQuota({ signal }),
      runStart ? this.checkTaskReads(signal) : null,
    ]);
    if (ai.status === 'rejected') {
      this.aiReadFailed(ai.reason);
      this.d.failed(ai.reason);
    } else if (ai.value) this.setAi(ai.value);
    if (quota.status === 'rejected') this.d.failed(quota.reason);
    else if (quota.value) this.setQuota(quota.value);
    this.updateQuotaWarning();
    this.d.changed();
  }

  /**
   * A single task no read reaches could only be followed by sending the photo again, and a photo
   * sent again while its first task still runs is read, and paid, twice (spec 8.4, 8.5). So before
   * any photo goes as a single task the key is asked: a read of a task that cannot exist answers
   * 403 when the scope is missing (spec 5.5, checked before the task is looked up) and 404 when
   * it is not (4.4); only when that read is refused, a one-task list tells whether the list
   * reaches tasks instead. Any other answer says nothing about the permission: the run goes on
   * as before (the AI status and quota reads beside this one tell what the service is doing).
   */
  private async checkTaskReads(signal: AbortSignal): Promise<void> {
    try {
      if (this.deployment.deniedMessage('get_task') === null) {
        await this.askPermission('get_task', () =>
          this.d.api.getTask(IMPOSSIBLE_TASK_ID, { signal }),
        );
        if (this.deployment.deniedMessage('get_task') === null) this.deployment.sawTaskReads();
      }
      if (
        this.deployment.deniedMessage('get_task') !== null &&
        this.deployment.deniedMessage('list_tasks') === null
      ) {
        await this.askPermission('list_tasks', () => this.d.api.listTasks(1, { signal }));
      }
    } finally {
      this.taskReadsChecked = true;
    }
  }

  /** A refusal is the failure handler's (it records the denied permission); anything else is not. */
  private async askPermission(permission: Permission, read: () => Promise<unknown>): Promise<void> {
    try {
      await read();
      this.deployment.allow(permission);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.info.class === 'not_found') this.deployment.allow(permission);
      else if (error.info.class === 'permission_denied') this.d.failed(error);
    }
  }

  /**
   * One request that tells whether the service can be reached; any answer does (holds.ts). It
   * asks what the key may call and what last worked: the AI status, else (not permitted, or
   * failing on its own) the quota, else a one-task list; the AI status when nothing else may go.
   */
  async probe(signal: AbortSignal): Promise<void> {
    const { api } = this.d;
    const may = (p: Permission): boolean => this.deployment.deniedMessage(p) === null;
    if (may('ai_status') && !this.aiFailing) await this.probeAi(signal);
    else if (may('quota')) this.setQuota(await api.getQuota({ signal }));
    else if (may('list_tasks')) await api.listTasks(1, { signal });
    else await this.probeAi(signal);
  }

  private async probeAi(signal: AbortSignal): Promise<void> {
    try {
      this.setAi(await this.d.api.getAiStatus({ signal }));
    } catch (error) {
      this.aiReadFailed(error);
      throw error;
    }
  }

  /**
   * The AI status endpoint answered with an error of its own (a 5xx, a body that cannot be used):
   * said once, and not relied on to tell whether the service is there until it works again.
   */
  private aiReadFailed(error: unknown): void {
    if (!isApiError(error) || error.status === undefined) return;
    if (error.class !== 'retry_later') return;
    if (this.aiFailing) return;
    this.aiFailing = true;
    this.d.log(...logged('aiStatusFailing', { status: error.status }));
  }

  setAi(s: AiStatus): void {
    this.aiFailing = false;
    this.deployment.allow('ai_status');
    this.aiValue = toAiInfo(s, this.d.clock.now());
    this.deployment.sawAiVersion(s.currentAiVersion);
    this.stampVersions(s.currentAiVersion ?? null);
  }

  /**
   * Results marked latest arrived: their version is stamped once AI status reads tell it. They
   * wait for the reads made anyway (every statusRefreshMs while photos wait, the read when the
   * queue drains, the run's last one in settleAiVersions) and never ask for one sooner: asking
   * read AI status and quota every statusRecheckMinMs while results came in, about 10 of the 120
   * requests a far service's key allows in a 10 s run, taken from the polls (issue 29). Fewer
   * reads only leave more results blank across a version switch, never name a wrong version.
   */
  resultsRead(results: readonly { taskId: string; since: number; until: number }[]): void {
    this.aiVersions.read(results);
  }

  /**
   * The run ends: results still waiting for an AI status read to tell their version get one now,
   * so an export made next names them (or leaves them blank when the read shows a change).
   */
  async settleAiVersions(signal: AbortSignal): Promise<void> {
    // Held (offline, a refused key): a read would only wait; those versions stay blank.
    if (!this.aiVersions.pending || this.d.refreshNeed() === 'held') return;
    if (this.deployment.deniedMessage('ai_status')) return;
    try {
      this.setAi(await this.d.api.getAiStatus({ signal }));
    } catch {
      // Not read: those results keep a blank version, which is never wrong.
    }
  }

  private stampVersions(current: string | null): void {
    const stamps = this.aiVersions
      .observe(this.d.clock.now(), current)
      .flatMap((s) => (s.aiVersion === null ? [] : [{ taskId: s.taskId, aiVersion: s.aiVersion }]));
    if (stamps.length === 0) return;
    const ids = this.d.store.jobs.stampAiVersions(stamps);
    if (ids.length > 0) this.d.rowsChanged?.(ids);
  }

  setQuota(q: Quota): void {
    this.deployment.allow('quota');
    this.quotaValue = toQuotaInfo(q, this.d.clock.now());
    this.budget.observe(readingsLeft(q));
  }

  /**
   * A quota_exhausted answer said how many readings are left (null: it did not say). True when
   * the run should hold for quota now: nothing is in flight that could still leave readings.
   */
  quotaExhausted(remaining: number | null, inFlight: number): boolean {
    if (remaining !== null) {
      if (this.quotaValue) this.quotaValue = { ...this.quotaValue, remaining };
      this.budget.observe(remaining);
    } else {
      this.budget.observe(0);
    }
    return inFlight === 0 && this.budget.left(0) === 0;
  }

  /**
   * The quota read now, for the add report: photos were just added and the window warns when they
   * outgrow what is left (the periodic reads may be minutes old). Not while held or not permitted.
   */
  async readQuotaForAdd(signal: AbortSignal): Promise<number | null> {
    if (this.d.refreshNeed() !== 'held' && !this.deployment.deniedMessage('quota')) {
      try {
        this.setQuota(await this.d.api.getQuota({ signal }));
        this.updateQuotaWarning();
        this.d.changed();
      } catch (error) {
        this.d.failed(error);
      }
    }
    const q = this.quotaValue;
    return q && !q.isUnlimited ? q.remaining : null;
  }

  /** Re-reads the quota (a hold's re-check, or the budget spent): true when readings are left. */
  async quotaAvailable(signal: AbortSignal): Promise<boolean> {
    const quota = await this.d.api.getQuota({ signal });
    this.setQuota(quota);
    const left = readingsLeft(quota);
    if (left !== null && left <= 0) return false;
    this.d.log(...logged('quotaAvailable', { remaining: left ?? -1 }));
    this.updateQuotaWarning();
    return true;
  }

  /**
   * Reads the service's state now rather than at the next periodic read, unless it was read a
   * moment ago (many tasks give their wait reason in one list answer).
   */
  readSoon(): void {
    if (!this.d.running() || this.d.refreshNeed() !== 'busy') return;
    const now = this.d.clock.now();
    const at = Math.max(now, this.lastReadAt + this.d.config.statusRecheckMinMs);
    const due = this.refreshTimer.at;
    // Not armed means a read is under way; it re-arms itself when done.
    if (due === null || at >= due) return;
    this.refreshTimer.set(at - now);
  }

  startRefreshing(): void {
    this.refreshTimer.set(this.d.config.statusRefreshMs);
  }

  stop(): void {
    this.refreshTimer.clear();
  }

  /**
   * Quota and AI status change while a run goes on (other users of the account, an AI outage);
   * what the window shows is re-read every statusRefreshMs while photos wait, once more when the
   * queue drains (so the quota shown counts the run's last photos), and every statusIdleRefreshMs
   * when idle. Held runs are left to the probe and the quota check.
   */
  private refresh(): void {
    if (!this.d.running()) return;
    const need = this.d.refreshNeed();
    const due =
      need === 'busy' ||
      (need === 'idle' &&
        (this.lastReadBusy ||
          this.finished() !== this.lastReadFinished ||
          this.d.clock.now() - this.lastReadAt >= this.d.config.statusIdleRefreshMs));
    if (!due) {
      this.startRefreshing();
      return;
    }
    this.d.track(
      this.preflight(this.d.signal()).finally(() => {
        if (this.d.running()) this.startRefreshing();
      }),
    );
  }

  private finished(): number {
    const c = this.d.store.jobs.counts();
    return c.done + c.failed;
  }

  updateQuotaWarning(): void {
    const q = this.quotaValue;
    const left = q && !q.isUnlimited ? q.remaining : null;
    // Counting distinct photos reads every queued row (a quarter second at 100,000): only when
    // the quota could be short at all, which the kept counts tell at no cost.
    const c = this.d.store.jobs.counts();
    if (left === null || c.queued + c.uploading <= left) {
      this.warning = null;
      return;
    }
    const pending = this.d.store.jobs.pendingDistinctPhotos();
    this.warning = quotaWarning(left, pending);
  }
}
