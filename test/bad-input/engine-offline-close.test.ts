// A run given up after waiting offline (the CLI's --max-wait, the app closing a session) must be
// able to close its queue at once. A timer that re-checked offline waits outlived stop() and then
// read the closed database: an uncaught TypeError that takes the whole process down.
import { afterEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('closing a session that gave up waiting offline', { timeout: 90_000 }, () => {
  it('leaves no timer behind that touches the closed queue', async () => {
    const uncaught: unknown[] = [];
    const onError = (error: unknown): void => {
      uncaught.push(error);
    };
    process.on('uncaughtException', onError);
    try {
      h = await harness({ photos: 3, duplicates: 0 });
      h.sandbox.control.setNetworkDown(true);
      const s = h.open();
      await s.actions.addPhotos([h.photos]);
      await s.engine.start();
      expect(await s.engine.waitSettled({ maxOfflineMs: 300 })).toBe('offline_timeout');
      await s.close();
      // Longer than any re-check the engine had armed.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onError);
    }
  });
});
