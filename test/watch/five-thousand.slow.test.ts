// 5,000 photos landing in a watched folder at once (a phone's whole week synced in one go): each is
// added exactly once, and the folder's count says so.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp';
import { jpeg, until, watchInto } from './helpers';

const COUNT = 5_000;
const t = tempDir('meterdesk-watch-5k-');
afterAll(() => {
  t.cleanup();
});

it('adds 5,000 files arriving at once, each exactly once', { timeout: 300_000 }, async () => {
  const folder = join(t.dir, 'share');
  mkdirSync(folder);
  const w = watchInto(join(t.dir, 'queue.sqlite'), [folder], { stableMs: 1_000 });
  try {
    await until(() => w.watcher.status()[0]?.state === 'watching');
    for (let i = 0; i < COUNT; i++) {
      const sub = join(folder, `day-${String(i % 7)}`);
      if (i < 7) mkdirSync(sub);
      writeFileSync(join(sub, `meter-${String(i)}.jpg`), jpeg(i, 500));
    }
    await until(() => w.store.jobs.counts().total >= COUNT, {
      everyMs: 200,
      withinMs: 280_000,
      seen: () => `${String(w.store.jobs.counts().total)} of ${String(COUNT)} in the queue`,
    });
    await w.watcher.drained();
    const taken = w.taken.map((x) => x.path);
    expect(new Set(taken).size).toBe(COUNT);
    expect(taken).toHaveLength(COUNT);
    const counts = w.store.jobs.counts();
    expect(counts.total).toBe(COUNT);
    expect(counts.queued).toBe(COUNT);
    expect(w.watcher.status()[0]).toMatchObject({ state: 'watching', added: COUNT, waiting: 0 });
  } finally {
    await w.close();
  }
});
