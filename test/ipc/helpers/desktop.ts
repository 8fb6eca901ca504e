// A desktop backend as the window sees it, without Electron: the real backend (engine, SQLite,
// sandbox over HTTP) behind main's real side (the dispatcher, the window calls, the contract's
// checks and deadlines), reached through the in-process bridge, with every reply and push recorded
// so tests can check that no key ever reaches the window.
import { NO_POLICY, type MachinePolicy } from '../../../main/config/policy';
import { join } from 'node:path';
import type { AppEvent } from '../../../common/ipc/app-event';
import type { MeterDeskBridge } from '../../../common/ipc/bridge';
import { APP_PAGE_URL, CHANNEL_NAMES, type ChannelName } from '../../../common/ipc/channels';
import type { Result } from '../../../common/ipc/result';
import { engineMessage } from '../../../common/engine-messages';
import type { UpdateView } from '../../../common/ipc/update-view';
import { openBackend, type Backend } from '../../../main/backend/backend';
import type { WatchTimings } from '../../../main/backend/backend-state';
import { mainServicesInProcess } from '../../../main/backend/main-services';
import { chooseSecretStore, type ChosenSecrets } from '../../../main/backend/secret-choice';
import { SessionSecretStore } from '../../../main/backend/session-store';
import { backendInProcess, type BackendCallers } from '../../../main/desktop/backend-client';
import { UpdateService } from '../../../main/desktop/updates';
import type { EngineConfig } from '../../../main/engine/config';
import { createWindowCalls } from '../../../main/desktop/window-calls';
import { createDispatcher, type Dispatcher } from '../../../main/ipc/dispatch';
import { createInProcessBridge } from '../../../main/ipc/in-process-bridge';
import type { SenderInfo } from '../../../main/ipc/sender';
import { KeychainSecretStore } from '../../../main/secrets/keychain';
import type { Clock } from '../../../main/time/clock';
import { FAST_AI, FAST_ENGINE } from '../../helpers/engine-harness';
import { tempDir } from '../../helpers/tmp';
import { TestOs } from '../../helpers/test-os';

export const WINDOW_ID = 7;
export const TRUSTED: SenderInfo = {
  webContentsId: WINDOW_ID,
  frameUrl: APP_PAGE_URL,
  isMainFrame: true,
};

export interface Desktop {
  readonly dir: string;
  readonly os: TestOs;
  readonly backend: Backend;
  readonly dispatcher: Dispatcher;
  readonly bridge: MeterDeskBridge;
  /** Every push so far, in order. */
  readonly events: AppEvent[];
  /** Every reply so far (for "no key ever reaches the window"). */
  readonly replies: unknown[];
  /** Channels that answered ok at least once. */
  readonly succeeded: Set<ChannelName>;
  /** A bridge whose calls come from another sender. */
  bridgeAs(sender: SenderInfo): MeterDeskBridge;
  close(): Promise<void>;
}

export interface DesktopOptions {
  /** Default: memory only (tests of the keychain live in test/backend). */
  readonly secrets?: (dir: string, os: TestOs) => Promise<ChosenSecrets>;
  readonly userDataDir?: string;
  /** The OS stand-in; pass the same one to a reopened backend to keep its safeStorage key. */
  readonly os?: TestOs;
  /** Engine settings over the fast test timings. */
  readonly engineConfig?: Partial<EngineConfig>;
  /** Watch-folder timings; default short ones, so a test's photos are added within a second. */
  readonly watch?: WatchTimings;
  /** Review leases' clock in office mode (a manual one moves a lease to its end). */
  readonly reviewClock?: Clock;
  /** The machine policy; default none (this machine's is never read by a test). */
  readonly policy?: MachinePolicy;
}

export function memorySecrets(): Promise<ChosenSecrets> {
  return Promise.resolve({
    store: new SessionSecretStore(),
    kind: 'session_only',
    description: 'memory, until MeterDesk closes',
    place: engineMessage('keyPlaceMemory', {}),
    warning: null,
    warningMessage: null,
  });
}

/** The real keychain under a throwaway service name when there is one, else memory. */
export function keychainOrMemory(dir: string): Promise<ChosenSecrets> {
  return chooseSecretStore({
    keychain: new KeychainSecretStore({ service: `MeterDesk-test-${String(process.pid)}` }),
    safeStorage: null,
    encryptedFile: join(dir, 'keys.json'),
    // A real keyring's first answer can take seconds on a busy machine.
    checkTimeoutMs: 10_000,
  });
}

