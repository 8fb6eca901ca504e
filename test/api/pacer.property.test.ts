// Property: whatever the limits, latencies, reordering and mix of polls and batches, requests paced
// by the pacer never exceed a limit of a simulated server with fixed per-minute windows (which
// answers like the spec: X-RateLimit-*, X-SubmissionLimit-*, Date, Reset as Unix seconds).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLimitHeaders } from '../../main/api/limits';
import { createPacer, type PaceKind } from '../../main/api/pacer';
import { createManualClock, type ManualClock } from '../helpers/manual-clock';

interface Op {
  readonly kind: PaceKind;
  readonly units: number;
  readonly upMs: number;
  readonly downMs: number;
}

interface Scenario {
  /** The server's window; the pacer is not told and assumes 60 s until answers say otherwise. */
  readonly windowMs: number;
  readonly requestLimit: number;
  readonly submissionLimit: number;
  readonly reserve: number;
  readonly startOffsetMs: number;
  /** Requests spent by another program with the same key, per window. */
  readonly foreignPerWindow: number;
  /** Requests the pacer lets out before the first answer (what it assumes every key allows). */
  readonly blindStart: number;
  readonly workers: readonly (readonly Op[])[];
}

const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    windowMs: fc.constantFrom(1_000, 5_000, 60_000),
    requestLimit: fc.integer({ min: 1, max: 12 }),
    submissionLimit: fc.integer({ min: 1, max: 8 }),
    reserve: fc.integer({ min: 0, max: 2 }),
    // Biased towards the end of a window: requests straddling a reset are the hard case.
    startOffsetMs: fc.oneof(
      fc.integer({ min: 0, max: 59_999 }),
      fc.integer({ min: 52_000, max: 59_999 }),
    ),
    foreignPerWindow: fc.integer({ min: 0, max: 2 }),
    blindStart: fc.integer({ min: 1, max: 4 }),
    workers: fc.array(
      fc.array(
        fc.record({
          kind: fc.constantFrom<PaceKind>('request', 'submission'),
          units: fc.integer({ min: 1, max: 8 }),
          upMs: fc.integer({ min: 1, max: 4_000 }),
          downMs: fc.integer({ min: 1, max: 4_000 }),
        }),
        { minLength: 1, maxLength: 12 },
      ),
      { minLength: 1, maxLength: 6 },
    ),
  })
  // The reserve is the tolerance for someone else spending the key: what they spend before an
  // answer can tell us must fit in it. The blind start is an assumption about the key: it holds.
  .filter(
    (s) =>
      s.foreignPerWindow <= s.reserve &&
      s.reserve < s.requestLimit &&
      s.blindStart + s.foreignPerWindow <= s.requestLimit,
  );

class SimServer {
  readonly violations: string[] = [];
  private readonly used = new Map<number, { requests: number; submissions: number }>();

  constructor(
    private readonly s: Scenario,
    private readonly clock: ManualClock,
  ) {}

  private window(now: number): { requests: number; submissions: number } {
    const w = Math.floor(now / this.s.windowMs);
    let counts = this.used.get(w);
    if (!counts) {
      // The other program spends its share at the very start of each window.
      counts = { requests: this.s.foreignPerWindow, submissions: 0 };
      this.used.set(w, counts);
    }
    return counts;
  }

  handle(kind: PaceKind, units: number): Record<string, string> {
    const now = this.clock.now();
    const counts = this.window(now);
    counts.requests += 1;
    if (counts.requests > this.s.requestLimit) this.violations.push(`requests at ${now}`);
    if (kind === 'submission') {
      // A batch wider than the whole submission budget can never fit; the pacer lets it through
      // an untouched window and the server refuses it: that is not pacing failing.
      if (units <= this.s.submissionLimit) {
        counts.submissions += units;
        if (counts.submissions > this.s.submissionLimit) {
          this.violations.push(`submissions at ${now}`);
        }
      }
    }
    const resetSeconds = ((Math.floor(now / this.s.windowMs) + 1) * this.s.windowMs) / 1000;
    return {
      date: new Date(now).toUTCString(),
      'x-ratelimit-limit': String(this.s.requestLimit),
      'x-ratelimit-remaining': String(Math.max(0, this.s.requestLimit - counts.requests)),
      'x-ratelimit-reset': String(resetSeconds),
      'x-submissionlimit-limit': String(this.s.submissionLimit),
      'x-submissionlimit-remaining': String(
        Math.max(0, this.s.submissionLimit - counts.submissions),
      ),
    };
  }
}

async function simulate(s: Scenario): Promise<{ violations: string[]; unfinished: number }> {
  const clock = createManualClock(1_700_000_040_000 + s.startOffsetMs);
  const pacer = createPacer({
    clock,
    reserve: { requests: s.reserve, submissions: s.reserve },
    slackMs: 500,
    blindStart: s.blindStart,
  });
  const server = new SimServer(s, clock);
  let unfinished = s.workers.length;

  const worker = async (ops: readonly Op[]): Promise<void> => {
    for (const op of ops) {
      const ticket = await pacer.acquire(op.kind, op.units);
      await clock.sleep(op.upMs);
      const headers = server.handle(op.kind, op.units);
      await clock.sleep(op.downMs);
      ticket.settle({ limits: parseLimitHeaders(headers, clock.now()) });
    }
    unfinished -= 1;
  };
  const all = Promise.all(s.workers.map(worker));
  // Generous horizon: enough windows for every unit even one per window; a deadlock shows here.
  const ops = s.workers.reduce((n, w) => n + w.length, 0);
  await clock.run(clock.now() + (ops * 2 + 4) * 60_000);
  if (unfinished === 0) await all;
  return { violations: server.violations, unfinished };
}

describe('pacer under simulation', () => {
  it('property: never exceeds a limit of the window, and always finishes', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { violations, unfinished } = await simulate(s);
        expect(violations).toEqual([]);
        expect(unfinished).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
