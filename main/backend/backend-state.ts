// The desktop backend's state: settings, the secret store, the queue (store), the engine and the
// sandbox when it is in use. Calls from the window share it (RwLock.shared); a change of service,
// key, engine setting or data folder takes it exclusively, stops the engine, swaps what changed and
// starts a fresh engine on the same queue.
import { DataDirShareCheck } from './data-dir-share';
import type { MachinePolicy } from '../config/policy';
import { withPolicy } from './policy-settings';
import { idleStatus, type EngineStatus } from '../../common/engine-status';
import type { KeyStatus, ServiceKind, ServiceView } from '../../common/ipc/views';
import { QueueActions } from '../actions/queue-actions';
import type { Engine } from '../engine/engine';
import { systemClock } from '../time/clock';
import type { FolderWatcher } from '../watch';
import { OfficeFirstGate } from '../office/office-first';
import { officeOutboxOf } from '../store/office-outbox';
import { QueueInUseError } from '../store/queue-owner';
import { applyPhotoCheckPolicy } from '../config/policy-presets';
import { openStore, type Store } from '../store/store';
import type { Sandbox } from '../../sandbox';
import { AttentionTracker } from './attention';
import { actionError } from './action-errors';
import { BackendKeys } from './backend-keys';
import { prepareDataDir, queueFileIn } from './data-dir';
import { EngineSlot } from './engine-slot';
import { EventHub } from './event-hub';
import { OfficeLink } from './office-link';
import { RwLock } from './rw-lock';
import type { MainServices } from './main-services';
import type { ChosenSecrets } from './secret-choice';
import * as problems from './start-problems';
import { describe } from './start-problems';
import { ServiceSetup } from './service-setup';
import { loadSettings, saveSettings, settingsFile, type AppSettings } from './settings';
import { tellDesktop } from './tell-desktop';
import { watchArrivals } from './watched-arrivals';
import type { NetworkSettings } from '../api/network';
import type { BackendStateOptions } from './backend-options';

export type { BackendStateOptions, WatchTimings } from './backend-options';

/** How often the window looks whether a queue another process holds is free again. */
const CLAIM_RETRY_MS = 5_000;

export class BackendState {
  private readonly lock = new RwLock();
  readonly hub: EventHub;
  readonly main: MainServices;
  readonly secrets: ChosenSecrets;
  readonly log: (line: string) => void;
  private readonly attention = new AttentionTracker();
  private readonly slot: EngineSlot;
  private settingsValue: AppSettings;
  private storeValue: Store;
  private pausedValue = false;
  private readonly keys: BackendKeys;
  /** The sandbox or the remote service the engine is started against, and what stood in the way. */
  private readonly setup: ServiceSetup;
  /** Every change to the queue (main/actions/): handlers and watched folders call only these. */
  readonly actions: QueueActions;
  /** Files the user exported this session: the only non-photo files the window may reveal. */
  readonly exported = new Set<string>();
  private claimRetry: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly share: DataDirShareCheck;
  /** What IT fixed: presets and locks over settings.json (policy-settings.ts). */
  readonly policy: MachinePolicy;
  /** The watched folders (settings.watchFolders); their new photos are added as they arrive. */
  readonly watcher: FolderWatcher;
  /** Office mode beside each engine, when the Office settings name an office (and its status). */
  readonly office: OfficeLink;

