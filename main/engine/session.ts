import { createMeterApi, type MeterApi } from '../api/client';
import { openStore, type Store } from '../store/store';
import type { EngineConfig } from './config';
import { Engine } from './engine';

export interface SessionOptions {
  dbFile: string;
  baseUrl: string;
  apiKey: string;
  config?: Partial<EngineConfig>;
}

/** A store, an API client and the engine over them: what the CLI, the app and tests all run. */
export interface Session {
  readonly store: Store;
  readonly api: MeterApi;
  readonly engine: Engine;
  close(): Promise<void>;
}

export function openSession(opts: SessionOptions): Session {
  const api = createMeterApi({ baseUrl: opts.baseUrl, apiKey: opts.apiKey });
  const store = openStore(opts.dbFile);
  const engine = new Engine({
    store,
    api,
    serviceId: new URL(opts.baseUrl).origin,
    ...(opts.config ? { config: opts.config } : {}),
  });
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
