// A key may read batches but not tasks (spec 5.5, 5.6: scopes are per endpoint, their names
// "not shown"): every photo goes in a batch, followed through batch reads, and a photo sent as a
// single task before the 403s told is sent again in a batch, answered from the service's cache.
import { afterEach, describe, expect, it } from 'vitest';
import { harness, runToEnd, type Harness } from '../../helpers/engine-harness';

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
    // Once both task reads were refused, only batches were sent.
    const singles = h.sandbox.ledger.tasks().filter((t) => t.batchId === null);
    expect(singles.length).toBeLessThanOrEqual(3);
  });
});
