// Smoke test of the throughput benchmark: it runs end to end on a few photos and its figures are
// coherent. No timing thresholds (machines are noisy; bench/ measures speed).
import { describe, expect, it } from 'vitest';
import {
  lastSendAtMs,
  lastSubmissionAtMs,
  lowerBound,
  minimumRequests,
} from '../../bench/lib/bounds';
import { scheduleBoundMs } from '../../bench/lib/service';
import { renderTable } from '../../bench/lib/table';
import { PROFILES, runThroughputCase } from '../../bench/throughput';

describe('throughput benchmark', () => {
  it('runs the engine over 20 photos and reports sane figures', async () => {
    const row = await runThroughputCase({
      variant: 'local',
      client: 'engine',
      mode: 'auto',
      photos: 20,
      // The figures' sanity, not the start: waiting for a window would only add idle seconds.
      startAt: 'now',
    });
    expect(row.run.kind).toBe('engine');
    expect(row.run.outcome).toBe('complete');
    expect(row.run.done).toBe(20);
    expect(row.run.tasksCreated).toBe(20);
    expect(row.run.wrongReadings).toBe(0);
    expect(row.run.chargedTwice).toBe(0);
    expect(row.run.discovery?.tasks).toBe(20);
    expect(row.run.scheduleBoundMs).toBeGreaterThan(0);
    // 20 photos fit in one window of 60 submissions: nothing may be refused.
    expect(row.http429).toBe(0);
    expect(row.wallMs).toBeGreaterThan(0);
    expect(row.bound.boundMs).toBeGreaterThan(0);
    expect(row.timeOverBound).toBeCloseTo(row.wallMs / row.bound.boundMs, 9);
    // At least one upload and one poll went out; everything counted was sent by the engine.
    expect(row.run.requests).toBeGreaterThanOrEqual(2);
    expect(row.requestsPerPhoto).toBeCloseTo(row.run.requests / 20, 9);
    // The ledger is read when the run settles; a background read (quota, AI status) may be on
    // its way then, counted by the pacer when sent and by the service when it arrives.
    if (row.run.kind === 'engine') {
      expect(row.run.pacer.requestsSent).toBeGreaterThanOrEqual(row.run.requests);
      expect(row.run.pacer.requestsSent).toBeLessThanOrEqual(row.run.requests + 2);
    }
  });

  it('runs the baseline script over 20 photos', async () => {
    const row = await runThroughputCase({
      variant: 'local',
      client: 'baseline',
      mode: null,
      photos: 20,
      startAt: 'now',
    });
    expect(row.run.kind).toBe('baseline');
    expect(row.run.outcome).toBe('complete');
    expect(row.run.done).toBe(20);
    expect(row.run.wrongReadings).toBe(0);
    expect(row.run.discovery?.tasks).toBe(20);
    // One upload and at least one poll per photo.
    expect(row.requestsPerPhoto).toBeGreaterThanOrEqual(2);
    if (row.run.kind === 'baseline') {
      expect(row.run.uploadRequests + row.run.pollRequests).toBe(row.run.requests);
    }
    expect(
      renderTable({ title: 't', columns: ['a', 'b'], rows: [['x', row.wallMs]], notes: [] }),
    ).toContain('| x ');
  });

  it('computes the lower bound from the windows, the list endpoint and the slots', () => {
    expect(lastSendAtMs(60, 60, 6000, 2000)).toBe(0);
    expect(lastSendAtMs(61, 60, 6000, 2000)).toBe(4000);
    expect(lastSendAtMs(2000, 60, 6000, 0)).toBe(33 * 6000);
    // A first window 100 ms from its end takes only one wave of 32 tasks; the rest go at its end.
    expect(lastSubmissionAtMs(61, 60, 6000, 5900, 32, 300)).toBe(100);
    // 200 tasks into a fresh 60 s window: waves of 32 every 300 ms, the 7th at 1.8 s.
    expect(lastSubmissionAtMs(200, 600, 60_000, 0, 32, 300)).toBe(1800);
    expect(minimumRequests(2000, 'single')).toBe(2000 + 20);
    expect(minimumRequests(2000, 'batch')).toBe(250 + 20);
    const b = lowerBound(PROFILES.local, 2000, 'batch', 0);
    expect(b.binding).toBe('submissions');
    expect(b.submissionsMs).toBe(33 * 6000 + 300);
    expect(b.concurrencyMs).toBe(25_000);
    expect(b.fluidMs.submissions).toBe(200_000);
    const slow = lowerBound(PROFILES['high-latency'], 2000, 'single', 1000);
    expect(slow.submissionsMs).toBe(33 * 6000 - 1000 + 300 + 150);
    expect(slow.requestsMs).toBe(22 * 6000 - 1000 + 150);
  });
});

describe('the schedule bound', () => {
  const at = (ms: number): string => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
  const task = (start: number, aiMs: number) => ({
    createdAt: at(start),
    finishedAt: at(start + aiMs),
  });

  it('cannot split a task across slots: 3 equal tasks on 2 slots take 2 rounds, not 1.5', () => {
    const tasks = [task(0, 1_000), task(0, 1_000), task(5, 1_000)];
    expect(scheduleBoundMs(tasks, 2, 150)).toBe(2 * 1_150);
  });

  it('gives the next task to the slot that is free first, in the order the tasks were made', () => {
    // Slot A: 400 then 1,000; slot B: 600 then 200. Ends at 1,400 + 2 answer delays of 100.
    const tasks = [task(3, 200), task(0, 400), task(1, 600), task(2, 1_000)];
    expect(scheduleBoundMs(tasks, 2, 100)).toBe(1_600);
  });

  it('leaves out tasks that never finished', () => {
    expect(scheduleBoundMs([{ createdAt: at(0), finishedAt: null }, task(0, 500)], 4, 0)).toBe(500);
  });
});
