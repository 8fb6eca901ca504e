// The backend in its own process, as the app runs it (docs/architecture.md): main-side dispatcher
// and supervisor here, the backend (engine, SQLite, sandbox, key store) in a forked child speaking
// the same port protocol as Electron's utility process. Calls, pushes, OS services asked of main,
// photo lookups, a crash and restart, and a clean close.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../common/ipc/app-event';
import { BackendSupervisor } from '../../main/desktop/backend-supervisor';
import { SANDBOX_KEY_URL } from '../../main/backend/sandbox-service';
import { createInProcessBridge } from '../../main/ipc/in-process-bridge';
import { KeychainSecretStore } from '../../main/secrets/keychain';
import { FAST_AI, FAST_ENGINE } from '../helpers/engine-harness';
import { tempDir } from '../helpers/tmp';
import { TRUSTED, until, value, windowDispatcher } from '../ipc/helpers/desktop';
import { forkBackend } from './helpers/fork-backend';
import { builtApp } from '../helpers/built-app';
import { TestOs } from '../helpers/test-os';

const KEYCHAIN_SERVICE = `MeterDesk-split-test-${String(process.pid)}`;

const t = tempDir('meterdesk-split-');
const os = new TestOs();
const events: AppEvent[] = [];
const logs: string[] = [];
let pids: (number | undefined)[] = [];
let lastKill: (() => void) | null = null;
let supervisor: BackendSupervisor;

function bridge() {
  return createInProcessBridge({
    dispatcher: windowDispatcher(supervisor.calls, os),
    sender: TRUSTED,
    subscribe: () => () => undefined,
  });
}

beforeAll(async () => {
  // The backend bundle that ships, built once for the run (built-app.ts).
  const app = await builtApp();
  supervisor = new BackendSupervisor({
    spawn: () => {
      const child = forkBackend(
        {
          userDataDir: join(t.dir, 'user'),
          appVersion: '0.0.0-split',
          keychainService: KEYCHAIN_SERVICE,
          engineConfig: FAST_ENGINE,
          sandbox: { ai: FAST_AI },
          samples: { width: 480, concurrency: 2, flawed: 0 },
        },
        app,
      );
      pids.push(child.pid());
      lastKill = () => {
        process.kill(child.pid() ?? 0, 'SIGKILL');
      };
      return child;
    },
    services: os,
    onEvent: (event) => events.push(event),
    log: (line) => logs.push(line),
  });
  await supervisor.ready();
}, 180_000);

afterAll(async () => {
  await supervisor.close();
  // The host may have filed the sandbox key in the real keychain (with-keyring runs).
  await new KeychainSecretStore({ service: KEYCHAIN_SERVICE })
    .delete(SANDBOX_KEY_URL)
    .catch(() => false);
  t.cleanup();
});

describe('the backend in a child process', () => {
  let sample = '';

  it('answers calls and streams pushes to main', async () => {
    sample = value(await bridge().startSandbox({ photos: 4 })).sampleFolder;
    value(await bridge().addPaths({ paths: [sample] }));
    await until(
      () =>
        events.some(
          (e) =>
            e.status &&
            e.status.counts.done > 0 &&
            e.status.counts.queued === 0 &&
            e.status.counts.submitted === 0 &&
            e.status.counts.uploading === 0,
        ),
      'the run to finish',
    );
    const done = value(await bridge().queryJobs({ filter: 'done' }));
    expect(done.total).toBeGreaterThan(0);
    expect(events.flatMap((e) => e.jobs).some((j) => j.state === 'done')).toBe(true);
  }, 60_000);

  it('shows the save dialog in main, writes the CSV in the backend, notifies through main, looks photos up', async () => {
    const target = join(t.dir, 'export.csv');
    os.saveAnswers.push(target);
    const out = value(await bridge().exportCsv({ selection: {}, bom: true, delimiter: ',' }));
    expect(out).toMatchObject({ canceled: false, path: target });
    expect(readFileSync(target, 'utf8').startsWith('\uFEFF')).toBe(true);
    const job = value(await bridge().queryJobs({ filter: 'done', limit: 1 })).rows[0];
    if (!job) throw new Error('no done job');
    expect(await supervisor.photoFile(job.id)).toEqual({ path: job.path });
    expect(await supervisor.photoFile(987_654)).toBeNull();
    expect(os.notices.map((n) => n.kind)).toContain('finished');
  });

  it('restarts after a crash; the queue is intact; the window is told to reload', async () => {
    const before = value(await bridge().snapshot()).status.counts;
    const seen = events.length;
    lastKill?.();
    await until(
      () => events.slice(seen).some((e) => e.appChanged && e.seq === 0),
      'the restart notice',
    );
    await supervisor.ready();
    const after = value(await bridge().snapshot());
    expect(after.status.counts.total).toBe(before.total);
    expect(after.status.counts.done).toBe(before.done);
    expect(after.service.kind).toBe('sandbox');
    expect(pids).toHaveLength(2);
    expect(logs.join('\n')).toContain('exited unexpectedly');
  }, 60_000);

  it('closes cleanly: the process exits and later calls say the backend is unavailable', async () => {
    await supervisor.close();
    expect(await bridge().snapshot()).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    pids = [];
  });
});
