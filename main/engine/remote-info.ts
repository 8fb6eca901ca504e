// The service's quota and AI status as MeterDesk shows them: one mapping for the engine's status
// and for the direct calls the desktop app makes.
import type { AiInfo, QuotaInfo } from '../../common/engine-status';
import type { AiStatus, Quota } from '../api/schemas';

export function toQuotaInfo(q: Quota, now: number): QuotaInfo {
  return {
    remaining: q.remaining,
    dailyLimit: q.dailyLimit ?? null,
    used: q.used ?? null,
    dayTag: q.dayTag ?? null,
    isUnlimited: q.isUnlimited,
    summaryText: q.summaryText,
    checkedAt: new Date(now).toISOString(),
  };
}

export function toAiInfo(s: AiStatus, now: number): AiInfo {
  return {
    isOnline: s.isOnline,
    busy: s.busy ?? false,
    queueCount: s.queueCount ?? null,
    publicStatus: s.publicStatus ?? (s.isOnline ? 'online' : 'offline'),
    currentAiVersion: s.currentAiVersion ?? null,
    acceptsNewTasks: s.acceptsNewTasks,
    checkedAt: new Date(now).toISOString(),
  };
}
