import { afterEach, describe, expect, it } from 'vitest';
import { harness, runToEnd, waitFor, type Harness } from '../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('engine holds: quota, key, permissions, lost tasks, pacing', () => {
  it('quota exhausted mid-run: stops submitting, keeps the rest queued, finishes after quota returns', async () => {
    h = await harness({
      photos: 12,
      duplicates: 0,
      sandbox: { keys: [{ key: 'md_quota_key_123456', user: { dailyQuota: 5 } }] },
    });
    const s = h.open({ batchMode: 'never' });
    expect(await runToEnd(s, [h.photos])).toBe('quota_exhausted');
    const c = s.engine.status().counts;
    expect(c.done).toBe(5);
    expect(c.queued).toBe(7);
    expect(c.failed).toBe(0);
    expect(s.engine.status().holds.quota).not.toBeNull();
    await s.close();

    h.sandbox.control.setQuota({ dailyLimit: 50 });
    const again = h.open({ batchMode: 'never' });
    await again.engine.start();
    expect(await again.engine.waitSettled()).toBe('complete');
    expect(again.engine.status().counts.done).toBe(12);
    for (const n of Object.values(h.sandbox.ledger.quotaCharges())) expect(n).toBe(1);
  });

  it('quota returning while the engine waits resumes by itself', async () => {
    h = await harness({
      photos: 8,
      duplicates: 0,
      sandbox: { keys: [{ key: 'md_quota_key_123456', user: { dailyQuota: 3 } }] },
    });
    const s = h.open({ batchMode: 'never' });
    await s.actions.addPhotos([h.photos]);
    await s.engine.start();
    await waitFor(() => s.engine.status().holds.quota !== null);
    h.sandbox.control.setQuota({ dailyLimit: 20 });
    await waitFor(() => s.engine.status().counts.done === 8);
    expect(s.engine.status().holds.quota).toBeNull();
  });

  it('re-reads quota and AI status during a run, so what is shown stays current', async () => {
    h = await harness({
      photos: 6,
      duplicates: 0,
      sandbox: { ai: { latencyMs: 400, jitterMs: 0 } },
    });
    const s = h.open({ batchMode: 'never', statusRefreshMs: 100, maxConcurrency: 1 });
    await s.actions.addPhotos([h.photos]);
    await s.engine.start();
    const before = s.engine.status().quota?.remaining;
    // Another user of the same account spends quota meanwhile.
    h.sandbox.control.setQuota({ used: 100 });
    h.sandbox.control.setAiOnline(false);
    await waitFor(() => s.engine.status().ai?.isOnline === false);
    expect(s.engine.status().quota?.remaining).toBeLessThan((before ?? 0) - 50);
    h.sandbox.control.setAiOnline(true);
    expect(await s.engine.waitSettled()).toBe('complete');
  });

  it('a rejected key pauses everything with a specific message', async () => {
    h = await harness({ photos: 3, duplicates: 0 });
    h.sandbox.control.updateKey(h.sandbox.apiKey, { disabled: true });
    const s = h.open();
    expect(await runToEnd(s, [h.photos])).toBe('key_rejected');
    expect(s.engine.status().holds.auth?.kind).toBe('key_rejected');
    expect(s.engine.status().counts.queued).toBe(3);
    expect(h.sandbox.ledger.tasks()).toHaveLength(0);
  });

  it('a key without the upload scope is "permission denied", not a file failure', async () => {
    h = await harness({
      photos: 3,
      duplicates: 0,
      sandbox: {
        keys: [{ key: 'md_readonly_key_12345', scopes: ['quota:read', 'ai:read', 'tasks:read'] }],
      },
    });
    const s = h.open();
    expect(await runToEnd(s, [h.photos])).toBe('permission_denied');
    expect(s.engine.status().counts.failed).toBe(0);
    expect(s.engine.status().counts.queued).toBe(3);
  });

  it.each([
    ['', {}],
    // Answers 300 ms late: several lists are on their way at once, and each finds every task
    // unknown; the photo still goes once (and is paid once), not once per answer.
    [', however many polls on their way find it unknown', { faults: { slowRate: 1, slowMs: 300 } }],
  ] as const)('a task the service no longer knows is submitted again once%s', async (_, slow) => {
    h = await harness({ photos: 4, duplicates: 0, sandbox: { ai: { online: false } } });
    const s = h.open({ batchMode: 'never' });
    await s.actions.addPhotos([h.photos]);
    await s.engine.start();
    await waitFor(() => s.engine.status().counts.submitted === 4);
    await s.close();
    // A new service instance on another port knows none of the old tasks: every poll is a 404.
    const { createSandbox } = await import('../../sandbox');
    // Another seed: a sandbox's task ids follow its seed, and a new task named like an old one
    // would be taken for it (a real service never names two tasks alike).
    const fresh = await createSandbox({
      seed: 424_242,
      ai: { latencyMs: 30, jitterMs: 10 },
      ...slow,
    });
    try {
      const { openSession } = await import('../../main/actions/session');
      const again = openSession({
        dbFile: h.dbFile,
        baseUrl: fresh.url,
        apiKey: fresh.apiKey,
        config: { batchMode: 'never', retryBaseMs: 50 },
      });
      await again.engine.start();
      expect(await again.engine.waitSettled()).toBe('complete');
      const jobs = [...again.store.queries.iterate({})];
      expect(jobs.map((j) => [j.state, j.resubmits])).toEqual(jobs.map(() => ['done', 1]));
      expect(Object.values(fresh.ledger.quotaCharges()).filter((n) => n > 1)).toEqual([]);
      await again.close();
    } finally {
      await fresh.close();
    }
  });
});
