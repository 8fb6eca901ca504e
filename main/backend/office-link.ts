// The window's desk in office mode: with the Office settings saved, each engine the backend starts
// gets an office desk beside it (main/office/office-desk.ts, as `run --office` has), publishing the
// queue's outbox and asking the office before each upload. It starts in the background, so an
// office that is slow or away never holds the window or the engine; it follows the settings
// because the backend restarts the engine when they change (handlers/office.ts).
// What the window shows of it (OfficeStatus): the office is asked every PROBE_MS, because the
// outbox alone learns of an outage only when it has something to publish.
import type { OfficeSettings, OfficeStatus } from '../../common/ipc/office-views';
import { NO_POLICY, type MachinePolicy } from '../config/policy';
import { officeWithPolicy } from '../config/policy-presets';
import type { Engine } from '../engine/engine';
import { claimOnceStarted } from '../office/claim-gate';
import { startOfficeDesk, type OfficeDesk } from '../office/office-desk';
import type { TakeOfficeProfile } from '../office/profile-sync';
import type { TakeOfficeHistory } from '../office/history-sync';
import type { TakeOfficeRoutes } from '../office/route-sync';
import type { TakeOfficeDecisions } from '../../common/office-decision-news';
import {
  loadOfficeSettings,
  OfficePasswords,
  officeSettingsFile,
  officeUrlOf,
} from '../office/office-settings';
import { classifyOfficeProblem } from '../office/office-test-connection';
import { OfficeError } from '../office/store/office-db';
import type { SecretStore } from '../secrets/secret-store';
import { officeOutboxOf } from '../store/office-outbox';
import type { Store } from '../store/store';
import { systemClock, Timer, type Clock } from '../time/clock';
import type { BackendKeys } from './backend-keys';
import { describe } from './start-problems';

/** How long stopping waits for the outbox to drain; what is left waits for the next start. */
const FINISH_BUDGET_MS = 3_000;
/** How often the office is asked whether it is there (one small query). */
export const OFFICE_PROBE_MS = 10_000;

export interface OfficeLinkOptions {
  readonly clock?: Clock;
  /** Told each time the office's state as the window shows it changes (null: no office). */
  readonly onState?: (state: OfficeStatus | null) => void;
  /** IT's office address and desk naming (a preset, or locked). */
  readonly policy?: MachinePolicy;
}

export class OfficeLink {
  private desk: Promise<OfficeDesk | null> | null = null;
  private readonly clock: Clock;
  private readonly probe: Timer;
  private current: OfficeStatus | null = null;
  /** Bumped by stop(): a probe of an engine already stopped says nothing. */
  private generation = 0;
  private probing: (() => Promise<void>) | null = null;
  private readonly deskListeners = new Set<(desk: OfficeDesk) => void>();
  private readonly finishing = new Set<(desk: OfficeDesk) => Promise<void>>();

  constructor(
    private readonly userDataDir: string,
    private readonly secrets: SecretStore,
    /** The password is remembered for scrubbing text that leaves the backend. */
    private readonly keys: Pick<BackendKeys, 'sawSecret'>,
    /** Never given the password: every line names the office by its redacted address. */
    private readonly log: (line: string) => void,
    private readonly options: OfficeLinkOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.probe = new Timer(
      this.clock,
      () => {
        void this.probing?.();
      },
      { weak: true },
    );
  }

  /**
   * The address to open the office with, carrying its saved password when one can be read (a
   * keychain that cannot be read: without one). The password is remembered for scrubbing first.
   */
  async urlFor(settings: OfficeSettings): Promise<string> {
    const password = await new OfficePasswords(this.secrets).get(settings).catch(() => null);
    if (password !== null) this.keys.sawSecret(password);
    return officeUrlOf(settings, password);
  }

  /** The office desk beside the engine now, or null (no office, or it could not start). */
  running(): Promise<OfficeDesk | null> {
    return this.desk ?? Promise.resolve(null);
  }

  /** Hears each office desk as it starts (review in the window follows its live changes). */
  onDesk(listener: (desk: OfficeDesk) => void): () => void {
    this.deskListeners.add(listener);
    return () => {
      this.deskListeners.delete(listener);
    };
  }

  /** Runs before each office desk finishes (the engine stops): review leases are given back. */
  beforeFinish(hook: (desk: OfficeDesk) => Promise<void>): () => void {
    this.finishing.add(hook);
    return () => {
      this.finishing.delete(hook);
    };
  }

