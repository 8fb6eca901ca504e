// The watcher's logic on a manual clock, with file events, looks and folder probes a test makes:
// a folder gone and back, batching into one intake at a time, files the scanner found growing.
import { describe, expect, it } from 'vitest';
import type { FileEventHandlers, OpenFileEvents } from '../../main/watch/file-events';
import { FolderWatcher, type IntakeResult } from '../../main/watch/folder-watcher';
import type { FileLook } from '../../main/watch/stable-files';
import { createManualClock, settleMicrotasks } from '../helpers/manual-clock';
import { jobMessage } from '../../common/job-messages';

function setup(
  intakeResult: (paths: readonly string[]) => IntakeResult | Promise<IntakeResult> = (p) => ({
    added: p.length,
    growing: [],
  }),
) {
  const clock = createManualClock(0);
  const files = new Map<string, FileLook>();
  const missing = new Set<string>();
  const open = new Map<string, FileEventHandlers>();
  let opened = 0;
  const refusals: Error[] = [];
  /** Set: a watcher's ready waits until the test calls its release (a slow first listing). */
  const held = { ready: false, releases: new Map<string, () => void>() };
  const openEvents: OpenFileEvents = (folder, handlers) => {
    const refusal = refusals.shift();
    if (refusal) throw refusal;
    opened++;
    open.set(folder, handlers);
    return {
      ready: held.ready
        ? new Promise<void>((resolve) => held.releases.set(folder, resolve))
        : Promise.resolve(),
      close: () => {
        open.delete(folder);
        return Promise.resolve();
      },
    };
  };
  const intakes: { folder: string; paths: string[] }[] = [];
  const watcher = new FolderWatcher({
    clock,
    stableMs: 3_000,
    checkEveryMs: 2_000,
    openEvents,
    lookAt: (p) => Promise.resolve(files.get(p) ?? null),
    probe: (f) => Promise.resolve(missing.has(f) ? jobMessage('watchGone', {}) : null),
    intake: (folder, paths) => {
      intakes.push({ folder, paths: [...paths] });
      return Promise.resolve(intakeResult(paths));
    },
  });
  const arrive = (folder: string, name: string, size = 100): string => {
    const path = `${folder}/${name}`;
    files.set(path, { size, mtimeMs: 1 });
    open.get(folder)?.touched(path);
    return path;
  };
  return {
    clock,
    files,
    missing,
    open,
    watcher,
    intakes,
    arrive,
    refusals,
    held,
    opened: () => opened,
  };
}

describe('FolderWatcher', () => {
  it('says "watching" only once its watcher is ready, and starts one watcher meanwhile', async () => {
    const { clock, watcher, held, opened } = setup();
    held.ready = true;
    await watcher.setFolders(['/in/card']);
    await clock.advance(0);
    expect(watcher.status()[0]?.state).toBe('starting');
    // The folder's next looks while the first listing runs start no second watcher.
    await clock.advance(6_000);
    expect(opened()).toBe(1);
    expect(watcher.status()[0]?.state).toBe('starting');
    held.releases.get('/in/card')?.();
    await settleMicrotasks();
    expect(watcher.status()[0]?.state).toBe('watching');
  });

  it('adds stable arrivals in one batch per folder and counts them', async () => {
    const { clock, watcher, intakes, arrive } = setup();
    await watcher.setFolders(['/in/a', '/in/b']);
    await clock.advance(0);
    const a = ['1.jpg', '2.jpg', '3.jpg'].map((n) => arrive('/in/a', n));
    const b = arrive('/in/b', 'x.jpg');
    await clock.advance(10_000);
    await watcher.drained();
    expect(intakes).toEqual([
      { folder: '/in/a', paths: a },
      { folder: '/in/b', paths: [b] },
    ]);
    expect(watcher.status()).toEqual([
      { path: '/in/a', state: 'watching', problem: null, added: 3, waiting: 0 },
      { path: '/in/b', state: 'watching', problem: null, added: 1, waiting: 0 },
    ]);
    await watcher.close();
  });

  it('shows a folder that went away as unavailable, forgets its waiting files, and watches it again when back', async () => {
    const { clock, missing, open, watcher, intakes, arrive, opened } = setup();
    await watcher.setFolders(['/card']);
    await clock.advance(0);
    arrive('/card', 'half.jpg');
    missing.add('/card');
    await clock.advance(2_000);
    expect(watcher.status()[0]).toMatchObject({
      state: 'unavailable',
      problem: jobMessage('watchGone', {}),
      waiting: 0,
    });
    expect(open.has('/card')).toBe(false);
    await clock.advance(20_000);
    expect(intakes).toEqual([]);

    missing.delete('/card');
    await clock.advance(2_000);
    expect(watcher.status()[0]).toMatchObject({ state: 'watching', problem: null });
    expect(opened()).toBe(2);
    const again = arrive('/card', 'half.jpg');
    await clock.advance(10_000);
    await watcher.drained();
    expect(intakes).toEqual([{ folder: '/card', paths: [again] }]);
    await watcher.close();
  });

  it('shows a folder whose watcher cannot start as unavailable, with the reason, and tries again', async () => {
    const { clock, watcher, refusals, opened } = setup();
    refusals.push(new Error('ENOSPC: System limit for number of file watchers reached'));
    await watcher.setFolders(['/share']);
    await clock.advance(0);
    expect(watcher.status()[0]).toMatchObject({
      state: 'unavailable',
      problem: jobMessage('watchUnwatchable', {
        detail: 'ENOSPC: System limit for number of file watchers reached',
      }),
    });
    await clock.advance(2_000);
    expect(watcher.status()[0]).toMatchObject({ state: 'watching', problem: null });
    expect(opened()).toBe(1);
    await watcher.close();
  });

  it('gathers files arriving during an intake into the next one', async () => {
    let release: () => void = () => undefined;
    let calls = 0;
    const { clock, watcher, intakes, arrive } = setup(async (paths) => {
      if (++calls === 1) await new Promise<void>((r) => (release = r));
      return { added: paths.length, growing: [] };
    });
    await watcher.setFolders(['/in']);
    await clock.advance(0);
    const first = arrive('/in', '1.jpg');
    await clock.advance(5_000);
    const later = ['2.jpg', '3.jpg', '4.jpg'].map((n) => arrive('/in', n));
    await clock.advance(5_000);
    await settleMicrotasks();
    expect(intakes).toHaveLength(1);
    release();
    await watcher.drained();
    expect(intakes.map((i) => i.paths)).toEqual([[first], later]);
    expect(watcher.status()[0]?.added).toBe(4);
    await watcher.close();
  });

  it('looks again at a file the scanner found still growing, and stops watching removed folders', async () => {
    let first = true;
    const { clock, watcher, intakes, arrive, open } = setup((paths) => {
      const growing = first ? [...paths] : [];
      first = false;
      return { added: paths.length - growing.length, growing };
    });
    await watcher.setFolders(['/in']);
    await clock.advance(0);
    const p = arrive('/in', 'a.jpg');
    await clock.advance(10_000);
    await watcher.drained();
    await clock.advance(10_000);
    await watcher.drained();
    expect(intakes.map((i) => i.paths)).toEqual([[p], [p]]);
    expect(watcher.status()[0]?.added).toBe(1);

    await watcher.setFolders([]);
    expect(watcher.status()).toEqual([]);
    expect(open.size).toBe(0);
    await clock.advance(10_000);
    expect(clock.pendingTimers()).toBe(0);
    await watcher.close();
  });
});
