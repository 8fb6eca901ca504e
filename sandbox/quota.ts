// Quota (spec 2.3, 7, 8.4). Only `fresh` results are charged. Tasks that may still end fresh
// (queued, running, waiting_ai) hold a reservation from submission until they are final, and a
// submission is refused when the reservations would exceed what is left: the daily limit can never
// be overspent, however many tasks are in flight. Cached results need no reservation.

import { msUntilNextUtcMidnight, utcDayTag } from './clock';
import type { Clock } from './clock';
import { DEFAULTS, UNLIMITED_REMAINING } from './options';
import type { AccountType, QuotaRemainingMode, UserSpec } from './options';

export interface QuotaView {
  account_type: AccountType;
  daily_limit: number;
  used: number;
  remaining: number;
  day_tag: string;
  is_unlimited: boolean;
  monthly_remaining: number;
  monthly_bonus_remaining: number;
  fixed_remaining: number;
  nearest_expire_at: string | null;
  quota_summary_text: string;
}

export interface QuotaPatch {
  accountType?: AccountType;
  dailyLimit?: number;
  /** Sets today's used count (and the daily pool's consumption). */
  used?: number;
  unlimited?: boolean;
  monthlyRemaining?: number;
  monthlyBonusRemaining?: number;
  fixedRemaining?: number;
  nearestExpireAt?: string | null;
}

export class QuotaAccount {
  accountType: AccountType;
  dailyLimit: number;
  unlimited: boolean;
  monthlyRemaining: number;
  monthlyBonusRemaining: number;
  fixedRemaining: number;
  nearestExpireAt: string | null;
  /** Tasks in flight that may still be charged. */
  reserved = 0;
  private dayTag: string;
  /** Charges taken from the daily pool on dayTag. */
  private dailyUsed = 0;
  /** All charges on dayTag (reported as `used`). */
  private usedToday = 0;

  constructor(
    private readonly clock: Clock,
    spec: UserSpec,
  ) {
    this.accountType = spec.accountType ?? 'free';
    const defaultDaily = this.accountType === 'free' ? DEFAULTS.dailyQuota : 0;
    this.dailyLimit = spec.dailyQuota ?? defaultDaily;
    this.unlimited = spec.unlimited ?? false;
    this.monthlyRemaining = spec.monthlyRemaining ?? 0;
    this.monthlyBonusRemaining = spec.monthlyBonusRemaining ?? 0;
    this.fixedRemaining = spec.fixedRemaining ?? 0;
    this.nearestExpireAt = spec.nearestExpireAt ?? null;
    this.dayTag = utcDayTag(clock.now());
  }

  /** The daily count refers to one UTC day; the first look after midnight starts a new one. */
  private rollover(): void {
    const today = utcDayTag(this.clock.now());
    if (today !== this.dayTag) {
      this.dayTag = today;
      this.dailyUsed = 0;
      this.usedToday = 0;
    }
  }

  private dailyLeft(): number {
    return Math.max(0, this.dailyLimit - this.dailyUsed);
  }

  /** All pools minus the charges so far; in-flight reservations are not subtracted. */
  gross(): number {
    this.rollover();
    if (this.unlimited) return Number.POSITIVE_INFINITY;
    return (
      this.dailyLeft() + this.monthlyRemaining + this.monthlyBonusRemaining + this.fixedRemaining
    );
  }

  /** What can still be submitted for a fresh run: all pools minus in-flight reservations. */
  available(): number {
    return Math.max(0, this.gross() - this.reserved);
  }

  reserve(count: number): void {
    this.reserved += count;
  }

  release(count: number): void {
    this.reserved = Math.max(0, this.reserved - count);
  }

