// Keeps the backend process running for the main process: starts it, gives main stable calls that
// always reach the current process, restarts it (a few times) if it dies, and closes it gracefully
// on quit. The process is spawned by a function the caller provides: Electron's utilityProcess in
// the app, child_process.fork in tests.
import { appChangedEvent, type AppEvent } from '../../common/ipc/app-event';
import { BACKEND_CALLS } from '../../common/ipc/backend-contract';
import type { PhotoFile } from '../../common/ipc/backend-views';
import type { RpcPort } from '../ipc/rpc';
import {
  connectBackend,
  type BackendCallers,
  type BackendClient,
  type MainServiceHandlers,
} from './backend-client';

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
  /** The OS services main answers for the backend. */
  readonly services: MainServiceHandlers;
  readonly onEvent: (event: AppEvent) => void;
  readonly log: (line: string) => void;
  /** Restarts allowed after unexpected exits. Default 3. */
  readonly maxRestarts?: number;
}

/** What the window is told when the backend had to be restarted: take a fresh snapshot. */
const RESTARTED = appChangedEvent([
  'The MeterDesk backend stopped unexpectedly and was restarted; the queue is intact.',
]);

export class BackendSupervisor {
  readonly calls: BackendCallers;
  private client: BackendClient;
  private child: SpawnedProcess;
  private restarts = 0;
  private closing = false;
  private exited: Promise<void>;

  constructor(private readonly options: SupervisorOptions) {
    ({ client: this.client, child: this.child, exited: this.exited } = this.launch());
    const entries = Object.keys(BACKEND_CALLS).map((name) => [
      name,
      (request: never) =>
        (this.client.calls[name as keyof BackendCallers] as (r: never) => Promise<unknown>)(
          request,
        ),
    ]);
    // Same shape as the client's calls; delegating lets a restarted process take over.
    this.calls = Object.fromEntries(entries) as BackendCallers;
  }

  /** Resolves when the current backend process is open. */
  ready(): Promise<void> {
    return this.client.ready;
  }

  /** The file behind a photo address; null when the backend cannot say (logged). */
  async photoFile(jobId: number): Promise<PhotoFile | null> {
    const answer = await this.calls.photoFile({ jobId });
    if (answer.ok) return answer.value;
    this.options.log(`photo ${String(jobId)}: ${answer.error.message}`);
    return null;
  }

  networkHint(): void {
    this.client.networkHint();
  }

  /**
   * Closes the backend (engine stopped, queue closed), then ends its process; a backend that does
   * not answer within the close deadline (common/ipc/deadlines.ts) is ended all the same.
   */
  async close(): Promise<void> {
    if (this.closing) return this.exited;
    this.closing = true;
    await this.client.close();
    this.child.kill();
    await this.exited;
  }

  private launch(): { client: BackendClient; child: SpawnedProcess; exited: Promise<void> } {
    const child = this.options.spawn();
    const client = connectBackend(child.port, this.options.services, {
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
