// Which requests a round of polling makes (planPolls) and how often list polls may go (PollBudget):
// pure decisions, on a manual clock where time matters.
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../common/job-record';
import type { WindowView } from '../../main/api/pacer';
import { POLL_BURST, BURST_GAP_MS, PollBudget } from '../../main/engine/poll-budget';
import { planPolls } from '../../main/engine/polls';

const T0 = Date.UTC(2026, 10, 26, 9);

/** The fields planPolls reads; the rest of a job does not matter to it. */
function task(id: number, batchId: string | null = null): JobRecord {
  return { id, taskId: `t${String(id)}`, batchId } as JobRecord;
}

describe('a round of polls', () => {
  it('asks for one due single task directly while it is the only one in flight', () => {
    const { groups } = planPolls([task(1)], true, undefined, 1);
    expect(groups.map((g) => g.kind)).toEqual(['task']);
  });

  it('asks by list for one due task while others are in flight: it tells of them too', () => {
    const { groups } = planPolls([task(1)], true, undefined, 16);
    expect(groups.map((g) => g.kind)).toEqual(['list']);
    expect(groups[0]?.jobs.map((j) => j.id)).toEqual([1]);
  });

  it('makes no list when nothing is due, however much is in flight', () => {
    expect(planPolls([], true, undefined, 16).groups).toEqual([]);
  });

  it('without list polling, a batch through its endpoint and singles one by one', () => {
    const { groups } = planPolls([task(1, 'b1'), task(2, 'b1'), task(3)], false, undefined, 16);
    expect(groups.map((g) => g.kind).sort()).toEqual(['batch', 'task']);
  });
});

function window(predictedRemaining: number, resetAtMs: number): WindowView {
  return { predictedRemaining, resetAtMs } as WindowView;
}

describe('the poll budget', () => {
  it('saves up polls while none go, and lets them go in a burst a gap apart', () => {
    // 120 left over 10 s at half: one poll every 167 ms on average.
    const budget = new PollBudget(
      () => window(120, T0 + 10_000),
      () => 0.5,
    );
    let taken = 0;
    while (budget.take(T0)) taken++;
    expect(taken).toBe(POLL_BURST);
    expect(budget.nextGap(T0)).toBeGreaterThan(160);
    // After a quiet second the burst is there again, whole.
    expect(budget.nextGap(T0 + 1_000 + 167 * POLL_BURST)).toBe(BURST_GAP_MS);
    taken = 0;
    while (budget.take(T0 + 2_000)) taken++;
    expect(taken).toBe(POLL_BURST);
  });

  it('spends faster when the work left ends before the window does', () => {
    const slow = new PollBudget(
      () => window(40, T0 + 10_000),
      () => 0.5,
    );
    const soon = new PollBudget(
      () => window(40, T0 + 10_000),
      () => 0.5,
      () => 2_000,
    );
    expect(slow.spacing(T0)).toBe(500);
    expect(soon.spacing(T0)).toBe(100);
  });
});
