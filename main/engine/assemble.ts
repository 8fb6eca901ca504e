// The one place an engine is put together with its API client: the CLI's session
// (main/actions/session.ts) and the window's engine slot (main/backend/engine-slot.ts) both take
// it from here, so they cannot drift apart in what they pass.
import { createMeterApi, type MeterApi } from '../api/client';
import type { NetworkSettings } from '../api/network';
import type { PacerOptions } from '../api/pacer';
import type { Store } from '../store/store';
import { systemClock, type Clock } from '../time/clock';
import type { EngineConfig } from './config';
import { Engine } from './engine';

export interface EngineAssembly {
  readonly store: Store;
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly config?: Partial<EngineConfig>;
  /** One clock for the client's pacer and the engine (tests pass a manual one). */
  readonly clock?: Clock;
  /** Pacing options other than the clock (benchmarks try other slack values). */
  readonly pacer?: Omit<PacerOptions, 'clock'>;
  readonly random?: () => number;
  /** The proxy and CAs to reach the service through (the CLI's from its environment). */
  readonly network?: NetworkSettings;
}

export interface AssembledEngine {
  readonly engine: Engine;
  readonly api: MeterApi;
}

export function assembleEngine(opts: EngineAssembly): AssembledEngine {
  const api = createMeterApi({
    baseUrl: opts.baseUrl,
    apiKey: opts.apiKey,
    ...(opts.network && { network: opts.network }),
    // The system clock is the default everywhere: passing it would only split the key's pacer.
    ...((opts.clock ?? opts.pacer) && {
      pacerOptions: { ...opts.pacer, clock: opts.clock ?? systemClock },
    }),
  });
  const engine = new Engine({
    store: opts.store,
    api,
    serviceId: new URL(opts.baseUrl).origin,
    ...(opts.clock && { clock: opts.clock }),
    ...(opts.config && { config: opts.config }),
    ...(opts.random && { random: opts.random }),
  });
  return { engine, api };
}