  constructor(private readonly options: BackendStateOptions) {
    this.main = options.main;
    this.secrets = options.secrets;
    this.log = options.log;
    this.share = new DataDirShareCheck(options.log);
    this.policy = options.policy;
    if (options.policy.problem !== null) options.log(options.policy.problem);
    this.settingsValue = withPolicy(
      loadSettings(settingsFile(options.userDataDir)),
      options.policy,
    );
    this.storeValue = this.openFirstStore();
    this.keys = new BackendKeys(options.secrets, options.log);
    this.setup = new ServiceSetup({
      keys: this.keys,
      secrets: options.secrets,
      ...(options.engineConfig !== undefined && { engineConfig: options.engineConfig }),
      ...(options.sandbox !== undefined && { sandbox: options.sandbox }),
    });
    this.office = new OfficeLink(
      options.userDataDir,
      options.secrets.store,
      this.keys,
      options.log,
      {
        onState: (office) => {
          this.hub.officeChanged(office);
        },
        policy: options.policy,
      },
    );
    this.hub = new EventHub({
      loadJob: (id) => this.storeValue.jobs.get(id),
      ...(options.eventIntervalMs !== undefined && { intervalMs: options.eventIntervalMs }),
    });
    this.slot = new EngineSlot(
      {
        jobs: (ids) => {
          this.hub.jobsChanged(ids);
        },
        status: (status) => {
          this.onStatus(status);
        },
        log: (line, message) => {
          this.hub.logLine(line, message);
          this.log(line);
        },
      },
      options.network,
    );
    // Every decision meets the office in the action layer, through this port (office mode).
    const office = new OfficeFirstGate({
      running: () => this.office.running(),
      me: () => officeOutboxOf(this.storeValue.db, this.office.time).desk(),
      clock: () => options.reviewClock ?? this.office.time,
      time: this.office.time,
    });
    this.actions = new QueueActions({
      store: () => this.storeValue,
      engine: () => this.slot.engine,
      clock: systemClock,
      office: () => office,
    });
    this.watcher = watchArrivals({
      lock: this.lock,
      actions: this.actions,
      hub: this.hub,
      status: () => this.status(),
      ...(options.watch !== undefined && { watch: options.watch }),
      log: this.log,
    });
  }

  /** How the service is reached (the engine's and the connection check's requests). */
  get network(): NetworkSettings | undefined {
    return this.options.network;
  }

  get settings(): AppSettings {
    return this.settingsValue;
  }

  get store(): Store {
    return this.storeValue;
  }

  get engine(): Engine | null {
    return this.slot.engine;
  }

  get sandbox(): Sandbox | null {
    return this.setup.sandbox;
  }

  get defaultDataDir(): string {
    return this.options.userDataDir;
  }

  get dataDir(): string {
    return this.settingsValue.dataDir ?? this.options.userDataDir;
  }

  get mode(): ServiceKind {
    if (this.settingsValue.useSandbox) return 'sandbox';
    return this.settingsValue.baseUrl ? 'remote' : 'none';
  }

  /**
   * Reads and writes that may run side by side (everything but reconfiguration). An action
   * refused for the queue's owner reaches the window as an AppError naming it.
   */
  use<T>(work: () => Promise<T> | T): Promise<T> {
    return this.lock.shared(async () => {
      try {
        return await work();
      } catch (error) {
        throw actionError(error);
      }
    });
  }

  /**
   * Changes settings (and anything else in `work`) with the engine stopped, then brings the
   * service up again. The window hears about it through an appChanged push.
   */
  change(work: (current: AppSettings) => Promise<AppSettings> | AppSettings): Promise<void> {
    return this.lock.exclusive(async () => {
      await this.stopEngine();
      try {
        const next = await work(this.settingsValue);
        if (next !== this.settingsValue) {
          saveSettings(settingsFile(this.options.userDataDir), next);
          this.settingsValue = next;
          await this.watcher.setFolders(next.watchFolders);
        }
      } finally {
        await this.applyService();
      }
    });
  }

  /** Changes what the engine does not use (watched folders, language): it keeps running. */
  setQuietly(patch: Partial<Pick<AppSettings, 'watchFolders' | 'language'>>): Promise<void> {
    return this.lock.exclusive(async () => {
      const next = {
        ...this.settingsValue,
        ...(patch.language !== undefined && { language: patch.language }),
        ...(patch.watchFolders !== undefined && { watchFolders: [...new Set(patch.watchFolders)] }),
      };
      saveSettings(settingsFile(this.options.userDataDir), next);
      this.settingsValue = next;
      await this.watcher.setFolders(next.watchFolders);
    });
  }

  /** Brings the configured service up on first start. */
  async start(): Promise<void> {
    await this.lock.exclusive(() => this.applyService());
    await this.watcher.setFolders(this.settingsValue.watchFolders);
  }

  setPaused(paused: boolean): void {
    this.pausedValue = paused;
    const engine = this.slot.engine;
    if (engine) {
      if (paused) engine.pause();
      else engine.resume();
    } else {
      this.hub.statusChanged(this.status());
    }
  }

  status(): EngineStatus {
    const engine = this.slot.engine;
    if (engine) return engine.status();
    return idleStatus(this.storeValue.jobs.counts(), this.pausedValue);
  }

  service(): ServiceView {
    return this.setup.view(this.mode, this.settingsValue);
  }