  /** Turns one reservation into a charge. Order of pools: spec 8.4.2 and 8.4.3. */
  charge(): void {
    this.rollover();
    this.release(1);
    this.usedToday += 1;
    if (this.unlimited) return;
    const takeDaily = (): boolean => {
      if (this.dailyLeft() === 0) return false;
      this.dailyUsed += 1;
      return true;
    };
    if (this.accountType === 'free' && takeDaily()) return;
    if (this.monthlyRemaining > 0) this.monthlyRemaining -= 1;
    else if (this.monthlyBonusRemaining > 0) this.monthlyBonusRemaining -= 1;
    else if (this.fixedRemaining > 0) this.fixedRemaining -= 1;
    else if (!takeDaily()) this.dailyUsed += 1; // only reachable after a control lowered limits
  }

  apply(patch: QuotaPatch): void {
    this.rollover();
    if (patch.accountType !== undefined) this.accountType = patch.accountType;
    if (patch.dailyLimit !== undefined) this.dailyLimit = patch.dailyLimit;
    if (patch.used !== undefined) {
      this.dailyUsed = patch.used;
      this.usedToday = patch.used;
    }
    if (patch.unlimited !== undefined) this.unlimited = patch.unlimited;
    if (patch.monthlyRemaining !== undefined) this.monthlyRemaining = patch.monthlyRemaining;
    if (patch.monthlyBonusRemaining !== undefined) {
      this.monthlyBonusRemaining = patch.monthlyBonusRemaining;
    }
    if (patch.fixedRemaining !== undefined) this.fixedRemaining = patch.fixedRemaining;
    if (patch.nearestExpireAt !== undefined) this.nearestExpireAt = patch.nearestExpireAt;
  }

  /** Today's count back to zero (reservations of tasks in flight stay). */
  resetDay(): void {
    this.rollover();
    this.dailyUsed = 0;
    this.usedToday = 0;
  }

  /** Seconds until the daily pool refills (Retry-After on quota_exhausted). */
  secondsUntilRefill(): number {
    return Math.max(1, Math.ceil(msUntilNextUtcMidnight(this.clock.now()) / 1000));
  }

  /**
   * `remaining` is what admission allows ('available', the sandbox's reading) or, as some
   * deployments count it, pools minus charges ('gross'): then it ignores tasks in flight and can
   * exceed what the service will still accept; or the daily pool alone ('daily'), as deployments
   * do that show the packages only in their own fields.
   */
  view(mode: QuotaRemainingMode = 'available'): QuotaView {
    const figure = this.figure(mode);
    const remaining = Number.isFinite(figure) ? figure : UNLIMITED_REMAINING;
    return {
      account_type: this.accountType,
      daily_limit: this.dailyLimit,
      used: this.usedToday,
      remaining,
      day_tag: this.dayTag,
      is_unlimited: this.unlimited,
      monthly_remaining: this.monthlyRemaining,
      monthly_bonus_remaining: this.monthlyBonusRemaining,
      fixed_remaining: this.fixedRemaining,
      nearest_expire_at: this.nearestExpireAt,
      quota_summary_text: this.summaryText(remaining, mode === 'available'),
    };
  }

  private figure(mode: QuotaRemainingMode): number {
    if (mode === 'gross') return this.gross();
    if (mode === 'available') return this.available();
    this.rollover();
    return this.unlimited ? Number.POSITIVE_INFINITY : this.dailyLeft();
  }

  private summaryText(remaining: number, tellsHeld: boolean): string {
    if (this.unlimited) return `Unlimited quota; ${this.usedToday} recognitions used today.`;
    const parts = [
      `${this.accountType === 'free' ? 'Free' : 'Paid'} account: ${this.usedToday} recognitions used on ${this.dayTag} (daily limit ${this.dailyLimit}), ${remaining} remaining`,
    ];
    if (tellsHeld && this.reserved > 0) {
      parts.push(`${this.reserved} held by tasks in progress`);
    }
    const packages = this.monthlyRemaining + this.monthlyBonusRemaining + this.fixedRemaining;
    if (packages > 0) {
      parts.push(
        `packages: ${this.monthlyRemaining} monthly, ${this.monthlyBonusRemaining} bonus, ${this.fixedRemaining} fixed`,
      );
    }
    return `${parts.join('; ')}.`;
  }
}
