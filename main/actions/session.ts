// What the CLI, benchmarks and tests run: a claimed queue, the engine on it (assembled as the
// window's is, main/engine/assemble.ts) and the actions that change it.
import { logged } from '../../common/engine-messages';
import type { MeterApi } from '../api/client';
import type { NetworkSettings } from '../api/network';
import type { PacerOptions } from '../api/pacer';
import { assembleEngine } from '../engine/assemble';
import type { EngineConfig } from '../engine/config';
import type { Engine } from '../engine/engine';
import type { OwnerInfo } from '../store/queue-owner';
import { openStore, type Store } from '../store/store';
import { systemClock, type Clock } from '../time/clock';
import { QueueActions } from './queue-actions';

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
  /** The proxy and CAs to reach the service through (main/api/network.ts). */
  network?: NetworkSettings;
  /**
   * What this process is, in words, for another process that finds the queue in use ("meter-desk
   * run"). The session claims the queue: one writer per queue file (store/queue-owner.ts).
   */
  owner?: string;
}

export interface Session {
  readonly store: Store;
  readonly api: MeterApi;
  readonly engine: Engine;
  /** Every change to the queue goes through these (main/actions/queue-actions.ts). */
  readonly actions: QueueActions;
  close(): Promise<void>;
}

export function openSession(opts: SessionOptions): Session {
  const clock = opts.clock ?? systemClock;
  let lost: ((owner: OwnerInfo) => void) | null = null;
  // Claimed first: a queue in use by another process is refused before anything else is opened.
  const store = openStore(opts.dbFile, { clock });
  let assembled: ReturnType<typeof assembleEngine>;
  try {
    store.claim({
      label: opts.owner ?? `a MeterDesk engine (${process.argv[1] ?? 'node'})`,
      onLost: (owner) => lost?.(owner),
    });
    assembled = assembleEngine({
      store,
      baseUrl: opts.baseUrl,
      apiKey: opts.apiKey,
      ...(opts.config && { config: opts.config }),
      ...(opts.clock && { clock: opts.clock }),
      ...(opts.pacer && { pacer: opts.pacer }),
      ...(opts.random && { random: opts.random }),
      ...(opts.network && { network: opts.network }),
    });
  } catch (error) {
    store.close();
    throw error;
  }
  const { engine, api } = assembled;
  // Another process took the queue over (this one was thought gone): stop writing at once.
  lost = (owner) => {
    engine.emit('log', ...logged('takenOver', { owner: owner.label }));
    void engine.stop();
  };
  const actions = new QueueActions({ store: () => store, engine: () => engine, clock });
  let closing: Promise<void> | null = null;
  return {
    store,
    api,
    engine,
    actions,
    close: () =>
      (closing ??= (async () => {
        await engine.stop();
        await api.close();
        store.close();
      })()),
  };
}
