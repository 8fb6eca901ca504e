// A temporary folder per test, made and removed by the file's hooks (kept apart from tmp.ts, which
// the benches import outside vitest).
import { afterEach, beforeEach } from 'vitest';
import { tempDir } from './tmp';

/**
 * A fresh temporary folder for each test of the file, removed after the test: `.dir` inside a
 * test names it (several files each kept the folder and its cleanup in `let`s of their own).
 */
export function useTempDirPerTest(prefix: string): { readonly dir: string } {
  let current: { dir: string; cleanup: () => void } | undefined;
  beforeEach(() => {
    current = tempDir(prefix);
  });
  afterEach(() => {
    current?.cleanup();
    current = undefined;
  });
  return {
    get dir() {
      if (!current) throw new Error('the folder exists only while a test runs');
      return current.dir;
    },
  };
}
