// What the history of a route's meters says about each class of meter (issue 33): its seasonal
// index by calendar month (a garden's July is 2.5 times its January, a flat's 1.2), its trend from
// one year to the next, and how far a meter's period strays from the expectation, measured by
// back-testing the expectation on each meter's last periods. Pure: the store hands the histories
// in, the checks and the inspection list read the model.
import { normaliseHeader } from './column-mapping';
import { expectationAt, type MeterSeries } from './history-expectation';
import { periodsOf } from './history-periods';
import type { AccountStatus, ClassModel, HistoryReading, UsePeriod } from './history-types';

/** A class needs this many meters with a year of history for a pattern of its own. */
export const MIN_CLASS_METERS = 8;
/** The last this many periods of each meter are predicted from the ones before them. */
const BACKTEST_PERIODS = 6;
/** The spread when nothing can be measured (a household's month-to-month variation). */
export const DEFAULT_SIGMA = 0.3;
/** Never narrower than this, whatever the back-test says (registers are truncated, people vary). */
const MIN_SIGMA = 0.08;

export interface HistoryMeterInput {
  meterId: string;
  readings: readonly HistoryReading[];
  meterClass: string | null;
  accountStatus: AccountStatus | null;
}

export type { ClassModel } from './history-types';

export interface RouteModel {
  classes: ReadonlyMap<string, ClassModel>;
  /** Every meter's periods, by meter id. */
  series: ReadonlyMap<string, MeterSeries>;
}

const DAY_MS = 86_400_000;

/** The calendar month (0-11) a period's middle falls in. */
export function monthOf(p: Pick<UsePeriod, 'from' | 'days'>): number {
  return new Date(Date.parse(p.from) + (p.days / 2) * DAY_MS).getUTCMonth();
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/** A robust standard deviation: 1.4826 × the median absolute deviation. */
export function robustSigma(values: readonly number[]): number {
  const m = median(values);
  return 1.4826 * median(values.map((v) => Math.abs(v - m)));
}

export function classKey(meterClass: string | null): string {
  return meterClass === null ? '' : normaliseHeader(meterClass);
}

/** Daily use per period against the meter's own mean, by month; null without a clean year. */
function monthRatios(periods: readonly UsePeriod[]): { month: number; ratio: number }[] | null {
  const days = periods.reduce((a, p) => a + p.days, 0);
  if (days < 330 || periods.some((p) => p.used === 0)) return null;
  const mean = periods.reduce((a, p) => a + p.used, 0) / days;
  return periods.map((p) => ({ month: monthOf(p), ratio: p.used / p.days / mean }));
}

function seasonOf(group: readonly UsePeriod[][]): number[] {
  const byMonth: number[][] = Array.from({ length: 12 }, () => []);
  for (const periods of group)
    for (const r of monthRatios(periods) ?? []) byMonth[r.month]?.push(r.ratio);
  const raw = byMonth.map((rs) => (rs.length > 0 ? median(rs) : NaN));
  const known = raw.filter((v) => Number.isFinite(v));
  const mean = known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  return raw.map((v) => (Number.isFinite(v) && mean > 0 ? v / mean : 1));
}

/** This year's use against last year's, the median over the meters with two clean years. */
function trendOf(group: readonly UsePeriod[][]): number {
  const logs: number[] = [];
  for (const periods of group) {
    const last = lastDays(periods, 0, 365);
    const before = lastDays(periods, 365, 730);
    if (last.days < 330 || before.days < 330 || last.used <= 0 || before.used <= 0) continue;
    logs.push(Math.log(last.used / last.days / (before.used / before.days)));
  }
  return logs.length >= MIN_CLASS_METERS ? Math.exp(median(logs)) : 1;
}

/** Use and days of the periods ending between `from` and `to` days before the meter's last. */
function lastDays(
  periods: readonly UsePeriod[],
  from: number,
  to: number,
): { used: number; days: number } {
  const end = Date.parse(periods.at(-1)?.to ?? '');
  let used = 0;
  let days = 0;
  for (const p of periods) {
    const ago = (end - Date.parse(p.to)) / DAY_MS;
    if (ago >= from && ago < to) {
      used += p.used;
      days += p.days;
    }
  }
  return { used, days };
}

export function buildRouteModel(meters: readonly HistoryMeterInput[]): RouteModel {
  const series = new Map<string, MeterSeries>();
  const groups = new Map<string, UsePeriod[][]>();
  for (const m of meters) {
    const { periods, lastExchange } = periodsOf(m.readings);
    series.set(m.meterId, { periods, lastExchange, classKey: classKey(m.meterClass) });
    // A vacant account's use says nothing about its class.
    if (m.accountStatus === 'vacant') continue;
    const key = classKey(m.meterClass);
    groups.set(key, [...(groups.get(key) ?? []), periods]);
  }
  const all = [...groups.values()].flat();
  const classes = new Map<string, ClassModel>();
  const fallback = fitClass('', all);
  classes.set('', fallback);
  for (const [key, group] of groups) {
    if (key === '') continue;
    const clean = group.filter((g) => monthRatios(g) !== null).length;
    if (clean >= MIN_CLASS_METERS) classes.set(key, fitClass(key, group));
  }
  return { classes, series };
}

function fitClass(key: string, group: readonly UsePeriod[][]): ClassModel {
  const provisional: ClassModel = {
    key,
    season: seasonOf(group),
    trend: trendOf(group),
    sigma: DEFAULT_SIGMA,
    meters: group.length,
  };
  const errors: number[] = [];
  for (const periods of group) errors.push(...backtestErrors(periods, provisional));
  const measured = errors.length >= 20 ? robustSigma(errors) : DEFAULT_SIGMA;
  return { ...provisional, sigma: Math.max(measured, MIN_SIGMA) };
}

/** ln(actual / expected) of a meter's last periods, each predicted from the ones before it. */
export function backtestErrors(periods: readonly UsePeriod[], model: ClassModel): number[] {
  const errors: number[] = [];
  for (let i = Math.max(periods.length - BACKTEST_PERIODS, 1); i < periods.length; i++) {
    const target = periods[i];
    if (target === undefined || target.used === 0) continue;
    const e = expectationAt(periods.slice(0, i), target, model);
    if (e === null) continue;
    errors.push(Math.log(target.used / target.days / e.perDay));
  }
  return errors;
}
