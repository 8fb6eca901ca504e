// Batches are sized to what is left of the key's submission window: when a window has room for 1
// to 7 more files, those go now (a smaller batch) instead of a full batch of 8 waiting for the next
// window while the rest of this one goes unused.
import { afterEach, describe, expect, it } from 'vitest';
import type { PacerLimits } from '../../main/api/pacer';
import { submissionRoom } from '../../main/engine/uploads';
import { harness, runToEnd, type Harness } from '../helpers/engine-harness';

function limits(over: {
  limit?: number;
  predicted?: number;
  inFlight?: number;
  heldUntil?: number;
  reserve?: number;
}): PacerLimits {
  const window = {
    limit: over.limit,
    serverRemaining: over.predicted,
    predictedRemaining: over.predicted,
    resetAtMs: 10_000,
  };
  return {
    requests: window,
    submissions: window,
    concurrency: undefined,
    heldUntilMs: { submission: over.heldUntil ?? 0, request: 0 },
    inFlight: 0,
    waiting: 0,
    submissionUnits: { inFlight: over.inFlight ?? 0, waiting: 0 },
    reserve: { requests: 1, submissions: over.reserve ?? 1 },
  };
}

describe('submissionRoom', () => {
  it('is unknown (Infinity) before the service has said anything, and while a 429 holds the key', () => {
    expect(submissionRoom(limits({}), 0, 0)).toBe(Infinity);
    expect(submissionRoom(limits({ limit: 10, predicted: 5, heldUntil: 500 }), 0, 100)).toBe(
      Infinity,
    );
  });

  it('keeps the reserve and counts files dispatched but not yet admitted by the pacer', () => {
    expect(submissionRoom(limits({ limit: 10, predicted: 9 }), 0, 0)).toBe(8);
    // 8 files uploading, 5 of them admitted (already subtracted from the prediction): 3 to come.
    expect(submissionRoom(limits({ limit: 10, predicted: 9, inFlight: 5 }), 8, 0)).toBe(5);
    expect(submissionRoom(limits({ limit: 10, predicted: 1 }), 0, 0)).toBe(0);
  });

  it('lets a key whose whole window is one submission use it (the pacer does too)', () => {
    expect(submissionRoom(limits({ limit: 1, predicted: 1 }), 0, 0)).toBe(1);
    expect(submissionRoom(limits({ limit: 1, predicted: 0 }), 0, 0)).toBe(0);
  });
});

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('batch sizes against the submission window', () => {
  it('fills every window to its limit less the reserve, with a smaller batch when 8 do not fit', async () => {
    const windowMs = 3000;
    h = await harness({
      photos: 36,
      duplicates: 0,
      subfolders: false,
      sandbox: {
        windowMs,
        keys: [
          {
            key: 'mk_live_batch_sizing_0000000000000001',
            submissionsPerWindow: 10,
            requestsPerWindow: 1000,
            concurrency: 64,
          },
        ],
      },
    });
    const s = h.open({ batchMode: 'always', maxConcurrency: 64 });
    expect(await runToEnd(s, [h.photos])).toBe('complete');

    const perWindow = new Map<number, number>();
    for (const t of h.sandbox.ledger.tasks()) {
      const w = Math.floor(Date.parse(t.createdAt) / windowMs);
      perWindow.set(w, (perWindow.get(w) ?? 0) + 1);
    }
    const windows = [...perWindow.keys()].sort((a, b) => a - b);
    const counts = windows.map((w) => perWindow.get(w) ?? 0);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(36);
    expect(h.sandbox.ledger.counts().rejected429.submission).toBe(0);
    // Windows between the first and the last are full: 9 = limit 10 less the reserve of 1. A full
    // batch of 8 waiting for the next window would leave 8 in each of them.
    expect(counts.length).toBeGreaterThanOrEqual(4);
    for (const n of counts.slice(1, -1)) expect(n).toBe(9);
    // ... and each window takes them in as few requests as the sizes allow: a full batch and the
    // remainder, not a string of small batches composed while the window was spent.
    const sizes = h.sandbox.ledger.batches().map((b) => b.taskIds.length);
    expect(Math.max(...sizes)).toBe(8);
    expect(sizes.length).toBeLessThanOrEqual(2 * counts.length);
  }, 60_000);
});
