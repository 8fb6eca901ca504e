// What scripts/build.js produces, run the way the app runs it: the preload as a sandboxed preload
// loads it (CommonJS, nothing to require but electron), and the backend bundle as the utility
// process runs it (here under Node, with parentPort provided by a shim).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, EVENT_CHANNEL } from '../../common/ipc/channels';
import { BackendSupervisor } from '../../main/desktop/backend-supervisor';
import { TestOs } from '../helpers/test-os';
import { TRUSTED, windowDispatcher } from '../ipc/helpers/desktop';
import { tempDir } from '../helpers/tmp';
import { builtApp, type BuiltApp } from '../helpers/built-app';
import { forkBackend } from '../desktop/helpers/fork-backend';
import { ROOT } from './helpers/build';

const t = tempDir('meterdesk-build-');
// The run's build (built-app.ts): the bundles every other process test runs too.
let app: BuiltApp;
let dist = '';

beforeAll(async () => {
  app = await builtApp();
  dist = app.dist;
}, 180_000);

afterAll(() => {
  app.remove();
  t.cleanup();
});

interface Recorded {
  exposed: Record<string, unknown>;
  invoked: [string, unknown][];
  listeners: Map<string, (event: unknown, payload: unknown) => void>;
  required: string[];
}

/** Evaluates the built preload with what a sandboxed preload gets: require('electron') only. */
function loadPreload(): Recorded {
  const rec: Recorded = { exposed: {}, invoked: [], listeners: new Map(), required: [] };
  const electron = {
    contextBridge: {
      exposeInMainWorld: (name: string, api: unknown) => {
        rec.exposed[name] = api;
      },
    },
    ipcRenderer: {
      invoke: (channel: string, payload: unknown) => {
        rec.invoked.push([channel, payload]);
        return Promise.resolve({ ok: true, value: null });
      },
      on: (channel: string, listener: (event: unknown, payload: unknown) => void) => {
        rec.listeners.set(channel, listener);
      },
      removeListener: (channel: string) => {
        rec.listeners.delete(channel);
      },
    },
    webUtils: { getPathForFile: (file: { fakePath: string }) => file.fakePath },
  };
  const module = { exports: {} };
  const require = (name: string): unknown => {
    rec.required.push(name);
    if (name === 'electron') return electron;
    throw new Error(`module not found: ${name} (sandboxed preloads cannot load it)`);
  };
  runInNewContext(readFileSync(join(dist, 'preload', 'index.cjs'), 'utf8'), {
    require,
    module,
    exports: module.exports,
  });
  return rec;
}

describe('the built preload', () => {
  it('is one CommonJS file that requires nothing but electron', () => {
    const rec = loadPreload();
    expect([...new Set(rec.required)]).toEqual(['electron']);
  });

  it('exposes window.meterDesk: one function per channel, dropped files, one event subscription', async () => {
    const rec = loadPreload();
    const api = rec.exposed.meterDesk as Record<string, (...args: unknown[]) => unknown>;
    expect(Object.keys(rec.exposed)).toEqual(['meterDesk']);
    expect(Object.keys(api).sort()).toEqual(
      [...CHANNEL_NAMES, 'addDroppedFiles', 'onEvent'].sort(),
    );
    await api.pause?.();
    await api.queryJobs?.({ filter: 'done' });
    await api.addDroppedFiles?.([{ fakePath: '/photos/route-1' }, { fakePath: '' }]);
    expect(rec.invoked).toEqual([
      ['meterdesk:pause', {}],
      ['meterdesk:queryJobs', { filter: 'done' }],
      ['meterdesk:addPaths', { paths: ['/photos/route-1'] }],
    ]);
    const got: unknown[] = [];
    const unsubscribe = api.onEvent?.((e: unknown) => got.push(e)) as () => void;
    rec.listeners.get(EVENT_CHANNEL)?.({ sender: 'the IpcRendererEvent' }, { seq: 1 });
    expect(got).toEqual([{ seq: 1 }]);
    unsubscribe();
    expect(rec.listeners.has(EVENT_CHANNEL)).toBe(false);
  });

  it('comes from a source well under 100 lines', () => {
    const lines = readFileSync(join(ROOT, 'preload', 'index.ts'), 'utf8').split('\n').length;
    expect(lines).toBeLessThan(60);
  });
});

describe('the built backend bundle', () => {
  it('runs as the utility process does and answers through the supervisor', async () => {
    const os = new TestOs();
    const supervisor = new BackendSupervisor({
      spawn: () => {
        return forkBackend(
          {
            userDataDir: join(t.dir, 'user'),
            appVersion: '9.9.9',
            keychainService: `MeterDesk-build-${String(process.pid)}`,
          },
          app,
        );
      },
      services: os,
      onEvent: () => undefined,
      log: () => undefined,
    });
    await supervisor.ready();
    const snap = await windowDispatcher(supervisor.calls, os).dispatch('snapshot', TRUSTED, {});
    expect(snap).toMatchObject({
      ok: true,
      value: { appVersion: '9.9.9', service: { kind: 'none' } },
    });
    await supervisor.close();
  }, 60_000);
});
