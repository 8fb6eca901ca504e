// A fresh engine does not know the key's concurrency limit: only answers to task creation carry it
// (spec 8.2). Sending six uploads at once into the unknown collected a 429 for every upload over
// the limit at each start (and a chaos run restarts the engine often). The first upload now goes
// alone; its answer tells the limit.
import { afterEach, describe, expect, it } from 'vitest';
import { harness, runToEnd, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the first uploads of a run', { timeout: 90_000 }, () => {
  it.each(['never', 'always'] as const)(
    'stay inside a concurrency limit the engine has not been told yet (batch mode %s)',
    async (batchMode) => {
      h = await harness({
        photos: 14,
        duplicates: 0,
        sandbox: { keys: [{ key: 'md_concurrency_key_42', concurrency: 3 }] },
      });
      const s = h.open({ batchMode, maxParallelUploads: 6 });
      expect(await runToEnd(s, [h.photos])).toBe('complete');
      expect(s.engine.status().counts.done).toBe(14);
      expect(h.sandbox.ledger.counts().rejected429).toEqual({
        request: 0,
        submission: 0,
        concurrency: 0,
        quota: 0,
      });
    },
  );
});
