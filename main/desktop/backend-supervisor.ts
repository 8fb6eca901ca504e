// Keeps the backend process running for the main process: starts it, gives main stable calls that
// always reach the current process, restarts it (a few times) if it dies, and closes it gracefully
// on quit. The process is spawned by a function the caller provides: Electron's utilityProcess in
// the app, child_process.fork in tests.
import { codedLine } from '../../common/engine-messages';
import { appChangedEvent, type AppEvent } from '../../common/ipc/app-event';
import { BACKEND_CALLS } from '../../common/ipc/backend-contract';
import type { PhotoFile } from '../../common/ipc/backend-views';
import type { RpcPort } from '../ipc/rpc';
import { systemClock } from '../time/clock';
import { BackendWatchdog, WATCHDOG_DEFAULTS, type WatchdogOptions } from './backend-watchdog';
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
  /** Asks the process to end (SIGTERM on POSIX). */
  kill(): void;
  /** Ends it outright (SIGKILL): a process whose event loop is stuck never handles a SIGTERM handler. */
  forceKill?(): void;
}

export interface SupervisorOptions {
  readonly spawn: () => SpawnedProcess;
  /** The OS services main answers for the backend. */
  readonly services: MainServiceHandlers;
  readonly onEvent: (event: AppEvent) => void;
  readonly log: (line: string) => void;
  /** Restarts allowed after unexpected exits. Default 3. */
  readonly maxRestarts?: number;
  /** Pings the backend and restarts it when it stops answering (backend-watchdog.ts); off when absent. */
  readonly watchdog?: WatchdogOptions;
}

/** What the window is told when the backend had to be restarted: take a fresh snapshot. */
const RESTARTED = appChangedEvent([codedLine('backendRestarted', {})]);

export class BackendSupervisor {
  readonly calls: BackendCallers;
  private client: BackendClient;
  private child: SpawnedProcess;
  private restarts = 0;
  private closing = false;
  private exited: Promise<void>;
  private watchdog: BackendWatchdog | null = null;

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
    this.watchdog?.stop();
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
    this.watch(client, child);
    const exited = new Promise<void>((resolve) => {
      child.onExit((code) => {
        client.disconnected('The MeterDesk backend has stopped.');
        resolve();
        if (!this.closing) this.restart(code);
      });
    });
    return { client, child, exited };
  }

  /**
   * Watches the process once it is open (its start, Electron's or tsx's, may take long on a busy
   * machine and is not a hang); stops watching when it exits.
   */
  private watch(client: BackendClient, child: SpawnedProcess): void {
    const options = this.options.watchdog;
    if (!options) return;
    let gone = false;
    let dog: BackendWatchdog | null = null;
    child.onExit(() => {
      gone = true;
      dog?.stop();
    });
    const hung = (silentMs: number): void => {
      if (this.closing) return;
      this.options.log(
        `backend process stopped answering (no answer for ${String(Math.round(silentMs / 1000))} s); restarting it`,
      );
      child.kill();
      // Ended by force if the SIGTERM is not handled (a stuck loop never gets to it).
      (options.clock ?? systemClock).setTimer(
        () => {
          if (!gone) child.forceKill?.();
        },
        options.killGraceMs ?? WATCHDOG_DEFAULTS.killGraceMs,
        { weak: true },
      );
    };
    void client.ready.then(
      () => {
        if (gone || this.closing) return;
        dog = new BackendWatchdog({
          ...options,
          ping: async () => (await client.calls.ping({})).ok,
          onHung: hung,
        });
        this.watchdog = dog;
      },
      () => undefined,
    );
  }

  private restart(code: number | null): void {
    this.options.log(`backend process exited unexpectedly (code ${String(code)})`);
    if (this.restarts >= (this.options.maxRestarts ?? 3)) return;
    this.restarts++;
    ({ client: this.client, child: this.child, exited: this.exited } = this.launch());
    this.options.onEvent(RESTARTED);
  }
}
