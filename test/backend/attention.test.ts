// When to ask for the person's attention outside the window, from successive engine statuses.
import { describe, expect, it } from 'vitest';
import {
  idleStatus,
  noHolds,
  type EngineHolds,
  type EngineStatus,
} from '../../common/engine-status';
import { emptyCounts, type StateCounts } from '../../common/job-record';
import { AttentionTracker } from '../../main/backend/attention';

function status(counts: Partial<StateCounts>, holds: Partial<EngineHolds> = {}): EngineStatus {
  const c: StateCounts = { ...emptyCounts(), ...counts };
  c.total = c.queued + c.uploading + c.submitted + c.done + c.failed + c.rejected;
  return { ...idleStatus(c), running: true, holds: { ...noHolds(), ...holds } };
}

describe('AttentionTracker', () => {
  it('tells when a run finishes, with what needs a person', () => {
    const t = new AttentionTracker();
    expect(t.update(status({ done: 5 })).notices).toEqual([]);
    t.update(status({ done: 5, queued: 10 }));
    t.update(status({ done: 10, submitted: 5 }));
    const end = t.update(status({ done: 14, failed: 1, photosToReview: 2 }));
    expect(end.notices).toEqual([
      {
        kind: 'finished',
        title: 'All photos are read',
        body: '14 readings done, 2 photos to review, 1 failed.',
      },
    ]);
    expect(t.update(status({ done: 14, failed: 1, photosToReview: 2 })).notices).toEqual([]);
  });

  it('shows this run on the progress bar, not everything ever read', () => {
    const t = new AttentionTracker();
    t.update(status({ done: 100 }));
    expect(t.update(status({ done: 100, queued: 10 })).progress).toEqual({ fraction: 0, badge: 0 });
    expect(t.update(status({ done: 105, queued: 5 })).progress?.fraction).toBe(0.5);
    expect(t.update(status({ done: 105, queued: 5 })).progress).toBeNull();
    expect(t.update(status({ done: 110, photosToReview: 3 })).progress).toEqual({
      fraction: null,
      badge: 3,
    });
  });

  it('tells once when the key is rejected, access is denied or quota runs out', () => {
    const t = new AttentionTracker();
    t.update(status({ queued: 3 }));
    const rejected = t.update(
      status(
        { queued: 3 },
        { auth: { kind: 'key_rejected', message: 'API key rejected', permission: null } },
      ),
    );
    expect(rejected.notices.map((n) => n.kind)).toEqual(['key_rejected']);
    const again = t.update(
      status(
        { queued: 3 },
        { auth: { kind: 'key_rejected', message: 'API key rejected', permission: null } },
      ),
    );
    expect(again.notices).toEqual([]);
    const denied = t.update(
      status(
        { queued: 3 },
        { auth: { kind: 'permission_denied', message: 'IP not allowed.', permission: null } },
      ),
    );
    expect(denied.notices[0]).toMatchObject({ kind: 'permission_denied' });
    expect(denied.notices[0]?.body).toContain('IP not allowed.');
    const quota = t.update(
      status(
        { queued: 3 },
        {
          quota: { since: '', remaining: 0, nextCheckAt: 0 },
        },
      ),
    );
    expect(quota.notices).toEqual([
      {
        kind: 'quota_exhausted',
        title: 'Quota used up',
        body: 'Quota exhausted: no readings left; the rest stays queued; sending continues when quota is available.',
      },
    ]);
  });
});
