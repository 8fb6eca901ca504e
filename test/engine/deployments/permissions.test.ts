// Scopes are per endpoint (spec 5.3, 5.5): a 403 says what this key may not do, and the run goes
// on without it wherever it can. Photos already sent are always followed to their end.
import { afterEach, describe, expect, it } from 'vitest';
import { harness, runToEnd, waitFor, type Harness } from '../../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a key with fewer permissions', () => {
  it('without quota and AI status rights: every photo read, the figures marked not permitted', async () => {
    h = await harness({ photos: 9, duplicates: 0, sandbox: { profile: 'no-info-scopes' } });
    const s = h.open();
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    const st = s.engine.status();
    expect(st.counts.done).toBe(9);
    expect(st.quota).toBeNull();
    expect(st.deployment.denied.quota).toMatch(/quota:read/);
    expect(st.deployment.denied.ai_status).toMatch(/ai:read/);
    expect(st.holds.auth).toBeNull();
  });

  it('with task rights only: single tasks, every photo read, no batch tried twice', async () => {
    h = await harness({ photos: 10, duplicates: 0, sandbox: { profile: 'tasks-only-key' } });
    const s = h.open({ batchMode: 'auto' });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    expect(s.engine.status().counts.done).toBe(10);
    expect(h.sandbox.ledger.batches()).toHaveLength(0);
    expect(h.sandbox.ledger.counts().byStatus['403'] ?? 0).toBeLessThanOrEqual(3);
    expect(s.engine.status().deployment.batchesUnavailable).toMatch(/batches:write/);
  });

  it('without batch rights: single tasks, and photos already in batches are followed through lists', async () => {
    h = await harness({ photos: 12, duplicates: 0 });
    const s = h.open({ batchMode: 'always', maxConcurrency: 6 });
    await s.actions.addPhotos([h.photos]);
    await s.engine.start();
    // Some photos are on their way in batches when the key loses its batch rights.
    await waitFor(() => s.engine.status().counts.submitted > 0);
    h.sandbox.control.updateKey(h.sandbox.apiKey, {
      scopes: ['quota:read', 'ai:read', 'tasks:read', 'tasks:write'],
    });
    expect(await s.engine.waitSettled()).toBe('complete');
    expect(s.engine.status().counts.done).toBe(12);
    for (const n of Object.values(h.sandbox.ledger.quotaCharges())) expect(n).toBe(1);
  });

  it('without the right to create tasks but with batches: everything goes in batches', async () => {
    h = await harness({
      photos: 7,
      duplicates: 0,
      sandbox: {
        keys: [
          {
            key: 'md_batch_only_key_0001',
            scopes: ['quota:read', 'ai:read', 'tasks:read', 'batches:read', 'batches:write'],
          },
        ],
      },
    });
    const s = h.open({ batchMode: 'auto' });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    expect(h.sandbox.ledger.tasks().every((t) => t.batchId !== null)).toBe(true);
  });

  it('without any right to create: stops, naming the missing permission, and follows what was sent', async () => {
    h = await harness({
      photos: 8,
      duplicates: 0,
      sandbox: { ai: { latencyMs: 300, jitterMs: 0 } },
    });
    const s = h.open({ batchMode: 'never', maxConcurrency: 3 });
    await s.actions.addPhotos([h.photos]);
    await s.engine.start();
    await waitFor(() => s.engine.status().counts.submitted > 0);
    h.sandbox.control.updateKey(h.sandbox.apiKey, {
      scopes: ['quota:read', 'ai:read', 'tasks:read'],
    });
    expect(await s.engine.waitSettled()).toBe('permission_denied');
    const st = s.engine.status();
    expect(st.holds.auth?.message).toMatch(/may not create tasks/);
    // Settled only once the photos already sent were read: none is left waiting at the service.
    expect(st.counts.submitted + st.counts.uploading).toBe(0);
    expect(st.counts.done).toBe(h.sandbox.ledger.counts().tasksCreated);
    expect(st.counts.failed).toBe(0);
  });
});
