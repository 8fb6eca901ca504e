// The one doubling wait the office's publisher and listener (and the engine's jittered backoff)
// step by: first wait, doubled per failure, capped; a success starts over.
import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../main/engine/backoff';
import { Backoff, doublingMs } from '../../main/time/backoff';

describe('doubling waits', () => {
  it('double from the first wait up to the cap, and stay finite after many failures', () => {
    expect([0, 1, 2, 3, 6, 7].map((n) => doublingMs(n, 1_000, 60_000))).toEqual([
      1_000, 2_000, 4_000, 8_000, 60_000, 60_000,
    ]);
    expect(doublingMs(-3, 250, 30_000)).toBe(250);
    expect(doublingMs(5_000, 1_000, 600_000)).toBe(600_000);
  });

  it('count a run of failures and start over after a success', () => {
    const b = new Backoff(250, 1_000);
    expect([b.next(), b.next(), b.next(), b.next()]).toEqual([250, 500, 1_000, 1_000]);
    expect(b.count).toBe(4);
    b.reset();
    expect(b.count).toBe(0);
    expect(b.next()).toBe(250);
  });

  it("are the engine's jittered step: between half the doubling and all of it", () => {
    expect(backoffMs(3, 500, 30_000, () => 0)).toBe(2_000);
    expect(backoffMs(3, 500, 30_000, () => 1)).toBe(4_000);
    expect(backoffMs(30, 500, 30_000, () => 1)).toBe(30_000);
  });
});
