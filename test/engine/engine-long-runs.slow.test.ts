// Long runs of the engine against the sandbox over HTTP (the slow project: DEVELOPERS.md, "What is
// slow and why"): a run through random injected faults, and a run paced by tight limits. `npm test`
// covers the same behaviour one fault at a time (bad-input/engine-server-answers, chaos/*.test.ts)
// and the pacer's arithmetic on a manual clock (api/pacer).
import { afterEach, describe, expect, it } from 'vitest';
import { harness, runToEnd, type Harness } from '../helpers/engine-harness';
import { allJobs, expectChargedOnce, expectCorrectReadings } from './helpers/run-checks';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('engine long runs: random faults, tight limits', () => {
  it('completes through 10% injected 5xx, 5% dropped connections and HTML proxy pages', async () => {
    h = await harness({ photos: 24, duplicates: 0, sandbox: { seed: 11 } });
    h.sandbox.control.setFaults({ errorRate: 0.1, dropRate: 0.05, htmlErrorRate: 0.05 });
    const s = h.open();
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    const faults = h.sandbox.ledger.counts().faults;
    expect(faults.error5xx + faults.drop + faults.html_error).toBeGreaterThan(0);
    const jobs = allJobs(s);
    // Dropped answers can make a photo be sent twice; the service's cache makes the second free.
    expectCorrectReadings(h, jobs);
    expectChargedOnce(h);
  });

  it('under tight limits the run completes with at most a couple of 429s', async () => {
    h = await harness({
      photos: 20,
      duplicates: 0,
      sandbox: {
        windowMs: 2_000,
        keys: [
          {
            key: 'md_tight_key_1234567',
            requestsPerWindow: 8,
            submissionsPerWindow: 4,
            concurrency: 4,
          },
        ],
      },
    });
    const s = h.open();
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    const r = h.sandbox.ledger.counts().rejected429;
    expect(r.request + r.submission + r.concurrency).toBeLessThanOrEqual(2);
  }, 90_000);
});
