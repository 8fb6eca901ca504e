// The desktop backend as one object: every contract handler, the event stream for the window, and
// what the shell needs besides (network hints, photo lookup, folders from a second launch). Plain
// Node: it runs in Electron's utility process (see docs/architecture.md), in tests, and behind the
// in-process test bridge.
import type { Handlers } from '../../common/ipc/bridge';
import type { EngineConfig } from '../engine/config';
import type { Sandbox, SandboxOptions } from '../../sandbox';
import type { GenerateSampleFolderOptions } from '../../sandbox/samples';
import { BackendState } from './backend-state';
import type { AppEventListener } from './event-hub';
import { createHandlers } from './handlers';
import type { OsPort } from '../ipc/os-port';
import type { PhotoFile } from '../desktop/photo-response';
import type { ChosenSecrets } from './secret-choice';

export interface BackendOptions {
  /** Per-user folder: settings.json and (by default) the queue; main/config/paths.ts. */
  readonly userDataDir: string;
  readonly secrets: ChosenSecrets;
  readonly os: OsPort;
  readonly appVersion: string;
  readonly engineConfig?: Partial<EngineConfig>;
  readonly sandbox?: SandboxOptions;
  readonly samples?: Partial<GenerateSampleFolderOptions>;
  readonly eventIntervalMs?: number;
  readonly log?: (line: string) => void;
}

export interface Backend {
  readonly handlers: Handlers;
  subscribe(listener: AppEventListener): () => void;
  /** The OS says the network may be back (online event, resume from sleep). */
  networkHint(): void;
  /** The file behind a photo address, for a job the queue knows and can show. */
  photoFile(jobId: number): Promise<PhotoFile | null>;
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
    os: options.os,
    log: options.log ?? (() => undefined),
    ...(options.engineConfig && { engineConfig: options.engineConfig }),
    ...(options.sandbox && { sandbox: options.sandbox }),
    ...(options.eventIntervalMs !== undefined && { eventIntervalMs: options.eventIntervalMs }),
  });
}

/** The Backend over a started state (for a caller that keeps the state, such as a load driver). */
export function backendOf(
  state: BackendState,
  options: Pick<BackendOptions, 'appVersion' | 'samples'>,
): Backend {
  return {
    handlers: createHandlers(state, options.appVersion, options.samples),
    subscribe: (listener) => state.hub.subscribe(listener),
    networkHint: () => {
      state.networkHint();
    },
    photoFile: (jobId) =>
      state.use(() => {
        const job = state.store.jobs.get(jobId);
        if (!job || job.state === 'rejected' || job.format === null) return null;
        return { path: job.path };
      }),
    redact: (text) => state.redact(text),
    sandbox: () => state.sandbox,
    close: () => state.close(),
  };
}
