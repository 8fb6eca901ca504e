// A fresh temporary folder per call, all removed after each test: for suites whose tests each
// write their own files and must not see another test's.
import { afterEach } from 'vitest';
import { tempDir } from './tmp';

/** Registers the clean-up in the calling file; answers a function giving a new folder a call. */
export function tempDirsPerTest(prefix: string): () => string {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const c of cleanups.splice(0)) c();
  });
  return () => {
    const t = tempDir(prefix);
    cleanups.push(t.cleanup);
    return t.dir;
  };
}
