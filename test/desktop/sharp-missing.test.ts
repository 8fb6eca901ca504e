// sharp draws the built-in sandbox's sample photos and nothing else; a sharp that cannot load (a
// missing prebuilt binary on some machine) must cost that one feature, not the backend. A real
// backend process in which every import of sharp fails: it starts and answers, and only making
// the sample folder reports the failure.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackendSupervisor } from '../../main/desktop/backend-supervisor';
import { TestOs } from '../helpers/test-os';
import { tempDir } from '../helpers/tmp';
import { TRUSTED, value, windowDispatcher } from '../ipc/helpers/desktop';
import { forkBackend } from './helpers/fork-backend';

const NO_SHARP = join(import.meta.dirname, 'fixtures', 'no-sharp-backend.ts');
const t = tempDir('meterdesk-no-sharp-');
afterAll(() => {
  t.cleanup();
});

describe('a backend where sharp cannot be loaded', () => {
  it('starts and answers; only the sample photos fail, and it keeps running', async () => {
    const pids: (number | undefined)[] = [];
    const logs: string[] = [];
    const os = new TestOs();
    const supervisor = new BackendSupervisor({
      spawn: () => {
        const child = forkBackend(
          { userDataDir: join(t.dir, 'user'), appVersion: 'no-sharp', keychainService: 'x' },
          NO_SHARP,
        );
        pids.push(child.pid());
        return child;
      },
      services: os,
      onEvent: () => undefined,
      log: (line) => logs.push(line),
    });
    try {
      await supervisor.ready();
      const window = windowDispatcher(supervisor.calls, os);
      const snapshot = value(await window.dispatch('snapshot', TRUSTED, {})) as {
        status: { counts: { total: number } };
      };
      expect(snapshot.status.counts.total).toBe(0);

      const sandbox = await window.dispatch('startSandbox', TRUSTED, { photos: 3 });
      expect(sandbox.ok).toBe(false);
      // Still the first process, still answering.
      expect(value(await window.dispatch('snapshot', TRUSTED, {}))).toBeTruthy();
      expect(pids).toHaveLength(1);
      expect(logs.join('\n')).not.toMatch(/exited|restart/i);
    } finally {
      await supervisor.close();
    }
  }, 60_000);
});
