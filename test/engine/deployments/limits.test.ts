// Limits the spec leaves open are learned from the deployment's answers, never assumed: how many
// tasks a list may ask for, how many files a batch may hold; and batches are given up only for
// the CAD signal, and not for good.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ENGINE_CONFIG } from '../../../main/engine/config';
import { harness, runToEnd, type Harness } from '../../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('limits learned from the deployment', () => {
  it.each(['list-cap-50', 'list-cap-50-422'] as const)(
    'a list limit refused (%s) is lowered and remembered, and the run finishes',
    async (profile) => {
      h = await harness({ photos: 24, duplicates: 0, sandbox: { profile } });
      const s = h.open({ batchMode: 'always' });
      expect(await runToEnd(s, [h.photos])).toBe('complete');
      expect(s.engine.status().counts.done).toBe(24);
      expect(s.engine.status().deployment.listLimit).toBe(50);
      const refused = h.sandbox.ledger.counts().byStatus[profile === 'list-cap-50' ? '400' : '422'];
      expect(refused).toBeGreaterThanOrEqual(1);
      await s.close();
      // Remembered: the next run asks for 50 straight away.
      const again = h.open({ batchMode: 'always' });
      expect(again.engine.status().deployment.listLimit).toBe(50);
    },
  );

  it.each([
    ['names its limit', 'small-batches', 4],
    ['does not say', 'small-batches-silent', 3],
  ] as const)(
    'batches are cut to the size the deployment takes when the refusal %s',
    async (_what, profile, most) => {
      h = await harness({ photos: 20, duplicates: 0, sandbox: { profile } });
      const s = h.open({ batchMode: 'always' });
      expect(await runToEnd(s, [h.photos])).toBe('complete');
      expect(s.engine.status().counts.done).toBe(20);
      const sizes = h.sandbox.ledger.batches().map((b) => b.taskIds.length);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(most);
      expect(sizes.filter((n) => n > 1).length).toBeGreaterThan(0);
      // Batches stayed on: smaller, not switched off.
      expect(s.engine.status().deployment.batchesUnavailable).toBeNull();
      expect(s.engine.status().deployment.batchMaxFiles).toBeLessThanOrEqual(most);
      // Each size is refused at most once per upload already on its way when the first refusal
      // came back (a refused batch creates and charges nothing): halving 8 takes two steps.
      const parallel = DEFAULT_ENGINE_CONFIG.maxParallelUploads;
      expect(h.sandbox.ledger.counts().byStatus['400'] ?? 0).toBeLessThanOrEqual(2 * parallel);
    },
  );

  it('the CAD signal in the AI version switches batches off while it lasts; once the key is known, without a refused batch', async () => {
    h = await harness({ photos: 6, duplicates: 0, sandbox: { profile: 'cad-namespace' } });
    const s = h.open({ batchMode: 'auto' });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    expect(h.sandbox.ledger.batches()).toHaveLength(0);
    // A queue that has never heard whether the key may read tasks sends its first photo beside the
    // first reads in a batch of one (issue 29); CAD refuses it, and the photo goes alone.
    expect(h.sandbox.ledger.counts().byStatus['400'] ?? 0).toBeLessThanOrEqual(1);
    expect(s.engine.status().counts.done).toBe(6);
    expect(s.engine.status().deployment.batchesUnavailable).toMatch(/CAD/);
    await s.close();
    // The next run on this queue knows the key reads tasks: its first photo goes as a single task
    // beside the reads, and nothing is refused.
    const refusedBefore = h.sandbox.ledger.counts().byStatus['400'] ?? 0;
    const more = await harness({ photos: 4, seed: 2, duplicates: 0 });
    try {
      const again = h.open({ batchMode: 'auto' });
      expect(await runToEnd(again, [more.photos])).toBe('complete');
      expect(again.engine.status().counts.done).toBe(10);
      expect(h.sandbox.ledger.batches()).toHaveLength(0);
      expect(h.sandbox.ledger.counts().byStatus['400'] ?? 0).toBe(refusedBefore);
    } finally {
      await more.close();
    }
  });
});
