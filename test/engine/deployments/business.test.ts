// Every photo is read by the business configured, or by none: the single-task endpoint has no
// business field, so a business other than the service's own goes in batches only (a batch of one
// is fine), and a business the service refuses stops the run before a photo is charged.
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../common/job-record';
import { harness, runToEnd, type Harness } from '../../helpers/engine-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const FOREIGN = 'water_v3_foreign';

function jobs(s: ReturnType<Harness['open']>): JobRecord[] {
  return [...s.store.queries.iterate({})];
}

describe('the configured business', () => {
  it('goes with every photo: a foreign business is sent in batches only, the first a batch of one', async () => {
    h = await harness({ photos: 11, duplicates: 0, sandbox: { profile: 'foreign-enabled' } });
    const s = h.open({ business: FOREIGN });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    const tasks = h.sandbox.ledger.tasks();
    expect(tasks).toHaveLength(11);
    // No photo was read by the service's own business, and none went as a single task.
    expect(tasks.every((t) => t.namespace === FOREIGN)).toBe(true);
    expect(tasks.every((t) => t.batchId !== null)).toBe(true);
    // The first upload probes the key's limits alone: as a batch of one, not a single task.
    const first = h.sandbox.ledger.batches()[0];
    expect(first?.taskIds).toHaveLength(1);
    expect(jobs(s).every((j) => j.state === 'done' && j.business === FOREIGN)).toBe(true);
  });

  it('batches cut down to the size a deployment takes still carry the business', async () => {
    h = await harness({
      photos: 13,
      duplicates: 0,
      sandbox: { profile: 'small-batches', foreignEnabled: true },
    });
    const s = h.open({ business: FOREIGN });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    const tasks = h.sandbox.ledger.tasks();
    expect(tasks).toHaveLength(13);
    expect(tasks.every((t) => t.namespace === FOREIGN && t.batchId !== null)).toBe(true);
    expect(Math.max(...h.sandbox.ledger.batches().map((b) => b.taskIds.length))).toBe(4);
  });

  it("the service's own business may go as single tasks", async () => {
    h = await harness({ photos: 5, duplicates: 0 });
    const s = h.open({ business: 'water_v3_meter', batchMode: 'auto' });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    const tasks = h.sandbox.ledger.tasks();
    expect(tasks.every((t) => t.namespace === 'water_v3_meter')).toBe(true);
    // The first photo probes alone as a plain task (a batch of one buys nothing here).
    expect(tasks.some((t) => t.batchId === null)).toBe(true);
  });

  it.each([
    ['disabled (409)', 'foreign-disabled', FOREIGN],
    ['disabled, FastAPI-style answer', 'detail-errors', FOREIGN],
    ['unknown (400)', 'default', 'water_v9_nonsense'],
    ['unknown, FastAPI-style answer', 'detail-errors', 'water_v9_nonsense'],
  ] as const)(
    'a business the service refuses as %s stops the run before any photo is read, naming it',
    async (_what, profile, business) => {
      h = await harness({ photos: 6, duplicates: 0, sandbox: { profile } });
      const s = h.open({ business });
      expect(await runToEnd(s, [h.photos])).toBe('settings');
      expect(s.engine.status().holds.settings?.message).toContain(`"${business}"`);
      expect(h.sandbox.ledger.counts().tasksCreated).toBe(0);
      expect(Object.keys(h.sandbox.ledger.quotaCharges())).toHaveLength(0);
      expect(jobs(s).every((j) => j.state === 'queued' && j.failureKind === null)).toBe(true);
    },
  );

  it('on a CAD deployment named by its AI version, a foreign business is refused before anything is sent', async () => {
    h = await harness({ photos: 4, duplicates: 0, sandbox: { profile: 'cad-namespace' } });
    const s = h.open({ business: FOREIGN });
    expect(await runToEnd(s, [h.photos])).toBe('settings');
    expect(s.engine.status().holds.settings?.message).toMatch(/only be sent in batches.*CAD/);
    const counts = h.sandbox.ledger.counts();
    expect(counts.tasksCreated).toBe(0);
    // Not even a refused upload: the configuration error is found before sending.
    expect(counts.byStatus['400'] ?? 0).toBe(0);
  });

  it('on a CAD deployment known only by its 400, one refused batch and nothing read', async () => {
    h = await harness({ photos: 4, duplicates: 0, sandbox: { profile: 'cad-400' } });
    const s = h.open({ business: FOREIGN });
    expect(await runToEnd(s, [h.photos])).toBe('settings');
    expect(s.engine.status().holds.settings?.message).toContain(`"${FOREIGN}"`);
    expect(h.sandbox.ledger.counts().tasksCreated).toBe(0);
    expect(h.sandbox.ledger.counts().byStatus['400']).toBe(1);
  });

  it('batch mode "never" with a foreign business is a configuration error, not single tasks', async () => {
    h = await harness({ photos: 3, duplicates: 0, sandbox: { profile: 'foreign-enabled' } });
    const s = h.open({ business: FOREIGN, batchMode: 'never' });
    expect(await runToEnd(s, [h.photos])).toBe('settings');
    expect(s.engine.status().holds.settings?.message).toMatch(/never/);
    expect(h.sandbox.ledger.counts().tasksCreated).toBe(0);
  });

  it('without AI status rights the default is not known: a named business still goes in batches', async () => {
    h = await harness({
      photos: 4,
      duplicates: 0,
      sandbox: { profile: 'no-info-scopes', foreignEnabled: true },
    });
    const s = h.open({ business: 'water_v3_meter' });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    expect(h.sandbox.ledger.tasks().every((t) => t.batchId !== null)).toBe(true);
  });
});
