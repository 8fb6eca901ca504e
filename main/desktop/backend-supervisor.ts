// Keeps the backend process running for the main process: starts it, gives main stable handlers
// that always reach the current process, restarts it (a few times) if it dies, and closes it
// gracefully on quit. The process is spawned by a function the caller provides: Electron's
// utilityProcess in the app, child_process.fork in tests.
import type { Handlers } from '../../common/ipc/bridge';
import { CHANNEL_NAMES } from '../../common/ipc/channels';
import type { AppEvent } from '../../common/ipc/app-event';
import type { RpcPort } from '../ipc/rpc';
import { connectBackend, type BackendClient } from './backend-client';
import type { OsPort } from '../ipc/os-port';
import type { PhotoFile } from './photo-response';

/**
 * How much lower the backend process runs than the window (POSIX nice; Windows maps it to "below
 * normal"). A 20,000-file scan keeps a couple of cores busy; with the backend lowered the main
 * process and the renderer get the CPU first when they need it (docs/architecture.md).
 */
export const BACKEND_NICENESS = 10;

export interface SpawnedProcess {
  readonly port: RpcPort;
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}

export interface SupervisorOptions {
  readonly spawn: () => SpawnedProcess;
  readonly os: OsPort;
  readonly onEvent: (event: AppEvent) => void;
  readonly log: (line: string) => void;
  /** Restarts allowed after unexpected exits. Default 3. */
  readonly maxRestarts?: number;
  /** How long close() waits for a clean exit before killing. Default 10 s. */
  readonly closeTimeoutMs?: number;
}

/** What the window is told when the backend had to be restarted: take a fresh snapshot. */
const RESTARTED: AppEvent = {
  seq: 0,
  status: null,
  jobs: [],
  removedJobIds: [],
  jobsOverflow: false,
  log: ['The MeterDesk backend stopped unexpectedly and was restarted; the queue is intact.'],
  appChanged: true,
};

export class BackendSupervisor {
  readonly handlers: Handlers;
  private client: BackendClient;
  private child: SpawnedProcess;
  private restarts = 0;
  private closing = false;
  private exited: Promise<void>;

  constructor(private readonly options: SupervisorOptions) {
    ({ client: this.client, child: this.child, exited: this.exited } = this.launch());
    const entries = CHANNEL_NAMES.map((name) => [
      name,
      (request: never) => (this.client.handlers[name] as (r: never) => Promise<unknown>)(request),
    ]);
    // Same shape as the client's handlers; delegating lets a restarted process take over.
    this.handlers = Object.fromEntries(entries) as Handlers;
  }

  /** Resolves when the current backend process is open. */
  ready(): Promise<void> {
    return this.client.ready;
  }

  photoFile(jobId: number): Promise<PhotoFile | null> {
    return this.client.photoFile(jobId);
  }

  networkHint(): void {
    this.client.networkHint();
  }

  /** Closes the backend (engine stopped, queue closed), then ends its process. */
  async close(): Promise<void> {
    if (this.closing) return this.exited;
    this.closing = true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.closeTimeoutMs ?? 10_000);
    });
    try {
      await Promise.race([this.client.close(), timeout]);
    } catch (error) {
      this.options.log(
        `backend close failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
    // The backend holds nothing unsaved now (or did not answer in time): its process can go.
    this.child.kill();
    await this.exited;
  }

  private launch(): { client: BackendClient; child: SpawnedProcess; exited: Promise<void> } {
    const child = this.options.spawn();
    const client = connectBackend(child.port, this.options.os, {
      event: (event) => {
        this.options.onEvent(event);
      },
      log: (line) => {
        this.options.log(line);
      },
    });
    const exited = new Promise<void>((resolve) => {
      child.onExit((code) => {
        client.disconnected('The MeterDesk backend has stopped.');
        resolve();
        if (!this.closing) this.restart(code);
      });
    });
    return { client, child, exited };
  }

  private restart(code: number | null): void {
    this.options.log(`backend process exited unexpectedly (code ${String(code)})`);
    if (this.restarts >= (this.options.maxRestarts ?? 3)) return;
    this.restarts++;
    ({ client: this.client, child: this.child, exited: this.exited } = this.launch());
    this.options.onEvent(RESTARTED);
  }
}
