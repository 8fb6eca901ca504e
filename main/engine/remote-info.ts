// The service's quota and AI status as MeterDesk shows them: one mapping for the engine's status
// and for the direct calls the desktop app makes.
import type { AiInfo, QuotaInfo } from '../../common/engine-status';
import { quotaTotal } from '../../common/quota-pools';
import type { AiStatus, Quota } from '../api/schemas';

/** Readings left in every pool that applies (common/quota-pools.ts); null when unlimited. */
export function readingsLeft(q: Quota): number | null {
  return quotaTotal({
    remaining: q.remaining,
    dailyLimit: q.dailyLimit ?? null,
    isUnlimited: q.isUnlimited,
    monthlyRemaining: q.monthlyRemaining ?? null,
    monthlyBonusRemaining: q.monthlyBonusRemaining ?? null,
    fixedRemaining: q.fixedRemaining ?? null,
  });
}

export function toQuotaInfo(q: Quota, now: number): QuotaInfo {
  return {
    // What the account may still read, not the service's own `remaining` (it may be daily only).
    remaining: q.isUnlimited ? q.remaining : readingsLeft(q),
    dailyLimit: q.dailyLimit ?? null,
    used: q.used ?? null,
    dayTag: q.dayTag ?? null,
    isUnlimited: q.isUnlimited,
    checkedAt: new Date(now).toISOString(),
    accountType: q.accountType ?? null,
    monthlyRemaining: q.monthlyRemaining ?? null,
    monthlyBonusRemaining: q.monthlyBonusRemaining ?? null,
    fixedRemaining: q.fixedRemaining ?? null,
    nearestExpireAt: expiry(q.nearestExpireAt),
  };
}

/** `nearest_expire_at` as ISO 8601: the spec says "timestamp", seen as text or Unix seconds. */
function expiry(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' ? (value < 1e12 ? value * 1000 : value) : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
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
