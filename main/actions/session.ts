import { engineMessage } from '../../common/engine-messages';
import { createMeterApi, type MeterApi } from '../api/client';
import type { PacerOptions } from '../api/pacer';
import type { OwnerInfo } from '../store/queue-owner';
import { openStore, type Store } from '../store/store';
import { systemClock, type Clock } from '../time/clock';
import type { EngineConfig } from './config';
import { Engine } from './engine';

export interface SessionOptions {
  dbFile: string;
  baseUrl: string;
  apiKey: string;
  config?: Partial<EngineConfig>;
  /** The one clock of the store, the client's pacer and the engine (tests pass a manual one). */
  clock?: Clock;
  /** Pacing options other than the clock (benchmarks try other slack values). */
  pacer?: Omit<PacerOptions, 'clock'>;
  random?: () => number;
  /**
   * What this process is, in words, for another process that finds the queue in use ("meter-desk
   * run"). The session claims the queue: one writer per queue file (store/queue-owner.ts).
   */
  owner?: string;
}

/** A store, an API client and the engine over them: what the CLI, the app and tests all run. */
export interface Session {
  readonly store: Store;
  readonly api: MeterApi;
  readonly engine: Engine;
  close(): Promise<void>;
}

export function openSession(opts: SessionOptions): Session {
  const clock = opts.clock ?? systemClock;
  let lost: ((owner: OwnerInfo) => void) | null = null;
  // Claimed first: a queue in use by another process is refused before anything else is opened.
  const store = openStore(opts.dbFile, { clock });
  let api: MeterApi;
  let engine: Engine;
  try {
    store.claim({
      label: opts.owner ?? `a MeterDesk engine (${process.argv[1] ?? 'node'})`,
      onLost: (owner) => lost?.(owner),
    });
    api = createMeterApi({
      baseUrl: opts.baseUrl,
      apiKey: opts.apiKey,
      // The system clock is the default everywhere: passing it would only split the key's pacer.
      ...((opts.clock ?? opts.pacer) && { pacerOptions: { ...opts.pacer, clock } }),
    });
    engine = new Engine({
      store,
      api,
      clock,
      serviceId: new URL(opts.baseUrl).origin,
      ...(opts.config && { config: opts.config }),
      ...(opts.random && { random: opts.random }),
    });
  } catch (error) {
    store.close();
    throw error;
  }
  // Another process took the queue over (this one was thought gone): stop writing at once.
  lost = (owner) => {
    engine.emit(
      'log',
      `Stopping: the queue was taken over by ${owner.label}`,
      engineMessage('takenOver', { owner: owner.label }),
    );
    void engine.stop();
  };
  let closing: Promise<void> | null = null;
  return {
    store,
    api,
    engine,
    close: () =>
      (closing ??= (async () => {
        await engine.stop();
        await api.close();
        store.close();
      })()),
  };
}
