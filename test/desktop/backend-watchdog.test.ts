// The backend watchdog: on a manual clock, and against a real backend process whose event loop
// freezes, which is ended and replaced by a fresh one on the same, intact queue.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../common/ipc/app-event';
import { BackendSupervisor } from '../../main/desktop/backend-supervisor';
import { BackendWatchdog } from '../../main/desktop/backend-watchdog';
import { createManualClock } from '../helpers/manual-clock';
import { handlesSignal, signalNote } from '../helpers/os-signals';
import { TestOs } from '../helpers/test-os';
import { tempDir } from '../helpers/tmp';
import { TRUSTED, until, value, windowDispatcher } from '../ipc/helpers/desktop';
import { jpeg } from '../watch/helpers';
import { forkBackend } from './helpers/fork-backend';

const FREEZING = join(import.meta.dirname, 'fixtures', 'freezing-backend.ts');
const t = tempDir('meterdesk-watchdog-');
afterAll(() => {
  t.cleanup();
});

describe('BackendWatchdog on a manual clock', () => {
  it('stays calm while pings are answered and reports a silence once', async () => {
    const clock = createManualClock(0);
    let answering = true;
    const hung: number[] = [];
    const dog = new BackendWatchdog({
      clock,
      pingEveryMs: 1_000,
      hungAfterMs: 5_000,
      ping: () => Promise.resolve(answering),
      onHung: (ms) => hung.push(ms),
    });
    await clock.advance(60_000);
    expect(hung).toEqual([]);
    answering = false;
    await clock.advance(4_000);
    expect(hung).toEqual([]);
    await clock.advance(60_000);
    expect(hung).toEqual([5_000]);
    expect(clock.pendingTimers()).toBe(0);
    dog.stop();
  });

  it('a ping that never settles counts as silence', async () => {
    const clock = createManualClock(0);
    const hung: number[] = [];
    new BackendWatchdog({
      clock,
      pingEveryMs: 1_000,
      hungAfterMs: 3_000,
      ping: () => new Promise<boolean>(() => undefined),
      onHung: (ms) => hung.push(ms),
    });
    await clock.advance(10_000);
    expect(hung).toEqual([3_000]);
  });
});

describe('a backend that stops answering', () => {
  // The freeze is asked for with SIGUSR2, which Windows does not have.
  it.skipIf(!handlesSignal('SIGUSR2'))(
    `is ended and restarted by the watchdog, with the queue intact${signalNote('SIGUSR2')}`,
    async () => {
      const photos = join(t.dir, 'photos');
      mkdirSync(photos);
      for (let i = 0; i < 5; i++) writeFileSync(join(photos, `m${String(i)}.jpg`), jpeg(900 + i));
      const logs: string[] = [];
      const events: AppEvent[] = [];
      const pids: (number | undefined)[] = [];
      const os = new TestOs();
      const supervisor = new BackendSupervisor({
        spawn: () => {
          const child = forkBackend(
            { userDataDir: join(t.dir, 'user'), appVersion: 'watchdog' },
            FREEZING,
          );
          pids.push(child.pid());
          return child;
        },
        services: os,
        onEvent: (e) => events.push(e),
        log: (line) => logs.push(line),
        watchdog: { pingEveryMs: 200, hungAfterMs: 3_000, killGraceMs: 1_000 },
      });
      try {
        await supervisor.ready();
        const window = windowDispatcher(supervisor.calls, os);
        const call = async (channel: string, request: unknown = {}): Promise<unknown> =>
          value(await window.dispatch(channel, TRUSTED, request));
        await call('addPaths', { paths: [photos] });
        const before = (await call('snapshot')) as { status: { counts: { total: number } } };
        expect(before.status.counts.total).toBe(5);

        const frozen = pids[0];
        if (frozen === undefined) throw new Error('no backend pid');
        process.kill(frozen, 'SIGUSR2');
        await until(() => pids.length === 2, 'a second backend process', 60_000);
        expect(logs.join('\n')).toMatch(/stopped answering \(no answer for \d+ s\); restarting it/);
        expect(() => process.kill(frozen, 0)).toThrow();
        expect(
          events.some((e) => e.appChanged && e.log.some((l) => l.code === 'backendRestarted')),
        ).toBe(true);

        await supervisor.ready();
        const after = (await call('snapshot')) as { status: { counts: { total: number } } };
        expect(after.status.counts.total).toBe(5);
        const page = (await call('queryJobs', {})) as { rows: { relPath: string }[] };
        expect(page.rows.map((r) => r.relPath).sort()).toEqual([
          'm0.jpg',
          'm1.jpg',
          'm2.jpg',
          'm3.jpg',
          'm4.jpg',
        ]);
      } finally {
        await supervisor.close();
      }
    },
    120_000,
  );
});
