// A fresh queue file in a folder of its own for every test of a file, closed and removed after it.
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openStore, type Store } from '../../main/store/store';
import { tempDir } from './tmp';

export interface QueuePerTest {
  /** The current test's queue. */
  readonly store: Store;
  /** Its folder, for the files a test writes beside it (a route sheet, photos). */
  readonly dir: string;
}

/** Registers the set-up; call at the top level of a test file. */
export function queuePerTest(prefix: string): QueuePerTest {
  let current: { store: Store; dir: string; cleanup: () => void } | null = null;
  beforeEach(() => {
    const t = tempDir(prefix);
    current = { store: openStore(join(t.dir, 'queue.sqlite')), dir: t.dir, cleanup: t.cleanup };
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
