// A fresh queue file in a folder of its own for every test of a file, closed and removed after it.
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openStore, type Store } from '../../main/store/store';
import type { Clock } from '../../main/time/clock';
import { tempDir } from './tmp';

export interface QueuePerTest {
  /** The current test's queue. */
  readonly store: Store;
  /** Its folder, for the files a test writes beside it (a route sheet, photos). */
  readonly dir: string;
}

/**
 * Registers the set-up; call at the top level of a test file. `clock`: the queue's clock, made
 * anew for each test (the system clock when not given).
 */
export function queuePerTest(prefix: string, clock?: () => Clock): QueuePerTest {
  let current: { store: Store; dir: string; cleanup: () => void } | null = null;
  beforeEach(() => {
    const t = tempDir(prefix);
    const store = openStore(join(t.dir, 'queue.sqlite'), clock ? { clock: clock() } : {});
    current = { store, dir: t.dir, cleanup: t.cleanup };
  });
  afterEach(() => {
    current?.store.close();
    current?.cleanup();
    current = null;
  });
  const now = () => {
    if (!current) throw new Error('queuePerTest: only inside a test');
    return current;
  };
  return {
    get store() {
      return now().store;
    },
    get dir() {
      return now().dir;
    },
  };
}
