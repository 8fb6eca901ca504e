// What deserves the person's attention outside the window: an OS notification when a run finishes
// or stops on something only they can fix (key rejected, permission denied, quota exhausted), and
// the taskbar/dock progress and badge. Pure logic over successive engine statuses; the shell shows
// the result.
import { engineText } from '../../common/engine-messages';
import type { EngineStatus } from '../../common/engine-status';
import type { DesktopNotice, ProgressState } from '../../common/ipc/backend-views';

export interface AttentionUpdate {
  readonly notices: readonly DesktopNotice[];
  /** Set when the progress bar or badge should change. */
  readonly progress: ProgressState | null;
}

function inProgress(s: EngineStatus): number {
  return s.counts.queued + s.counts.uploading + s.counts.submitted;
}

function finished(s: EngineStatus): number {
  return s.counts.done + s.counts.failed + s.counts.rejected;
}

function plural(n: number, word: string): string {
  return `${String(n)} ${word}${n === 1 ? '' : 's'}`;
}

export class AttentionTracker {
  private previous: EngineStatus | null = null;
  /** Finished jobs when the current run began, so the bar shows this run, not all time. */
  private runBase = 0;
  private lastProgress: ProgressState | null = null;

  update(status: EngineStatus): AttentionUpdate {
    const prev = this.previous;
    this.previous = status;
    const notices: DesktopNotice[] = [];
    const busyNow = inProgress(status);
    const busyBefore = prev ? inProgress(prev) : 0;
    if (busyNow > 0 && busyBefore === 0) this.runBase = finished(status);

    if (prev && busyBefore > 0 && busyNow === 0) {
      const c = status.counts;
      const parts = [`${plural(c.done, 'reading')} done`];
      if (c.photosToReview) parts.push(`${String(c.photosToReview)} photos to review`);
      if (c.failed) parts.push(`${String(c.failed)} failed`);
      notices.push({
        kind: 'finished',
        title: 'All photos are read',
        body: `${parts.join(', ')}.`,
      });
    }
    const auth = status.holds.auth;
    if (auth && auth.kind !== prev?.holds.auth?.kind) {
      notices.push(
        auth.kind === 'key_rejected'
          ? {
              kind: 'key_rejected',
              title: 'The API key was rejected',
              body: 'Nothing is being sent. Open Settings and enter a valid key.',
            }
          : {
              kind: 'permission_denied',
              title: 'The service refused access',
              body: `${auth.message} Nothing is being sent until this is fixed.`,
            },
      );
    }
    if (status.holds.quota && !prev?.holds.quota) {
      const held = engineText('quotaExhausted', { remaining: status.holds.quota.remaining ?? -1 });
      notices.push({
        kind: 'quota_exhausted',
        title: 'Quota used up',
        body: `${held}; sending continues when quota is available.`,
      });
    }

    const runTotal = busyNow + finished(status) - this.runBase;
    const fraction =
      busyNow > 0 && runTotal > 0
        ? Math.floor(((finished(status) - this.runBase) / runTotal) * 100) / 100
        : null;
    const progress: ProgressState = { fraction, badge: status.counts.photosToReview };
    const changed =
      this.lastProgress?.fraction !== progress.fraction ||
      this.lastProgress.badge !== progress.badge;
    if (changed) this.lastProgress = progress;
    return { notices, progress: changed ? progress : null };
  }
}