  /** The link's clock (the desk's timers run on it). */
  get time(): Clock {
    return this.clock;
  }

  /** The office as the window shows it; null when no office is in use. */
  get status(): OfficeStatus | null {
    return this.current;
  }

  /** The office this desk uses: office.json under the machine policy's presets and locks. */
  settings(): OfficeSettings | null {
    const saved = loadOfficeSettings(officeSettingsFile(this.userDataDir));
    return officeWithPolicy(saved, this.options.policy ?? NO_POLICY);
  }

  /** Starts the office desk for this engine when the settings name an office; returns at once. */
  start(
    store: Store,
    engine: Pick<Engine, 'claimUploadsWith'>,
    takeRoutes?: TakeOfficeRoutes,
    takeDecisions?: TakeOfficeDecisions,
    takeProfile?: TakeOfficeProfile,
    takeHistory?: TakeOfficeHistory,
  ): void {
    const settings = this.settings();
    if (settings === null) {
      this.show(null);
      return;
    }
    const { log } = this;
    const generation = ++this.generation;
    const outbox = officeOutboxOf(store.db, this.clock);
    // The state is the probe's (it notices an outage even with nothing to publish); the count of
    // entries waiting follows the outbox publisher after each drain.
    let probed: Pick<OfficeStatus, 'state' | 'problem'> = { state: 'starting', problem: null };
    let started: OfficeDesk | null = null;
    const unclaimed = (): number => started?.sentUnclaimed() ?? 0;
    const show = (
      state: OfficeStatus['state'],
      problem: OfficeStatus['problem'] = null,
      pending?: number,
    ): void => {
      if (generation === this.generation) {
        probed = { state, problem };
        this.show(
          statusOf(settings, state, pending ?? outbox.counts().pending, problem, unclaimed()),
        );
      }
    };
    show('starting');
    this.desk = (async () => {
      const url = await this.urlFor(settings);
      const desk = await startOfficeDesk({
        store,
        url,
        desk: settings.desk,
        clock: this.clock,
        say: log,
        ...(takeRoutes && { takeRoutes }),
        ...(takeDecisions && { takeDecisions }),
        ...(takeProfile && { takeProfile }),
        ...(takeHistory && { takeHistory }),
        // The live listener's lines (a lost connection, a note not understood) go to the same log.
        log,
        onPublished: ({ pending }) => {
          show(probed.state, probed.problem, pending);
        },
      }).catch((error: unknown) => {
        show('refused', classifyOfficeProblem(error, url).problem);
        throw error;
      });
      started = desk;
      engine.claimUploadsWith(desk.claim);
      for (const listener of this.deskListeners) listener(desk);
      this.probing = async () => {
        try {
          await desk.office.checkSchema();
          show('connected');
        } catch (error) {
          if (error instanceof OfficeError && error.failure === 'unreachable') show('away');
          else show('refused', classifyOfficeProblem(error, url).problem);
        }
        if (generation === this.generation) this.probe.set(OFFICE_PROBE_MS);
      };
      void this.probing();
      return desk;
    })().catch((error: unknown) => {
      log(`Office: not used until its settings change: ${describe(error)}`);
      return null;
    });
    // The engine may upload before the desk answers: its first photos wait for the claim (briefly).
    engine.claimUploadsWith(
      claimOnceStarted(
        this.desk.then((desk) => desk?.claim ?? null),
        this.clock,
      ),
    );
  }

  /** Publishes what is due within a short budget and closes the connection (engine stopped). */
  async stop(): Promise<void> {
    this.generation++;
    this.probing = null;
    this.probe.clear();
    const pending = this.desk;
    this.desk = null;
    const desk = await pending;
    if (desk) {
      for (const hook of this.finishing) await hook(desk).catch(() => undefined);
      await desk.finish(FINISH_BUDGET_MS);
    }
    this.show(null);
  }

  private show(next: OfficeStatus | null): void {
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next;
    this.options.onState?.(next);
  }
}

function statusOf(
  settings: OfficeSettings,
  state: OfficeStatus['state'],
  pending: number,
  problem: OfficeStatus['problem'],
  unclaimed: number,
): OfficeStatus {
  return {
    state,
    desk: settings.desk,
    host: settings.host,
    database: settings.database,
    pending,
    problem: state === 'refused' ? problem : null,
    unclaimed,
  };
}
