// The window's picture of the app: the snapshot it starts from, the pushes that keep it current,
// and which screen is up. Pushes already covered by the snapshot (seq <= eventSeq) are skipped.
import type {
  AppEvent,
  IpcError,
  KeyStatus,
  OfficeStatus,
  RootSummary,
  ServiceView,
  SettingsView,
  Snapshot,
} from '../../common/ipc';
import type { LogEntry } from '../../common/engine-messages';
import { NO_POLICY_VIEW } from '../../common/policy';
import { DEFAULT_SETTINGS } from '../../common/settings';
import { throttle } from '../lib/throttle';
import { DEFAULT_QUERY } from './table-slice';
import { focusAfterScreenChange } from './screen-focus';
import type { SliceCreator } from './types';

export type Screen = 'main' | 'settings' | 'onboarding' | 'officeReport';

const MAX_LOG_LINES = 200;

/** A line of the activity log as it arrived, with the time the window heard it. */
export interface LogLine {
  readonly entry: LogEntry;
  readonly at: number;
}

/** The service whose queue was on screen before the clerk switched to another one. */
export interface ServiceSwitch {
  readonly from: ServiceView;
}

/** Each service keeps its own queue (the sandbox's never mixes with real photos). */
function sameService(a: ServiceView, b: ServiceView): boolean {
  return a.kind === b.kind && (a.kind !== 'remote' || a.baseUrl === b.baseUrl);
}

export interface SessionSlice {
  phase: 'starting' | 'ready' | 'failed';
  startError: IpcError | null;
  appVersion: string;
  service: ServiceView;
  settings: SettingsView;
  key: KeyStatus;
  roots: readonly RootSummary[];
  /** The desk's link to its office; null when no office is in use. */
  officeStatus: OfficeStatus | null;
  eventSeq: number;
  screen: Screen;
  activity: readonly LogLine[];
  /** Set when the queue on screen became another service's; cleared when dismissed. */
  serviceSwitch: ServiceSwitch | null;
  dismissServiceSwitch(): void;
  /** Loads the snapshot, subscribes to pushes and shows onboarding when nothing is set up. */
  start(): Promise<void>;
  stop(): void;
  refreshSnapshot(): Promise<void>;
  refreshRoots(): Promise<void>;
  handleEvent(event: AppEvent): void;
  showScreen(screen: Screen): void;
}

const EMPTY_SERVICE: ServiceView = {
  kind: 'none',
  baseUrl: null,
  sampleFolder: null,
  problem: null,
};
const EMPTY_SETTINGS: SettingsView = {
  ...DEFAULT_SETTINGS,
  effectiveDataDir: '',
  policy: NO_POLICY_VIEW,
  dataDirOnShare: false,
};
const EMPTY_KEY: KeyStatus = {
  isSet: false,
  hint: '',
  backend: {
    kind: 'unavailable',
    place: null,
    warning: null,
  },
};

export const createSessionSlice: SliceCreator<SessionSlice> = (
  set,
  get,
  { bridge, refreshMs, now },
) => {
  let unsubscribe: (() => void) | null = null;
  const rootsLater = throttle(() => void get().refreshRoots(), refreshMs);
  const snapshotLater = throttle(() => void get().refreshSnapshot(), Math.min(refreshMs, 250));

  /**
   * Another service, another queue: nothing of the old one may stay on screen. A selection kept by
   * row id pointed at a photo of the other queue (E then Enter corrected it), and the old add
   * report stood beside an empty list.
   */
  const switchedFrom = (from: ServiceView): void => {
    get().select(null);
    set({
      serviceSwitch: { from },
      lastAdd: null,
      searchCounts: null,
      samples: [],
      query: DEFAULT_QUERY,
    });
    void get().reloadTable();
  };

  const applySnapshot = (snap: Snapshot): void => {
    const before = get().service;
    const switched = before.kind !== 'none' && !sameService(before, snap.service);
    set({
      appVersion: snap.appVersion,
      service: snap.service,
      settings: snap.settings,
      key: snap.key,
      roots: snap.roots,
      officeStatus: snap.office,
      eventSeq: snap.eventSeq,
    });
    if (switched) switchedFrom(before);
    get().applyStatus(snap.status);
  };

  return {
    phase: 'starting',
    startError: null,
    appVersion: '',
    service: EMPTY_SERVICE,
    settings: EMPTY_SETTINGS,
    key: EMPTY_KEY,
    roots: [],
    officeStatus: null,
    eventSeq: 0,
    screen: 'main',
    activity: [],
    serviceSwitch: null,

    dismissServiceSwitch() {
      set({ serviceSwitch: null });
    },

    async start() {
      unsubscribe ??= bridge.onEvent((event) => {
        get().handleEvent(event);
      });
      const snap = await bridge.snapshot();
      if (!snap.ok) {
        set({ phase: 'failed', startError: snap.error });
        return;
      }
      applySnapshot(snap.value);
      const fresh = snap.value.service.kind === 'none' && snap.value.status.counts.total === 0;
      set({ phase: 'ready', startError: null, screen: fresh ? 'onboarding' : 'main' });
      await get().reloadTable();
    },

    stop() {
      unsubscribe?.();
      unsubscribe = null;
      rootsLater.cancel();
      snapshotLater.cancel();
      get().cancelTableRefresh();
    },

    async refreshSnapshot() {
      const snap = await bridge.snapshot();
      if (snap.ok) applySnapshot(snap.value);
    },

    async refreshRoots() {
      const roots = await bridge.listRoots();
      if (roots.ok) set({ roots: roots.value });
    },

    handleEvent(event) {
      // A push the snapshot already covers brings no news about status or log; its rows are
      // still applied (they are rows as they were, and the table is re-read right after).
      const covered = event.seq <= get().eventSeq;
      if (!covered) set({ eventSeq: event.seq });
      if (event.status && !covered) get().applyStatus(event.status);
      if (event.office !== undefined && !covered) set({ officeStatus: event.office });
      // Another desk changed the office's record: the supervisor's report on screen reads again.
      if (event.officeChange && get().screen === 'officeReport') get().officeReportHeard();
      // The meter on screen, when the change names it, reads its office view again.
      if (event.officeChange) get().officeMetersHeard(event.officeChange);
      if (event.officeHandoverAsks) get().officeHandoverAsked(event.officeHandoverAsks);
      if (event.log.length > 0 && !covered) {
        const at = now();
        const lines = event.log.map((entry) => ({ entry, at }));
        set((s) => ({ activity: [...s.activity, ...lines].slice(-MAX_LOG_LINES) }));
      }
      const rowsChanged =
        event.jobs.length > 0 || event.removedJobIds.length > 0 || event.jobsOverflow;
      if (event.jobs.length > 0) get().applyJobs(event.jobs);
      if (rowsChanged) {
        get().scheduleTableRefresh();
        rootsLater();
      }
      if (event.appChanged) {
        snapshotLater();
        get().scheduleTableRefresh();
      }
    },

    showScreen(screen) {
      const from = get().screen;
      set({ screen });
      focusAfterScreenChange(screen, from);
    },
  };
};
