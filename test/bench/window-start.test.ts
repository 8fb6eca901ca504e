// A throughput run starts just after a service window begins (bench/lib/window-start.ts): the
// bound credits a run with what its first window has left, so a start near a window's end made the
// same run read 1.03 or 1.5 by chance.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitForStart } from '../../bench/lib/window-start';

afterEach(() => {
  vi.useRealTimers();
});

/** When waitForStart resolves, in ms since the epoch, with time starting at `now`. */
async function startsAt(now: number, windowMs: number, how: 'now' | 'window-start') {
  vi.useFakeTimers({ now });
  let at: number | null = null;
  const started = waitForStart(how, windowMs).then(() => (at = Date.now()));
  await vi.runAllTimersAsync();
  await started;
  return at;
}

describe('a throughput run starts', () => {
  it('50 ms into the next window when told, wherever in a window it is asked', async () => {
    expect(await startsAt(6_000 * 100 + 5_200, 6_000, 'window-start')).toBe(6_000 * 101 + 50);
    expect(await startsAt(6_000 * 100 + 60, 6_000, 'window-start')).toBe(6_000 * 101 + 50);
    expect(await startsAt(6_000 * 100 + 10, 6_000, 'window-start')).toBe(6_000 * 100 + 50);
    expect(await startsAt(6_000 * 100 + 50, 6_000, 'window-start')).toBe(6_000 * 100 + 50);
  });

  it('at once otherwise', async () => {
    expect(await startsAt(6_000 * 100 + 5_200, 6_000, 'now')).toBe(6_000 * 100 + 5_200);
  });
});
