// What an account may still read, from the pools the quota answer lists (spec 2.3, 8.4). One
// rule for the engine (what it may send) and the window (what it shows).
//
// Deployments differ on what `remaining` counts (the spec does not say): all pools, or only the
// daily one (0 for a paid account without a daily limit, whatever its packages hold). The daily
// pool never holds more than `daily_limit`, so a `remaining` within it is read as the daily
// figure and the package pools are added to it; one beyond it already counts them. Reading more
// than is truly left costs nothing: the service refuses with 429 quota_exhausted and creates no
// task, and only that answer proves the quota spent.

/** The quota answer's figures, as MeterDesk keeps them (null: the service did not send it). */
export interface QuotaPoolFigures {
  readonly remaining: number | null;
  readonly dailyLimit: number | null;
  readonly isUnlimited: boolean;
  readonly monthlyRemaining: number | null;
  readonly monthlyBonusRemaining: number | null;
  readonly fixedRemaining: number | null;
}

/** Readings the package pools hold (periodic, bonus and fixed), 0 when none are given. */
export function packagesHeld(q: QuotaPoolFigures): number {
  return (q.monthlyRemaining ?? 0) + (q.monthlyBonusRemaining ?? 0) + (q.fixedRemaining ?? 0);
}

/**
 * Whether what is left is the daily pool alone, so words may say "today": not when a package
 * holds readings, nor for an account without a daily limit (a paid one living on packages).
 */
export function quotaIsDaily(q: QuotaPoolFigures): boolean {
  return packagesHeld(q) === 0 && q.dailyLimit !== 0;
}

/** Readings left in every pool that applies; null when unlimited or not known. */
export function quotaTotal(q: QuotaPoolFigures): number | null {
  if (q.isUnlimited || q.remaining === null) return null;
  const packages = packagesHeld(q);
  if (packages === 0) return q.remaining;
  // Without a daily limit to compare with, the larger figure: a paid account lives on packages.
  if (q.dailyLimit === null) return Math.max(q.remaining, packages);
  return q.remaining <= q.dailyLimit ? q.remaining + packages : q.remaining;
}

/**
 * The daily pool's part of a total (QuotaInfo's `remaining`, already quotaTotal): what is left
 * when the packages are taken out; null when unlimited or not known.
 */
export function dailyPart(total: number | null, q: QuotaPoolFigures): number | null {
  return total === null || q.isUnlimited ? null : Math.max(0, total - packagesHeld(q));
}
