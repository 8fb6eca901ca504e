// A backend process that never answers, as the app's main process meets it: a forked child behind
// the real supervisor and main's real side of the window. Every call answers `timeout` at its
// deadline (moved with fake time; the child runs in real time), and closing ends the process anyway.
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEADLINES } from '../../common/ipc/deadlines';
import type { Result } from '../../common/ipc/result';
import { BackendSupervisor } from '../../main/desktop/backend-supervisor';
import { TestOs } from '../helpers/test-os';
import { tempDir } from '../helpers/tmp';
import { TRUSTED, windowDispatcher } from '../ipc/helpers/desktop';
import { forkBackend } from './helpers/fork-backend';

const HUNG = join(import.meta.dirname, 'fixtures', 'hung-backend.ts');
const t = tempDir('meterdesk-hung-');

afterAll(() => {
  vi.useRealTimers();
  t.cleanup();
});

describe('a backend that hangs', () => {
  it('answers every call with `timeout` at its deadline, and is ended on close', async () => {
    const logs: string[] = [];
    let exited = false;
    const os = new TestOs();
    const supervisor = new BackendSupervisor({
      spawn: () => {
        const child = forkBackend({ userDataDir: join(t.dir, 'user'), appVersion: 'hung' }, HUNG);
        child.onExit(() => {
          exited = true;
        });
        return child;
      },
      services: os,
      onEvent: () => undefined,
      log: (line) => logs.push(line),
    });
    await supervisor.ready();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const window = windowDispatcher(supervisor.calls, os);
    const answers = new Map<string, Result<unknown>>();
    const ask = (channel: string, request: unknown): void => {
      void window.dispatch(channel, TRUSTED, request).then((r) => answers.set(channel, r));
    };
    ask('snapshot', {});
    ask('setSettings', { maxConcurrency: 4 });
    ask('addPaths', { paths: [t.dir] });
    os.saveAnswers.push(join(t.dir, 'out.csv'));
    ask('exportCsv', { selection: {}, bom: false, delimiter: ',' });
    const photo = supervisor.photoFile(1);

    await vi.advanceTimersByTimeAsync(DEADLINES.call);
    expect(answers.get('snapshot')).toMatchObject({
      ok: false,
      error: { code: 'timeout', message: expect.stringContaining('(snapshot)') as unknown },
    });
    // A photo the backend does not look up is not shown (and why is logged).
    expect(await photo).toBeNull();
    expect(logs.join('\n')).toContain('(photoFile)');
    expect(answers.has('setSettings')).toBe(false);
    await vi.advanceTimersByTimeAsync(DEADLINES.service - DEADLINES.call);
    expect(answers.get('setSettings')).toMatchObject({ error: { code: 'timeout' } });
    expect(answers.has('addPaths')).toBe(false);
    await vi.advanceTimersByTimeAsync(DEADLINES.bulk - DEADLINES.service);
    expect(answers.get('addPaths')).toMatchObject({ error: { code: 'timeout' } });
    // The dialog is the person's; the backend's part behind it has the bulk deadline.
    expect(answers.get('exportCsv')).toMatchObject({
      error: { code: 'timeout', message: expect.stringContaining('(writeCsv)') as unknown },
    });

    const closed = supervisor.close();
    await vi.advanceTimersByTimeAsync(DEADLINES.close);
    vi.useRealTimers();
    await closed;
    expect(exited).toBe(true);
    expect(logs.join('\n')).toContain('did not close cleanly');
  }, 60_000);
});
