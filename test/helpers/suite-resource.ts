// Something a test file or describe block shares across its tests (a folder, a server): made in
// `beforeAll`, undone in `afterAll`, so a failed start never leaves the next file a half-made one.
import { afterAll, beforeAll } from 'vitest';

/**
 * Registers the hooks in the calling block and answers a stand-in for the resource: each part read
 * from it is the made resource's (its functions bound to it), so the block declares it once as a
 * const. Hooks registered before the block's own run before them, so the block's `beforeAll` may
 * already use it; read outside hooks and tests, it throws.
 */
export function suiteResource<T extends object>(
  what: string,
  start: () => Promise<T>,
  stop: (made: T) => Promise<void>,
): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await start();
  });
  afterAll(async () => {
    if (made !== undefined) await stop(made);
  });
  const current = (): T => {
    if (made === undefined)
      throw new Error(`${what} is made in beforeAll: use it in hooks and tests`);
    return made;
  };
  return new Proxy({} as T, {
    get: (_stand, key) => {
      const target = current();
      const part: unknown = Reflect.get(target, key);
      return typeof part === 'function' ? (part as () => unknown).bind(target) : part;
    },
  });
}
