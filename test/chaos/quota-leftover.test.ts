// Quota running out in the middle of batches. The service refuses a whole batch whose new images
// need more quota than is left (spec 7, rule 1), so a client that keeps sending full batches can
// never use the last few readings of the day: it stopped with quota left and photos unread.
import { afterEach, describe, expect, it } from 'vitest';
import { harness, runToEnd, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('quota running out under batches', { timeout: 90_000 }, () => {
  it.each(['always', 'auto'] as const)(
    'uses the last readings left instead of retrying a batch too big for them (batch mode %s)',
    async (batchMode) => {
      h = await harness({
        photos: 12,
        duplicates: 0,
        sandbox: { keys: [{ key: 'md_leftover_key_1234', user: { dailyQuota: 3 } }] },
      });
      const s = h.open({ batchMode });
      expect(await runToEnd(s, [h.photos])).toBe('quota_exhausted');
      const counts = s.engine.status().counts;
      // Every reading the quota allowed was taken; the rest wait, nothing failed.
      expect(counts.done).toBe(3);
      expect(counts.queued).toBe(9);
      expect(counts.failed).toBe(0);
      expect(h.sandbox.control.state().users[0]?.quota.remaining).toBe(0);
      for (const n of Object.values(h.sandbox.ledger.quotaCharges())) expect(n).toBe(1);
    },
  );
});
