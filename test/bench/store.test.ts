// Smoke test of the store benchmark: it runs end to end on a small queue and its figures are
// coherent. No timing thresholds (machines are noisy; bench/ measures speed).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PRODUCT_INSERT_CHUNK } from '../../bench/lib/queue-jobs';
import { renderTable } from '../../bench/lib/table';
import { runStore, storeTable } from '../../bench/store';

describe('store benchmark', () => {
  it('inserts in the chunks addPaths uses', async () => {
    const source = await readFile(
      new URL('../../main/engine/add-paths.ts', import.meta.url),
      'utf8',
    );
    expect(source).toMatch(new RegExp(`const INSERT_CHUNK = ${PRODUCT_INSERT_CHUNK};`));
  });

  it('runs every part on a queue of 200 jobs and reports sane figures', async () => {
    const report = await runStore({
      quick: true,
      jobs: 200,
      singleJobs: 20,
      startupRuns: 1,
      log: () => undefined,
    });
    expect(report.insert.rows).toBe(200);
    expect(report.insert.queued).toBe(200);
    expect(report.insert.calls).toBe(1);
    expect(report.insert.perS).toBeCloseTo(200 / (report.insert.totalMs / 1000), 6);

    const batch = report.batchCycle;
    expect(batch.jobs).toBe(200);
    expect(batch.perCall).toBe(8);
    expect(batch.steps.markUploading.calls).toBe(25);
    const updatesMs =
      batch.steps.markUploading.totalMs +
      batch.steps.markSubmitted.totalMs +
      batch.steps.applyResults.totalMs;
    expect(batch.updatesPerS).toBeCloseTo(200 / (updatesMs / 1000), 6);
    expect(report.singleCycle.jobs).toBe(20);
    expect(report.singleCycle.steps.applyResults.calls).toBe(20);
    expect(report.singleCycle.updatesPerS).toBeGreaterThan(0);

    const [run] = report.startup.runs;
    expect(report.startup.runs).toHaveLength(1);
    expect(run?.firstUpload).toMatch(/^POST \/api\/open\/(tasks|batches)$/);
    expect(run?.firstUploadMs).toBeGreaterThan(0);
    // Same clock (the worker's): opened, then the first job marked, which goes beside the first
    // reads and so may come before start() resolves (it waits for them).
    expect(run?.openMs).toBeLessThanOrEqual(run?.startResolvedMs ?? 0);
    expect(run?.openMs).toBeLessThanOrEqual(run?.firstMarkedMs ?? 0);
    expect(run?.firstMarkedMs).not.toBeNull();
    // The sandbox's quota is unlimited: start-up does not count distinct photos (finding S1).
    expect(run?.spent['jobs.pendingDistinctPhotos']?.calls ?? 0).toBe(0);
    expect(run?.counts.total).toBe(200);
    expect(run?.counts.done).toBe(0);
    expect(report.startup.medianFirstUploadMs).toBe(run?.firstUploadMs);
    expect(report.startup.status.calls).toBe(run?.statusMs.length);

    expect(report.dbBytes.queued).toBeGreaterThan(0);
    // Done rows carry results and three history events each.
    expect(report.dbBytes.done).toBeGreaterThan(report.dbBytes.queued);

    const table = storeTable(report);
    const first = table.rows.find((r) => String(r[0]).includes('first upload'));
    expect(first?.[6]).toBe(report.startup.medianFirstUploadMs < 1000 ? 'yes' : 'no');
    expect(renderTable(table)).toContain('insertScanned');
  });
});
