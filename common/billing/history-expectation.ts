// A meter's expected use for a period, from its own history and its class's pattern
// (history-model.ts). Three estimates of its deseasonalised daily level, averaged on a log scale:
// its recent level (the last six periods), its level a year ago times the class's trend, and the
// same period last year times the trend. Each times the class's seasonal index for the period's
// month. With a year-ago estimate the basis is "seasonal"; with recent periods alone "recent";
// without three usable periods there is none and the checks use the sheet's average as before.
import type { ClassModel } from './history-types';
import type { Expectation, UsePeriod } from './history-types';

export interface MeterSeries {
  periods: readonly UsePeriod[];
  lastExchange: string | null;
  classKey: string;
}

const DAY_MS = 86_400_000;
const RECENT_PERIODS = 6;
const MIN_RECENT = 3;
/** A period a year back counts as the same period when its middle is this close (days). */
const SAME_PERIOD_DAYS = 20;

// A period's middle and level are asked for again by every back-test of its meter: kept per
// period (and per class model for the level), as the periods are never changed once made.
const middles = new WeakMap<object, number>();
const levels = new WeakMap<ClassModel, WeakMap<UsePeriod, number | null>>();

const middle = (p: Pick<UsePeriod, 'from' | 'days'>): number => {
  const known = middles.get(p);
  if (known !== undefined) return known;
  const ms = Date.parse(p.from) + (p.days / 2) * DAY_MS;
  middles.set(p, ms);
  return ms;
};

function seasonAt(model: ClassModel, ms: number): number {
  return model.season[new Date(ms).getUTCMonth()] ?? 1;
}

/** ln(daily use / the class's seasonal index) of a period with use; null for a zero period. */
export function levelOf(p: UsePeriod, model: ClassModel): number | null {
  let byPeriod = levels.get(model);
  if (byPeriod === undefined) {
    byPeriod = new WeakMap();
    levels.set(model, byPeriod);
  }
  const known = byPeriod.get(p);
  if (known !== undefined) return known;
  const level =
    p.used <= 0 || p.days <= 0 ? null : Math.log(p.used / p.days / seasonAt(model, middle(p)));
  byPeriod.set(p, level);
  return level;
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

export interface ExpectationParts extends Expectation {
  /** The level a year ago times the trend, per day for this period; null without it. */
  yearAgoPerDay: number | null;
}

/**
 * The expected daily use over `target` (its start and length) from the periods before it, or
 * null when they are too few. `sigma` is the class's (the caller may narrow it to the meter).
 */
export function expectationAt(
  before: readonly UsePeriod[],
  target: Pick<UsePeriod, 'from' | 'days'>,
  model: ClassModel,
): ExpectationParts | null {
  const at = middle(target);
  const year = 365.25 * DAY_MS;
  const levels = before.flatMap((p) => {
    const level = levelOf(p, model);
    return level === null ? [] : [{ level, ago: at - middle(p) }];
  });
  const recent = levels.slice(-RECENT_PERIODS).map((l) => l.level);
  if (recent.length < MIN_RECENT) return null;
  const trend = Math.log(model.trend);
  const yearAgo = levels.filter((l) => l.ago >= year - 45 * DAY_MS && l.ago < 2 * year);
  const sameLastYear = levels.filter((l) => Math.abs(l.ago - year) <= SAME_PERIOD_DAYS * DAY_MS);
  const parts = [mean(recent)];
  const yearLevel = yearAgo.length >= 6 ? mean(yearAgo.map((l) => l.level)) + trend : null;
  if (yearLevel !== null) parts.push(yearLevel);
  const same = sameLastYear[0];
  if (same !== undefined && yearLevel !== null) parts.push(same.level + trend);
  const season = seasonAt(model, at);
  return {
    basis: yearLevel === null ? 'recent' : 'seasonal',
    perDay: Math.exp(mean(parts)) * season,
    sigma: model.sigma,
    periods: levels.length,
    yearAgoPerDay: yearLevel === null ? null : Math.exp(yearLevel) * season,
  };
}
