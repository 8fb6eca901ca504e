// The desktop backend as one object: the contract's backend calls (BACKEND_CALLS), the event
// stream for the window, and network hints. Plain Node: it runs in Electron's utility process (see
// docs/architecture.md), in tests, and behind the in-process test bridge.
import type { NetworkSettings } from '../api/network';
import { readMachinePolicy, type MachinePolicy } from '../config/policy';
import type { HandlersFor } from '../../common/ipc/bridge';
import type { BackendCalls } from '../../common/ipc/backend-contract';
import type { EngineConfig } from '../engine/config';
import type { Clock } from '../time/clock';
import type { Sandbox, SandboxOptions } from '../../sandbox';
import type { GenerateSampleFolderOptions } from '../../sandbox/samples';
import { BackendState, type WatchTimings } from './backend-state';
import type { AppEventListener } from './event-hub';
import { createHandlers } from './handlers';
import type { MainServices } from './main-services';
import type { ChosenSecrets } from './secret-choice';

/** The backend's side of every call main makes to it. */
export type BackendHandlers = HandlersFor<BackendCalls>;

export interface BackendOptions {
  /** Per-user folder: settings.json and (by default) the queue; main/config/paths.ts. */
  readonly userDataDir: string;
  readonly secrets: ChosenSecrets;
  readonly main: MainServices;
  readonly appVersion: string;
  readonly engineConfig?: Partial<EngineConfig>;
  readonly sandbox?: SandboxOptions;
  readonly samples?: Partial<GenerateSampleFolderOptions>;
  readonly eventIntervalMs?: number;
  readonly watch?: WatchTimings;
  readonly log?: (line: string) => void;
  /** Review leases' clock in the window's office mode (tests move a manual one). */
  readonly reviewClock?: Clock;
  /** The machine policy; by default this machine's (main/config/policy.ts). */
  readonly policy?: MachinePolicy;
  /** How the service is reached; by default Node's stack with this process's proxy variables. */
  readonly network?: NetworkSettings;
}

export interface Backend {
  readonly handlers: BackendHandlers;
  subscribe(listener: AppEventListener): () => void;
  /** The OS says the network may be back (online event, resume from sleep). */
  networkHint(): void;
  /** Removes every API key this process has seen from a text. */
  redact(text: string): string;
  /** The running built-in sandbox, for tests that play the service's part. */
  sandbox(): Sandbox | null;
  close(): Promise<void>;
}

export async function openBackend(options: BackendOptions): Promise<Backend> {
  const state = createBackendState(options);
  await state.start();
  return backendOf(state, options);
}

/** The state openBackend runs, not started yet. */
export function createBackendState(options: BackendOptions): BackendState {
  return new BackendState({
    userDataDir: options.userDataDir,
    secrets: options.secrets,
    main: options.main,
    log: options.log ?? (() => undefined),
    ...(options.engineConfig && { engineConfig: options.engineConfig }),
    ...(options.sandbox && { sandbox: options.sandbox }),
    ...(options.eventIntervalMs !== undefined && { eventIntervalMs: options.eventIntervalMs }),
    ...(options.watch && { watch: options.watch }),
    policy: options.policy ?? readMachinePolicy(),
    ...(options.reviewClock && { reviewClock: options.reviewClock }),
    ...(options.network && { network: options.network }),
  });
}

/** The Backend over a started state (for a caller that keeps the state, such as a load driver). */
export function backendOf(
  state: BackendState,
  options: Pick<BackendOptions, 'appVersion' | 'samples' | 'reviewClock'>,
): Backend {
  return {
    handlers: createHandlers(state, options.appVersion, options.samples, options.reviewClock),
    subscribe: (listener) => state.hub.subscribe(listener),
    networkHint: () => {
      state.networkHint();
    },
    redact: (text) => state.redact(text),
    sandbox: () => state.sandbox,
    close: () => state.close(),
  };
}