/** Main's side of the window over a backend, with the test's dialogs and no updater. */
export function windowDispatcher(
  backend: BackendCallers,
  os: TestOs,
  options: {
    readonly redact?: (text: string) => string;
    readonly updateStatus?: () => UpdateView;
    readonly logFolder?: string;
  } = {},
): Dispatcher {
  const updates = new UpdateService({
    currentVersion: '0.0.0-test',
    feed: { kind: 'off', why: 'Automatic updates are run by the MeterDesk app, not by this test.' },
    updater: null,
  });
  return createDispatcher({
    calls: createWindowCalls({
      backend,
      dialogs: os,
      updateStatus: options.updateStatus ?? (() => updates.view()),
      logFolder: options.logFolder ?? '/meterdesk-test/logs',
    }),
    trusted: () => ({ webContentsId: WINDOW_ID, pageUrl: APP_PAGE_URL }),
    ...(options.redact && { redact: options.redact }),
  });
}

export async function openDesktop(options: DesktopOptions = {}): Promise<Desktop> {
  const t = tempDir('meterdesk-ipc-');
  const os = options.os ?? new TestOs();
  const secrets = await (options.secrets ?? memorySecrets)(t.dir, os);
  const backend = await openBackend({
    userDataDir: options.userDataDir ?? join(t.dir, 'user'),
    appVersion: '0.0.0-test',
    secrets,
    main: mainServicesInProcess(os),
    engineConfig: { ...FAST_ENGINE, ...options.engineConfig },
    sandbox: { ai: FAST_AI },
    samples: { width: 480, concurrency: 2, flawed: 0 },
    eventIntervalMs: 50,
    watch: options.watch ?? { stableMs: 300, checkEveryMs: 200 },
    policy: options.policy ?? NO_POLICY,
    ...(options.reviewClock && { reviewClock: options.reviewClock }),
  });
  const redact = (text: string): string => backend.redact(text);
  const dispatcher = windowDispatcher(backendInProcess(backend.handlers, redact), os, { redact });
  const events: AppEvent[] = [];
  const replies: unknown[] = [];
  const succeeded = new Set<ChannelName>();
  const recording: Dispatcher = {
    async dispatch(channel, sender, payload) {
      const result: Result<unknown> = await dispatcher.dispatch(channel, sender, payload);
      replies.push(result);
      if (result.ok && CHANNEL_NAMES.includes(channel as ChannelName)) {
        succeeded.add(channel as ChannelName);
      }
      return result;
    },
  };
  const bridgeAs = (sender: SenderInfo): MeterDeskBridge =>
    createInProcessBridge({
      dispatcher: recording,
      sender,
      subscribe: (listener) => backend.subscribe(listener),
    });
  const bridge = bridgeAs(TRUSTED);
  const unsubscribe = bridge.onEvent((event) => events.push(event));
  return {
    dir: t.dir,
    os,
    backend,
    dispatcher,
    bridge,
    events,
    replies,
    succeeded,
    bridgeAs,
    async close() {
      unsubscribe();
      await backend.close();
      t.cleanup();
    },
  };
}

/** The value of an ok result; fails the test with the error otherwise. */
export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/**
 * Waits for `probe` to answer. The default is a hang guard, not a speed check: it stays below the
 * test and hook budgets (60 s) but above what a loaded machine takes (a 20 s wait for a sample run
 * ran out at load 10 with both cores busy).
 */
export async function until<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
  timeoutMs = 45_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A desktop whose sandbox run of `photos` sample photos is over, for the tests that throw hostile
 * calls at a desk with a queue in it (fuzz and validation each set this up by hand).
 */
export async function desktopAfterSampleRun(
  photos: number,
): Promise<{ desk: Desktop; sampleFolder: string }> {
  const desk = await openDesktop();
  const sampleFolder = value(await desk.bridge.startSandbox({ photos })).sampleFolder;
  value(await desk.bridge.addPaths({ paths: [sampleFolder] }));
  await until(async () => {
    const c = value(await desk.bridge.snapshot()).status.counts;
    return c.queued + c.uploading + c.submitted === 0;
  }, 'the sample run to finish');
  return { desk, sampleFolder };
}
