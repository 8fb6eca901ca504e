// Watch folders on the real file system (chokidar, real files, a real queue file): slow copies,
// renames, deletes, a folder pulled and put back, and a restart. Nothing here measures time; each
// step waits until what it expects has happened, under the test's own timeout.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp';
import { jpeg, pathsIn, sleep, until, watchInto, type WatchedQueue } from './helpers';
import { jobMessage } from '../../common/job-messages';

const t = tempDir('meterdesk-watch-');
let n = 0;
const fresh = (): { folder: string; db: string } => {
  n++;
  const folder = join(t.dir, `in-${String(n)}`);
  mkdirSync(folder);
  return { folder, db: join(t.dir, `queue-${String(n)}.sqlite`) };
};
const open: WatchedQueue[] = [];
const watch = (...args: Parameters<typeof watchInto>): WatchedQueue => {
  const w = watchInto(...args);
  open.push(w);
  return w;
};

afterAll(async () => {
  for (const w of open) await w.close().catch(() => undefined);
  t.cleanup();
});

const watchingAll = (w: WatchedQueue): boolean =>
  w.watcher.status().every((f) => f.state === 'watching');

/** What a watched queue has seen so far, for a wait that runs out. */
const seenBy = (w: WatchedQueue) => (): string =>
  JSON.stringify({ status: w.watcher.status(), taken: w.taken.map((x) => x.path) });

describe('watch folders on a real file system', () => {
  it('never reads a file still being copied: it is added once, whole', async () => {
    const { folder, db } = fresh();
    const w = watch(db, [folder], { stableMs: 1_500 });
    await until(() => watchingAll(w), { seen: seenBy(w) });
    const whole = jpeg(1, 30_000);
    const path = join(folder, 'slow.jpg');
    // A copy in 30 chunks, each written a moment after the last (far inside the quiet period).
    await writeFile(path, whole.subarray(0, 1_000));
    for (let at = 1_000; at < whole.length; at += 1_000) {
      await sleep(60);
      await appendFile(path, whole.subarray(at, at + 1_000));
    }
    await until(() => w.taken.length > 0, { seen: seenBy(w) });
    await w.watcher.drained();
    expect(w.taken).toEqual([{ path, sizeWhenTaken: whole.length }]);
    const [job] = [...w.store.queries.iterate({})];
    expect(job).toMatchObject({ path, state: 'queued', relPath: 'slow.jpg' });
    expect(w.watcher.status()[0]).toMatchObject({ state: 'watching', added: 1, waiting: 0 });
  });

  it('follows renames and deletes: only what is there at the end is added', async () => {
    const { folder, db } = fresh();
    const w = watch(db, [folder], { stableMs: 600 });
    await until(() => watchingAll(w), { seen: seenBy(w) });
    // A sync client's way: a hidden partial file, renamed when complete.
    writeFileSync(join(folder, '.meter-7.jpg.part'), jpeg(7));
    renameSync(join(folder, '.meter-7.jpg.part'), join(folder, 'meter-7.jpg'));
    // Renamed while settling: only the new name counts.
    writeFileSync(join(folder, 'draft.jpg'), jpeg(8));
    renameSync(join(folder, 'draft.jpg'), join(folder, 'final.jpg'));
    // Deleted before it settled: never added.
    writeFileSync(join(folder, 'mistake.jpg'), jpeg(9));
    rmSync(join(folder, 'mistake.jpg'));
    // A subfolder arrives with a photo in it.
    mkdirSync(join(folder, 'route 4'));
    writeFileSync(join(folder, 'route 4', 'r4.jpg'), jpeg(10));
    const expected = ['final.jpg', 'meter-7.jpg', 'route 4/r4.jpg'].map((p) => join(folder, p));
    await until(() => w.taken.length >= 3, { seen: seenBy(w) });
    // Nothing left settling (a late name would be waiting here) and every take written.
    await until(() => w.watcher.status()[0]?.waiting === 0, { seen: seenBy(w) });
    await w.watcher.drained();
    expect(w.taken.map((x) => x.path).sort()).toEqual(expected);
    expect(pathsIn(w.store)).toEqual(expected);
    expect([...w.store.queries.iterate({})].map((j) => j.relPath).sort()).toEqual([
      'final.jpg',
      'meter-7.jpg',
      'route 4/r4.jpg',
    ]);
    // One root: the watched folder, not one per file.
    expect(w.store.roots.list().map((r) => [r.path, r.kind])).toEqual([[folder, 'folder']]);
  });

  it('shows a folder that went away as unavailable and picks it up again when it returns', async () => {
    const { folder, db } = fresh();
    const w = watch(db, [folder], { stableMs: 400, checkEveryMs: 150 });
    await until(() => watchingAll(w), { seen: seenBy(w) });
    writeFileSync(join(folder, 'before.jpg'), jpeg(20));
    await until(() => w.taken.length === 1, { seen: seenBy(w) });
    await w.watcher.drained();

    rmSync(folder, { recursive: true });
    await until(() => w.watcher.status()[0]?.state === 'unavailable', { seen: seenBy(w) });
    expect(w.watcher.status()[0]?.problem).toEqual(jobMessage('watchGone', {}));

    // The card comes back with the old photo and a new one.
    mkdirSync(folder);
    writeFileSync(join(folder, 'before.jpg'), jpeg(20));
    writeFileSync(join(folder, 'after.jpg'), jpeg(21));
    await until(() => watchingAll(w) && w.taken.some((x) => x.path.endsWith('after.jpg')), {
      seen: seenBy(w),
    });
    await until(() => w.watcher.status()[0]?.waiting === 0, { seen: seenBy(w) });
    await w.watcher.drained();
    expect(pathsIn(w.store)).toEqual([join(folder, 'after.jpg'), join(folder, 'before.jpg')]);
    expect(w.store.jobs.counts().total).toBe(2);
    // The old photo was looked at again but is not added a second time.
    expect(w.watcher.status()[0]).toMatchObject({ state: 'watching', added: 2 });
  });

  it('reads nothing twice after a restart: files already in the queue are known', async () => {
    const { folder, db } = fresh();
    const first = watch(db, [folder], { stableMs: 300 });
    await until(() => watchingAll(first), { seen: seenBy(first) });
    for (let i = 0; i < 5; i++) writeFileSync(join(folder, `p${String(i)}.jpg`), jpeg(30 + i));
    await until(() => first.taken.length === 5, { seen: seenBy(first) });
    await first.watcher.drained();
    const before = [...first.store.queries.iterate({})];
    expect(before).toHaveLength(5);
    await first.close();

    // Restarted: every file is reported again (chokidar's first listing) and handed to the queue.
    const second = watch(db, [folder], { stableMs: 300 });
    await until(() => second.taken.length === 5, { seen: seenBy(second) });
    await second.watcher.drained();
    expect(second.watcher.status()[0]).toMatchObject({ added: 0 });
    const sum = (k: 'queued' | 'known' | 'reused' | 'rejected'): number =>
      second.summaries.reduce((n, s) => n + s[k], 0);
    expect([sum('queued'), sum('reused'), sum('rejected'), sum('known')]).toEqual([0, 0, 0, 5]);
    const after = [...second.store.queries.iterate({})];
    expect(after.map((j) => [j.id, j.path, j.sha256, j.state])).toEqual(
      before.map((j) => [j.id, j.path, j.sha256, j.state]),
    );
  });
});
