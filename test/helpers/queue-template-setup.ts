// A vitest setup file: every new queue a test opens in this process starts as a copy of one queue
// file migrated once per run (main/store/db.ts, useNewQueueTemplate) instead of running all the
// migrations again, some 20 ms of CPU each, hundreds of times a run. The migration tests still
// migrate for real: they open files that exist. Outside `vitest run`'s set-up (no run cache) new
// queues migrate as always.
import { join } from 'node:path';
import { openDatabase, useNewQueueTemplate } from '../../main/store/db';
import { cachedFolder, cacheKey, sourceHash } from './run-cache';

const QUEUE = 'queue.sqlite';

/** What the template's content depends on: a changed migration makes a new one (watch mode). */
const SOURCES = ['main/store/migrations/', 'main/store/migrate.ts', 'main/store/db.ts'];

async function runTemplate(): Promise<string | undefined> {
  const dir = await cachedFolder(cacheKey('queue-template', sourceHash(SOURCES)), (work) => {
    const before = useNewQueueTemplate(undefined);
    try {
      // Closing the last connection checkpoints the WAL into the file: the copy is whole.
      openDatabase(join(work, QUEUE)).close();
    } finally {
      useNewQueueTemplate(before);
    }
    return Promise.resolve();
  });
  return dir === null ? undefined : join(dir, QUEUE);
}

useNewQueueTemplate(await runTemplate());
