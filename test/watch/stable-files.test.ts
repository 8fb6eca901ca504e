// The stability rule on a manual clock: a file is handed on only after two looks at least stableMs
// apart saw the same size and modification time.
import { describe, expect, it } from 'vitest';
import { StableFiles, type FileLook } from '../../main/watch/stable-files';
import { createManualClock } from '../helpers/manual-clock';

function setup(stableMs = 3_000) {
  const clock = createManualClock(1_000_000);
  const files = new Map<string, FileLook>();
  const handedOn: string[][] = [];
  const tracker = new StableFiles({
    clock,
    stableMs,
    lookAt: (path) => Promise.resolve(files.get(path) ?? null),
    onStable: (paths) => handedOn.push([...paths]),
  });
  return { clock, files, handedOn, tracker };
}

describe('StableFiles', () => {
  it('hands on a file once it has not changed for the whole quiet period', async () => {
    const { clock, files, handedOn, tracker } = setup();
    files.set('/w/a.jpg', { size: 10, mtimeMs: 1 });
    tracker.seen('/w/a.jpg');
    await clock.advance(2_999);
    expect(handedOn).toEqual([]);
    await clock.advance(2_000);
    expect(handedOn).toEqual([['/w/a.jpg']]);
    expect(tracker.pending).toBe(0);
  });

  it('keeps a growing file back until it stops growing, without any event', async () => {
    const { clock, files, handedOn, tracker } = setup();
    files.set('/w/slow.jpg', { size: 0, mtimeMs: 1 });
    tracker.seen('/w/slow.jpg');
    for (let i = 1; i <= 20; i++) {
      await clock.advance(1_000);
      files.set('/w/slow.jpg', { size: i * 100, mtimeMs: 1 + i });
    }
    expect(handedOn).toEqual([]);
    await clock.advance(2_000);
    expect(handedOn).toEqual([]);
    await clock.advance(2_000);
    expect(handedOn).toEqual([['/w/slow.jpg']]);
  });

  it('a change event starts the quiet period again', async () => {
    const { clock, files, handedOn, tracker } = setup();
    files.set('/w/a.jpg', { size: 10, mtimeMs: 1 });
    tracker.seen('/w/a.jpg');
    await clock.advance(2_500);
    files.set('/w/a.jpg', { size: 20, mtimeMs: 2 });
    tracker.seen('/w/a.jpg');
    await clock.advance(2_500);
    expect(handedOn).toEqual([]);
    await clock.advance(2_000);
    expect(handedOn).toEqual([['/w/a.jpg']]);
  });

  it('drops files that disappear or are forgotten, and hands on each file once', async () => {
    const { clock, files, handedOn, tracker } = setup();
    for (const name of ['a', 'b', 'c', 'd']) files.set(`/w/${name}.jpg`, { size: 5, mtimeMs: 5 });
    for (const name of ['a', 'b', 'c', 'd']) tracker.seen(`/w/${name}.jpg`);
    files.delete('/w/b.jpg');
    tracker.forget('/w/c.jpg');
    tracker.forgetUnder('/w/sub');
    await clock.advance(10_000);
    expect(handedOn).toEqual([['/w/a.jpg', '/w/d.jpg']]);
    await clock.advance(10_000);
    expect(handedOn).toHaveLength(1);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('forgetUnder drops a folder and what is in it, not its namesakes', async () => {
    const { clock, files, handedOn, tracker } = setup();
    for (const p of ['/w/card/a.jpg', '/w/card/x/b.jpg', '/w/cardigan/c.jpg']) {
      files.set(p, { size: 1, mtimeMs: 1 });
      tracker.seen(p);
    }
    tracker.forgetUnder('/w/card');
    await clock.advance(10_000);
    expect(handedOn).toEqual([['/w/cardigan/c.jpg']]);
  });

  it('after close, nothing is handed on and no timer is left', async () => {
    const { clock, files, handedOn, tracker } = setup();
    files.set('/w/a.jpg', { size: 10, mtimeMs: 1 });
    tracker.seen('/w/a.jpg');
    tracker.close();
    tracker.seen('/w/a.jpg');
    await clock.advance(10_000);
    expect(handedOn).toEqual([]);
    expect(clock.pendingTimers()).toBe(0);
  });
});
