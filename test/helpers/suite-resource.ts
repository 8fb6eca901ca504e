// Something a test file or describe block shares across its tests (a folder, a server): made in
// `beforeAll`, undone in `afterAll`, so a failed start never leaves the next file a half-made one.
import { afterAll, beforeAll } from 'vitest';

/**
 * Registers the hooks in the calling block; answers the resource once made. Hooks registered
 * before the block's own run before them, so the block's `beforeAll` may already use it.
 */
export function suiteResource<T>(
  what: string,
  start: () => Promise<T>,
  stop: (made: T) => Promise<void>,
): () => T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await start();
  });
  afterAll(async () => {
    if (made !== undefined) await stop(made);
  });
  return () => {
    if (made === undefined)
      throw new Error(`${what} is made in beforeAll: use it in hooks and tests`);
    return made;
  };
}
