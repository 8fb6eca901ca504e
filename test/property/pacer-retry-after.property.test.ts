// Property (complements test/api/pacer.property.test.ts, which covers the limit windows): whatever
// mix of polls and uploads, answers and 429s (any scope, any Retry-After), the pacer admits no
// request that a 429 already answered must wait, before that wait is over; and every request is
// admitted in the end. Request-limit and unknown 429s hold everything, submission and concurrency
// 429s hold only uploads (spec 7, rules 2 and 3).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLimitHeaders } from '../../main/api/limits';
import { createPacer, type PaceKind } from '../../main/api/pacer';
import type { RateLimitScope } from '../../main/api/errors';
import { createManualClock } from '../helpers/manual-clock';

const SEED = Number(process.env.FC_SEED ?? 7_331);

interface Op {
  readonly kind: PaceKind;
  readonly units: number;
  readonly pauseMs: number;
  readonly upMs: number;
  /** null: a normal answer. */
  readonly limited: { readonly scope: RateLimitScope; readonly retryAfterMs: number } | null;
}

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom<PaceKind>('request', 'submission'),
  units: fc.integer({ min: 1, max: 8 }),
  pauseMs: fc.integer({ min: 0, max: 3_000 }),
  upMs: fc.integer({ min: 1, max: 2_000 }),
  limited: fc.option(
    fc.record({
      scope: fc.constantFrom<RateLimitScope>('requests', 'submissions', 'concurrency', 'unknown'),
      retryAfterMs: fc.integer({ min: 0, max: 20_000 }),
    }),
    { nil: null, freq: 3 },
  ),
});

/** Generous limits: only the 429s hold anything back. */
function headers(now: number): Record<string, string> {
  return {
    date: new Date(now).toUTCString(),
    'x-ratelimit-limit': '100000',
    'x-ratelimit-remaining': '99999',
    'x-ratelimit-reset': String(Math.ceil(now / 1000) + 60),
    'x-submissionlimit-limit': '100000',
    'x-submissionlimit-remaining': '99999',
  };
}

const holds = (scope: RateLimitScope, kind: PaceKind): boolean =>
  kind === 'submission' || scope === 'requests' || scope === 'unknown';

describe('pacer after 429s (property)', { timeout: 90_000 }, () => {
  it('admits nothing a 429 holds before its Retry-After is over, and everything in the end', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 5 }),
        async (workers) => {
          const clock = createManualClock(1_700_000_000_000);
          const pacer = createPacer({ clock });
          const admitted: { kind: PaceKind; at: number }[] = [];
          const limitedAt: { scope: RateLimitScope; at: number; until: number }[] = [];
          let unfinished = workers.length;
          const run = async (ops: readonly Op[]): Promise<void> => {
            for (const op of ops) {
              await clock.sleep(op.pauseMs);
              const ticket = await pacer.acquire(op.kind, op.units);
              admitted.push({ kind: op.kind, at: clock.now() });
              await clock.sleep(op.upMs);
              const now = clock.now();
              const limits = parseLimitHeaders(headers(now), now);
              if (op.limited) {
                limitedAt.push({ ...op.limited, at: now, until: now + op.limited.retryAfterMs });
                ticket.settle({ limits, rateLimited: op.limited });
              } else {
                ticket.settle({ limits });
              }
            }
            unfinished--;
          };
          const all = Promise.all(workers.map(run));
          await clock.run(clock.now() + 24 * 60 * 60_000);
          expect(unfinished, 'every request was admitted in the end').toBe(0);
          await all;
          for (const a of admitted) {
            for (const r of limitedAt) {
              if (r.at < a.at && holds(r.scope, a.kind)) {
                expect(a.at, `${a.kind} admitted during a ${r.scope} hold`).toBeGreaterThanOrEqual(
                  r.until,
                );
              }
            }
          }
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });
});
