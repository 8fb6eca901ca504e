// The CLI's progress line while the quota holds is worded from the numbers, with the same English
// template as the log line: the service's own summary is not MeterDesk's sentence.
import { describe, expect, it } from 'vitest';
import { engineText } from '../../common/engine-messages';
import { idleStatus, type EngineStatus } from '../../common/engine-status';
import { emptyCounts } from '../../common/job-record';
import { holdLine } from '../../main/cli/progress';

function quotaHeld(remaining: number | null): EngineStatus {
  const idle = idleStatus(emptyCounts());
  return {
    ...idle,
    running: true,
    holds: { ...idle.holds, quota: { since: '2026-01-01T00:00:00Z', remaining, nextCheckAt: 0 } },
  };
}

describe('holdLine: the quota hold', () => {
  it('says what is left from the numbers', () => {
    expect(holdLine(quotaHeld(0))).toBe('Quota exhausted: no readings left; the rest stays queued');
    expect(holdLine(quotaHeld(null))).toBe(
      'Quota exhausted: no readings left; the rest stays queued',
    );
    expect(holdLine(quotaHeld(2))).toBe(
      'Quota exhausted: only 2 readings left; the rest stays queued',
    );
  });

  it('is the log line’s template, one English for both', () => {
    expect(holdLine(quotaHeld(1))).toBe(engineText('quotaExhausted', { remaining: 1 }));
    expect(holdLine(quotaHeld(1))).toContain('only 1 reading left');
  });
});
