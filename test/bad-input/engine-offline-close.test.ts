// A run given up after waiting offline (the CLI's --max-wait, the app closing a session) must be
// able to close its queue at once. A timer that re-checked offline waits outlived stop() and then
// read the closed database: an uncaught TypeError that takes the whole process down.
import { afterEach, describe, expect, it } from 'vitest';
import { openSession } from '../../main/actions/session';
import { systemClock, type Clock, type TimerHandle } from '../../main/time/clock';
import { FAST_ENGINE, harness, type Harness } from '../helpers/engine-harness';
import { settleMicrotasks } from '../helpers/manual-clock';

/** The system clock, keeping each timer still armed so a test can run it at once. */
function trackingClock(): Clock & { armed: Map<TimerHandle, () => void> } {
  const armed = new Map<TimerHandle, () => void>();
  return {
    armed,
    now: () => systemClock.now(),
    setTimer: (fn, ms, options) => {
      const handle: TimerHandle = systemClock.setTimer(
        () => {
          armed.delete(handle);
          fn();
        },
        ms,
        options,
      );
      armed.set(handle, fn);
      return handle;
    },
    clearTimer: (handle) => {
      armed.delete(handle);
      systemClock.clearTimer(handle);
    },
  };
}

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
      const clock = trackingClock();
      const s = openSession({
        dbFile: h.dbFile,
        baseUrl: h.sandbox.url,
        apiKey: h.sandbox.apiKey,
        config: FAST_ENGINE,
        clock,
      });
      await s.actions.addPhotos([h.photos]);
      await s.engine.start();
      expect(await s.engine.waitSettled({ maxOfflineMs: 300 })).toBe('offline_timeout');
      await s.close();
      // Whatever the engine left armed runs now instead of when it falls due: none may touch the
      // closed queue.
      const left = [...clock.armed];
      for (const [handle, fire] of left) {
        clock.clearTimer(handle);
        fire();
      }
      await settleMicrotasks();
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onError);
    }
  });
});
