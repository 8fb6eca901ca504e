// A key shared with another program: the service's concurrency headers count the other program's
// tasks, and a concurrency 429 names no wait (spec 7.3 gives it only X-ConcurrencyLimit-*). The
// run sizes itself from what the headers say and waits briefly, never a whole request window.
import { afterEach, describe, expect, it } from 'vitest';
import { harness, runToEnd, type Harness } from '../../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a key shared with another program', () => {
  it('reads every photo with the slots the other program leaves, without stalling', async () => {
    h = await harness({
      photos: 12,
      duplicates: 0,
      // A long request window: a concurrency 429 waited out to the window's reset stalls the run
      // past the test's time limit.
      sandbox: { profile: 'shared-key', windowMs: 600_000 },
    });
    const s = h.open({ batchMode: 'never' });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    expect(s.engine.status().counts).toMatchObject({ done: 12, failed: 0 });
    const { rejected429 } = h.sandbox.ledger.counts();
    // Sized from the headers: a refusal now and then as the other program's slots come and go,
    // not one for every photo.
    expect(rejected429.concurrency).toBeLessThanOrEqual(3);
  });
});
