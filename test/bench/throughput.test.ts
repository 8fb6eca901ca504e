// Smoke test of the throughput benchmark: it runs end to end on a few photos and its figures are
// coherent. No timing thresholds (machines are noisy; bench/ measures speed).
import { describe, expect, it } from 'vitest';
import {
  lastSendAtMs,
  lastSubmissionAtMs,
  lowerBound,
  minimumRequests,
} from '../../bench/lib/bounds';
import { renderTable } from '../../bench/lib/table';
import { PROFILES, runThroughputCase } from '../../bench/throughput';

describe('throughput benchmark', () => {
  it('runs the engine over 20 photos and reports sane figures', async () => {
    const row = await runThroughputCase({
      variant: 'local',
      client: 'engine',
      mode: 'auto',
      photos: 20,
    });
    expect(row.run.kind).toBe('engine');
    expect(row.run.outcome).toBe('complete');
    expect(row.run.done).toBe(20);
    expect(row.run.tasksCreated).toBe(20);
    expect(row.run.wrongReadings).toBe(0);
    expect(row.run.chargedTwice).toBe(0);
    expect(row.run.discovery?.tasks).toBe(20);
    // 20 photos fit in one window of 60 submissions: nothing may be refused.
    expect(row.http429).toBe(0);
    expect(row.wallMs).toBeGreaterThan(0);
    expect(row.bound.boundMs).toBeGreaterThan(0);
    expect(row.timeOverBound).toBeCloseTo(row.wallMs / row.bound.boundMs, 9);
    // At least one upload and one poll went out; everything counted was sent by the engine.
    expect(row.run.requests).toBeGreaterThanOrEqual(2);
    expect(row.requestsPerPhoto).toBeCloseTo(row.run.requests / 20, 9);
    if (row.run.kind === 'engine') expect(row.run.pacer.requestsSent).toBe(row.run.requests);
  });

  it('runs the baseline script over 20 photos', async () => {
    const row = await runThroughputCase({
      variant: 'local',
      client: 'baseline',
      mode: null,
      photos: 20,
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
