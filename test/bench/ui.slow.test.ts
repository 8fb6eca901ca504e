// Smoke test of the UI benchmark: it runs end to end on a small queue in Chromium and its figures
// are coherent. No timing thresholds (machines are noisy; bench/ measures speed).
import { describe, expect, it } from 'vitest';
import type { FrameStats } from '../../bench/lib/frames';
import { renderTable } from '../../bench/lib/table';
import { runUi, type Phase } from '../../bench/lib/ui-run';
import { QUICK_WORKLOAD, uiTable } from '../../bench/ui';
import { browserMissing } from '../e2e/harness';

const missing = browserMissing();

function expectOrdered(stats: FrameStats): void {
  expect(stats.frames).toBeGreaterThan(0);
  expect(stats.p50).toBeGreaterThan(0);
  expect(stats.p50).toBeLessThanOrEqual(stats.p95);
  expect(stats.p95).toBeLessThanOrEqual(stats.max);
  expect(stats.long).toBeLessThanOrEqual(stats.frames);
}

function expectPhase(phase: Phase): void {
  expectOrdered(phase.frames);
  expect(phase.work.frames).toBeGreaterThan(0);
  expect(phase.work.p95).toBeLessThanOrEqual(phase.work.max);
  expect(phase.cpu.renderer).toBeGreaterThan(0);
  expect(phase.cpu.node).toBeGreaterThanOrEqual(0);
}

describe.skipIf(missing !== null)('ui benchmark', () => {
  it('measures a small queue and reports coherent figures', async () => {
    const result = await runUi(
      {
        ...QUICK_WORKLOAD,
        rows: 2_000,
        loads: 1,
        idleMs: 300,
        scrollMs: 500,
        churnWarmMs: 1_200,
        churnMs: 600,
      },
      () => undefined,
    );
    expectOrdered(result.idleBlank);
    expectPhase(result.idleApp);
    expectPhase(result.scroll);
    expect(result.scroll.scrolledPx).toBeGreaterThan(0);
    expect(result.scroll.placeholderFrames).toBeLessThanOrEqual(result.scroll.frames.frames);
    for (const churn of [result.churnAll, result.churnInProgress]) {
      expectPhase(churn);
      expect(churn.changesPerSecond).toBeGreaterThan(0);
      expect(churn.pushedPerSecond).toBeGreaterThan(0);
    }
    const [load] = result.firstRender.loads;
    expect(result.firstRender.loads).toHaveLength(1);
    expect(load?.inDom).toBeGreaterThan(0);
    expect(load?.painted).toBeGreaterThanOrEqual(load?.inDom ?? Infinity);
    expect(result.firstRender.medianMs).toBe(load?.painted);
    for (const heap of Object.values(result.heap)) {
      expect(heap.usedMb).toBeGreaterThan(0);
      expect(heap.usedMb).toBeLessThanOrEqual(heap.totalMb);
    }
    const table = uiTable(result);
    expect(table.rows).toHaveLength(7);
    for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
    expect(renderTable(table)).toContain('frame interval ms, idle blank page (baseline)');
  }, 120_000);
});
