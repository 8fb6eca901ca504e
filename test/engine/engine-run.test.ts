import { afterEach, describe, expect, it } from 'vitest';
import { harness, runToEnd, waitFor, type Harness } from '../helpers/engine-harness';
import { allJobs, expectChargedOnce, expectCorrectReadings } from './helpers/run-checks';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('engine against the sandbox over HTTP', () => {
  it('reads a folder with bad files and duplicates: readings right, rejects explained, duplicates paid once', async () => {
    h = await harness({ photos: 14, badFiles: true, duplicates: 3 });
    const s = h.open();
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    const jobs = allJobs(s);
    expectCorrectReadings(h, jobs);
    const rejected = jobs.filter((j) => j.state === 'rejected');
    const wantRejected = h.manifest.files.filter((f) => f.expected.outcome === 'rejected');
    expect(rejected.length).toBe(wantRejected.length);
    for (const r of rejected) expect(r.errorMessage, r.relPath).toBeTruthy();
    // Identical content went up once: one task per distinct image.
    const shas = new Set(jobs.filter((j) => j.state === 'done').map((j) => j.sha256));
    expect(h.sandbox.ledger.tasks().length).toBe(shas.size);
    expectChargedOnce(h);
    expect(h.sandbox.ledger.counts().internalErrors).toBe(0);
  });

  it.each(['always', 'never'] as const)(
    'batch mode %s completes with correct readings',
    async (mode) => {
      h = await harness({ photos: 20, duplicates: 0 });
      const s = h.open({ batchMode: mode });
      expect(await runToEnd(s, [h.photos])).toBe('complete');
      expectCorrectReadings(h, allJobs(s));
      const batches = h.sandbox.ledger.batches().length;
      if (mode === 'never') expect(batches).toBe(0);
      else expect(batches).toBeGreaterThan(0);
      // Batch results are enriched with the meter type the batch item lacks.
      if (mode === 'always')
        expect(allJobs(s).every((j) => j.state !== 'done' || j.meterType)).toBe(true);
    },
  );

  it('a CAD deployment gets single tasks only, and the client knows why', async () => {
    h = await harness({ photos: 10, duplicates: 0, sandbox: { service: 'CAD' } });
    const s = h.open({ batchMode: 'auto' });
    expect(await runToEnd(s, [h.photos])).toBe('complete');
    expectCorrectReadings(h, allJobs(s));
    expect(h.sandbox.ledger.batches().length).toBe(0);
    expect(s.engine.status().deployment.batchesUnavailable).toMatch(/not supported/);
  });

  it('rides out the network going down mid-run and resumes by itself', async () => {
    h = await harness({ photos: 16, duplicates: 0 });
    const s = h.open({ batchMode: 'never', maxConcurrency: 2 });
    await s.actions.addPhotos([h.photos]);
    await s.engine.start();
    await waitFor(() => s.engine.status().counts.done >= 3);
    h.sandbox.control.setNetworkDown(true);
    await waitFor(() => s.engine.status().holds.offline !== null);
    // Probed while down (not a fixed wait: the probes themselves are counted).
    const refusedBefore = h.sandbox.ledger.counts().faults.network_down;
    await waitFor(() => h?.sandbox.ledger.counts().faults.network_down !== refusedBefore);
    h.sandbox.control.setNetworkDown(false);
    expect(await s.engine.waitSettled()).toBe('complete');
    expectCorrectReadings(h, allJobs(s));
    // The hold was seen above (engine.status()); the pushed statuses are coalesced, and a hold
    // that begins and ends within one push interval (a busy machine stretches it) is not pushed.
    expect(s.engine.status().holds.offline).toBeNull();
    expectChargedOnce(h);
  });

  it('waits out the AI going offline: tasks wait, then finish', async () => {
    h = await harness({ photos: 10, duplicates: 0 });
    h.sandbox.control.setAiOnline(false);
    const s = h.open();
    await s.actions.addPhotos([h.photos]);
    await s.engine.start();
    await waitFor(() => s.engine.status().counts.submitted > 0);
    expect(s.engine.status().ai?.isOnline).toBe(false);
    await waitFor(() => allJobs(s).some((j) => j.remoteStatus?.includes('waiting_ai') ?? false));
    h.sandbox.control.setAiOnline(true);
    expect(await s.engine.waitSettled()).toBe('complete');
    expectCorrectReadings(h, allJobs(s));
  });
});
