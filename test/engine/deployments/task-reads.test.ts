// A key may read batches but not tasks (spec 5.5, 5.6: scopes are per endpoint, their names
// "not shown"): the run asks beside its first reads, its first photo goes in a batch of one while
// the answer is outstanding, and every photo goes in a batch, followed through batch reads. A key that loses the right mid-run has its single tasks sent again
// in a batch, answered from the service's cache, only once they can no longer be running.
import { afterEach, describe, expect, it } from 'vitest';
import { harness, runToEnd, waitFor, type Harness } from '../../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a key without tasks:read', () => {
  it('reads every photo through batches, nothing paid twice, no permission hold', async () => {
    h = await harness({ photos: 9, duplicates: 0, sandbox: { profile: 'no-task-reads' } });
    const s = h.open({ batchMode: 'auto', resumeGraceMs: 300 });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    const st = s.engine.status();
    expect(st.counts.done).toBe(9);
    expect(st.counts.failed).toBe(0);
    expect(st.holds.auth).toBeNull();
    for (const n of Object.values(h.sandbox.ledger.quotaCharges())) expect(n).toBe(1);
    // Not one photo was sent as a task the key could not follow, the first one included.
    const singles = h.sandbox.ledger.tasks().filter((t) => t.batchId === null);
    expect(singles).toHaveLength(0);
  });

  it('loses the right mid-run: a single task still running is never sent again (paid once)', async () => {
    // The AI takes longer than the old fixed grace (300 ms here) before a re-send.
    // Two photos: the first goes in a batch of one beside the run's first reads (the queue has not
    // heard whether the key reads tasks), the second alone as a single task.
    h = await harness({
      photos: 2,
      duplicates: 0,
      sandbox: { ai: { latencyMs: 1_200, jitterMs: 0 } },
    });
    const s = h.open({ batchMode: 'auto', resumeGraceMs: 300, taskTimeoutMs: 2_500 });
    await s.actions.addPhotos([h.photos]);
    await s.engine.start();
    await waitFor(() => h?.sandbox.ledger.tasks().some((t) => t.batchId === null) ?? false);
    h.sandbox.control.updateKey(h.sandbox.apiKey, {
      scopes: ['quota:read', 'ai:read', 'tasks:write', 'batches:read', 'batches:write'],
    });
    expect(await s.engine.waitSettled()).toBe('complete');
    expect(s.engine.status().counts.done).toBe(2);
    // The photo sent alone went again in a batch, once its task had ended: answered from the cache.
    expect(h.sandbox.ledger.tasks().length).toBeGreaterThan(2);
    for (const n of Object.values(h.sandbox.ledger.quotaCharges())) expect(n).toBe(1);
  });
});
