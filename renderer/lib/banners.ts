// Every paused or blocked state as one banner: what happened, what MeterDesk does about it and what
// the person can do. Pure, so each state's wording is tested without a window.
import type { AiInfo, EngineHolds, EngineStatus, QuotaInfo } from '../../common/engine-status';
import type { KeyStatus, ServiceView } from '../../common/ipc';
import { pendingOf } from './throughput';
import { formatCount, plural } from './format';
import { atAndIn, quotaResetAt } from './holds';

export type BannerAction = 'retry' | 'settings' | 'resume';
export type BannerId =
  | 'not_configured'
  | 'paused'
  | 'offline'
  | 'quota'
  | 'key_rejected'
  | 'permission_denied'
  | 'settings'
  | 'ai_offline'
  | 'key_storage';

export interface Banner {
  readonly id: BannerId;
  readonly tone: 'info' | 'warn' | 'bad';
  readonly title: string;
  readonly body: string;
  /** Epoch ms of the next automatic check, shown as a countdown. */
  readonly nextCheckAt: number | null;
  readonly actions: readonly BannerAction[];
}

export interface BannerInput {
  readonly status: EngineStatus;
  readonly service: ServiceView;
  readonly key: KeyStatus;
  /** The freshest AI status (the engine's or the window's own reading). */
  readonly ai: AiInfo | null;
  /** The freshest quota reading; its count replaces the one the hold started with. */
  readonly quota?: QuotaInfo | null;
  /** Epoch ms now, for the quota's reset time; default Date.now(). */
  readonly now?: number;
}

/**
 * The quota left, counted one way wherever it is shown (widget and banner): the freshest reading's
 * count, or, when the service refused a submission after that reading, the count it refused with.
 */
export function quotaLeft(
  quota: QuotaInfo | null,
  hold: EngineHolds['quota'],
): { remaining: number | null; limit: number | null } {
  const limit = quota?.dailyLimit ?? null;
  const fresh = quota !== null && (!hold || Date.parse(quota.checkedAt) > Date.parse(hold.since));
  if (fresh) return { remaining: quota.remaining, limit };
  return { remaining: hold ? (hold.remaining ?? 0) : null, limit };
}

export function quotaCountText(left: { remaining: number | null; limit: number | null }): string {
  const remaining = left.remaining ?? 0;
  if (left.limit !== null && left.limit > 0) {
    return `${formatCount(remaining)} of ${formatCount(left.limit)} readings left today.`;
  }
  return `${plural(remaining, 'reading', 'readings')} left today.`;
}

/** A message as a sentence: one final full stop, whatever the source ended with. */
function sentence(text: string): string {
  const t = text.trim().replace(/[.\s]+$/, '');
  return t === '' ? '' : `${t}.`;
}

export function bannersFor({
  status,
  service,
  key,
  ai,
  quota,
  now = Date.now(),
}: BannerInput): Banner[] {
  const out: Banner[] = [];
  const { holds } = status;
  const waiting = pendingOf(status.counts);
  const stay = waiting > 0 ? `${plural(waiting, 'photo stays', 'photos stay')} queued.` : '';

  if (service.problem || service.kind === 'none') {
    out.push({
      id: 'not_configured',
      tone: 'warn',
      title: 'Not connected to the reading service',
      body: `${sentence(service.problem ?? 'No service is set up yet')} Photos you add are kept and sent once it is set up.`,
      nextCheckAt: null,
      actions: ['settings'],
    });
  }
  if (holds.auth?.kind === 'key_rejected') {
    out.push({
      id: 'key_rejected',
      tone: 'bad',
      title: 'The service refused the API key',
      body: `${sentence(holds.auth.message)} Nothing is sent until a valid key is saved. ${stay}`.trim(),
      nextCheckAt: null,
      actions: ['settings'],
    });
  }
  if (holds.auth?.kind === 'permission_denied') {
    out.push({
      id: 'permission_denied',
      tone: 'bad',
      title: 'The API key is not allowed to do this',
      body: `${sentence(holds.auth.message)} Ask whoever manages the account to grant the permission or to allow this computer's IP address, then retry. ${stay}`.trim(),
      nextCheckAt: null,
      actions: ['retry', 'settings'],
    });
  }
  if (holds.settings) {
    out.push({
      id: 'settings',
      tone: 'bad',
      title: 'The service refuses a setting',
      body: `${sentence(holds.settings.message)} Change it in Settings. ${stay}`.trim(),
      nextCheckAt: null,
      actions: ['settings'],
    });
  }
  if (holds.offline) {
    out.push({
      id: 'offline',
      tone: 'warn',
      title: 'The service cannot be reached',
      body: `${sentence(holds.offline.reason)} Nothing is lost: MeterDesk keeps trying by itself. ${stay}`.trim(),
      nextCheckAt: holds.offline.nextProbeAt,
      actions: ['retry'],
    });
  }
  if (holds.quota) {
    const reset = quotaResetAt(quota?.dayTag ?? null, now);
    // No "retry": asking again cannot make quota; the engine checks by itself (the countdown).
    out.push({
      id: 'quota',
      tone: 'warn',
      title: "Today's reading quota is used up",
      body: `${quotaCountText(quotaLeft(quota ?? null, holds.quota))} Quota resets at ${atAndIn(reset, now)}. ${stay || 'New photos stay queued.'} They are sent then; readings already under way still arrive. To read them sooner, ask whoever manages the account for more quota.`,
      nextCheckAt: holds.quota.nextCheckAt,
      actions: [],
    });
  }
  if (ai && !ai.isOnline) {
    out.push({
      id: 'ai_offline',
      tone: 'warn',
      title: 'The reading AI is offline',
      body: `New photos wait at the service until it is back${ai.queueCount ? ` (${plural(ai.queueCount, 'task', 'tasks')} waiting)` : ''}. Photos it has read before may come back with a historical result from an older AI: those are flagged for review.`,
      nextCheckAt: null,
      actions: [],
    });
  }
  if (status.paused) {
    out.push({
      id: 'paused',
      tone: 'info',
      title: 'Paused',
      body: `Nothing new is sent. Readings already at the service still arrive. ${stay}`.trim(),
      nextCheckAt: null,
      actions: ['resume'],
    });
  }
  if (key.isSet && key.backend.warning) {
    out.push({
      id: 'key_storage',
      tone: 'info',
      title: 'The API key is not in the system keychain',
      body: key.backend.warning,
      nextCheckAt: null,
      actions: [],
    });
  }
  return out;
}