  keyStatus(): KeyStatus {
    return this.keys.status(this.mode === 'sandbox');
  }

  /** Remembers a key for scrubbing (see redact). */
  sawSecret(key: string): void {
    this.keys.sawSecret(key);
  }

  redact(text: string): string {
    return this.keys.redact(text);
  }

  networkHint(): void {
    this.slot.engine?.networkHint();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.claimRetry) clearTimeout(this.claimRetry);
    // Before the lock: a batch being added holds a shared turn the close would wait for.
    await this.watcher.close();
    await this.lock.exclusive(async () => {
      await this.stopEngine();
      await this.setup.closeSandbox();
      this.hub.close();
      this.storeValue.close();
    });
  }

  /** The data folder is on a network share (data-dir-share.ts). */
  dataDirOnShare(): boolean {
    return this.share.onShare(this.dataDir);
  }

  /** A queue file opened, with the photo-check limits IT presets or locks (policy-presets.ts). */
  private openQueue(file: string): Store {
    const store = openStore(file);
    applyPhotoCheckPolicy(store.settings, this.policy);
    return store;
  }

  /** A data folder that became unusable (an unplugged drive) must not keep the app from opening. */
  private openFirstStore(): Store {
    const sandbox = this.settingsValue.useSandbox;
    try {
      prepareDataDir(this.dataDir);
      return this.openQueue(queueFileIn(this.dataDir, sandbox));
    } catch (error) {
      if (this.settingsValue.dataDir === null) throw error;
      this.log(`data folder unusable, using the default one: ${describe(error)}`);
      this.settingsValue = { ...this.settingsValue, dataDir: null };
      prepareDataDir(this.dataDir);
      return this.openQueue(queueFileIn(this.dataDir, sandbox));
    }
  }

  private onStatus(status: EngineStatus): void {
    this.hub.statusChanged(status);
    tellDesktop(this.main, this.attention.update(status), this.log);
  }

  private async stopEngine(): Promise<void> {
    await this.slot.stop();
    await this.office.stop();
    this.storeValue.release();
  }

  /** Tries the queue again later: the other process may be done by then. */
  private retryClaimSoon(ms: number): void {
    if (this.closed || this.claimRetry) return;
    this.claimRetry = setTimeout(() => {
      this.claimRetry = null;
      if (!this.closed) void this.change((current) => current);
    }, ms);
  }

  /** Under the exclusive lock, with the engine stopped: opens what the settings now ask for. */
  private async applyService(): Promise<void> {
    const mode = this.mode;
    this.setup.problem = null;
    this.keys.apiKey = null;
    if (mode !== 'sandbox') await this.setup.closeSandbox();
    prepareDataDir(this.dataDir);
    const file = queueFileIn(this.dataDir, mode === 'sandbox');
    if (this.storeValue.file !== file) {
      this.storeValue.close();
      this.storeValue = this.openQueue(file);
    }
    const target = await this.setup.target(mode, this.settingsValue, this.dataDir);
    try {
      if (target) {
        // One writer per queue: a `meter-desk run` on the same queue is waited for, not joined.
        this.storeValue.claim({
          label: 'the MeterDesk window',
          onLost: () => {
            this.retryClaimSoon(0);
          },
        });
        this.slot.start(this.storeValue, target, this.pausedValue);
        if (this.slot.engine) {
          this.office.start(
            this.storeValue,
            this.slot.engine,
            (routes) => this.actions.takeOfficeRoutes(routes),
            (news) => this.actions.takeOfficeDecisions(news),
            (profile) => {
              const taken = this.actions.takeOfficeProfile(profile);
              // Every meter's check may have changed: the limits card, table and counts follow.
              if (taken) {
                this.hub.markAppChanged();
                this.hub.statusChanged(this.status());
              }
              return taken;
            },
            (rows) => {
              const added = this.actions.takeOfficeHistory(rows);
              if (added > 0) this.hub.markAppChanged();
              return added;
            },
          );
        }
      }
    } catch (error) {
      if (error instanceof QueueInUseError) {
        this.setup.problem = problems.queueInUse(error);
        this.retryClaimSoon(CLAIM_RETRY_MS);
      } else {
        this.setup.problem = problems.engineNotStarted(error);
      }
    }
    this.hub.markAppChanged();
    this.onStatus(this.status());
  }
}
