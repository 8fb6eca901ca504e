// The engine currently running, if any, with the API client it uses. Replaced whole when the
// service, the key or an engine setting changes: a fresh Engine on the same store picks the queue up
// exactly where the old one left it (the queue lives in SQLite, not in the engine). Assembled as
// the CLI's is (main/engine/assemble.ts).
import { logged, type EngineMessage } from '../../common/engine-messages';
import type { EngineStatus } from '../../common/engine-status';
import type { MeterApi } from '../api/client';
import type { NetworkSettings } from '../api/network';
import { assembleEngine } from '../engine/assemble';
import type { EngineConfig } from '../engine/config';
import type { Engine } from '../engine/engine';
import type { Store } from '../store/store';

export interface EngineTarget {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly config: Partial<EngineConfig>;
}

export interface EngineHooks {
  jobs(ids: number[]): void;
  status(status: EngineStatus): void;
  log(line: string, message?: EngineMessage): void;
}

export class EngineSlot {
  private current: { engine: Engine; api: MeterApi; started: Promise<void> } | null = null;

  constructor(
    private readonly hooks: EngineHooks,
    private readonly network?: NetworkSettings,
  ) {}

  get engine(): Engine | null {
    return this.current?.engine ?? null;
  }

  /** Starts an engine for this store and service; the old one must be stopped first. */
  start(store: Store, target: EngineTarget, paused: boolean): void {
    if (this.current) throw new Error('EngineSlot.start: an engine is still running');
    const { engine, api } = assembleEngine({
      store,
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      config: target.config,
      ...(this.network && { network: this.network }),
    });
    engine.on('jobs', (ids) => {
      this.hooks.jobs(ids);
    });
    engine.on('status', (status) => {
      this.hooks.status(status);
    });
    engine.on('log', (line, message) => {
      this.hooks.log(line, message);
    });
    if (paused) engine.pause();
    // Not awaited by the caller: the pre-flight calls may take seconds on a slow network, and the
    // window must stay usable meanwhile. stop() waits for it.
    const started = engine.start().catch((error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error);
      this.hooks.log(...logged('engineNotStarted', { detail }));
    });
    this.current = { engine, api, started };
  }

  /** Stops sending and polling; jobs in flight stay resumable. Safe to call when empty. */
  async stop(): Promise<void> {
    const current = this.current;
    if (!current) return;
    this.current = null;
    await current.started;
    await current.engine.stop();
    current.engine.removeAllListeners();
    await current.api.close();
  }
}
