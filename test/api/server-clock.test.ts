// The server's clock from second-resolution Date headers: never ahead of the truth (a wait
// computed from it is never too short), and within the shortest round trip once a few answers
// have come in.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ServerClock } from '../../main/api/server-clock';
import { parseLimitHeaders } from '../../main/api/limits';

const truncate = (ms: number): number => Math.floor(ms / 1000) * 1000;

describe('ServerClock', () => {
  it('is undefined without a Date header', () => {
    expect(new ServerClock().nowAt(undefined, 1_000)).toBeUndefined();
  });

  it('never reads ahead of the server, and is behind by no more than the best answer so far', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3_600_000, max: 3_600_000 }), // server clock minus ours
        fc.array(fc.tuple(fc.integer({ min: 50, max: 900 }), fc.integer({ min: 1, max: 80 })), {
          minLength: 40,
          maxLength: 60,
        }), // [gap to the next answer, transit] pairs
        (offset, answers) => {
          const clock = new ServerClock();
          let local = 1_700_000_000_000;
          let best = Infinity; // the smallest transit + truncated fraction so far
          for (const [gap, transit] of answers) {
            local += gap;
            const sentAtServer = local - transit + offset;
            best = Math.min(best, transit + (sentAtServer - truncate(sentAtServer)));
            const estimate = clock.nowAt(truncate(sentAtServer), local);
            const truth = local + offset;
            expect(estimate).toBeDefined();
            // Never ahead of the server, and behind by no more than the best answer allows.
            expect(estimate as number).toBeLessThanOrEqual(truth);
            expect(truth - (estimate as number)).toBeLessThanOrEqual(best);
          }
        },
      ),
    );
  });

  it('turns an absolute reset into a wait accurate to the sub-second part the Date header drops', () => {
    const local = 1_700_000_000_600; // 600 ms into a second; clocks agree
    const headers = {
      date: new Date(truncate(local)).toUTCString(),
      'x-ratelimit-limit': '10',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String((truncate(local) + 5_000) / 1000),
    };
    const clock = new ServerClock();
    // Teach it the offset with an answer sent right at the top of a second.
    clock.nowAt(truncate(local) - 1000, truncate(local) - 1000 + 2);
    const precise = parseLimitHeaders(headers, local, clock).requests?.resetAtMs;
    const coarse = parseLimitHeaders(headers, local).requests?.resetAtMs;
    const trueReset = truncate(local) + 5_000;
    expect(coarse).toBe(trueReset + 600); // the old reading: 600 ms too late
    expect(precise).toBeGreaterThanOrEqual(trueReset);
    expect(precise).toBeLessThanOrEqual(trueReset + 2);
  });
});
