// The inspection list (issue 33, item 5): the meters worth a visit, most urgent first. Meters that
// used nothing for periods in a row on an active account come first (longest streak first), then
// use on vacant accounts, then meters whose deseasonalised use has fallen since their last
// exchange, by Sen's slope (the median of the slopes between every two periods: one odd period
// cannot make or hide a trend). A meter slowing 3 % a period shows a slope near −3 %; vacant
// accounts are left out of the trend (their use is no household's).
import { levelOf } from './history-expectation';
import { modelFor } from './history-facts';
import { median, type RouteModel } from './history-model';
import type { AccountStatus } from './history-types';

/** A trend needs this many periods with use since the last exchange. */
export const MIN_TREND_PERIODS = 6;
const DAY_MS = 86_400_000;
const MONTH_DAYS = 30.44;

export const INSPECTION_CODES = ['zero_streak', 'vacant_use', 'falling'] as const;
export type InspectionCode = (typeof INSPECTION_CODES)[number];

export interface InspectionRow {
  meterId: string;
  code: InspectionCode;
  /** zero_streak: count, since; vacant_use: used, unit-free, since; falling: percent a month, periods, since. */
  params: Readonly<Record<string, string | number>>;
}

/** Sen's slope of (t, y): the median of the pairwise slopes; null for fewer than two points. */
export function sensSlope(points: readonly { t: number; y: number }[]): number | null {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i];
      const b = points[j];
      if (a !== undefined && b !== undefined && b.t !== a.t) slopes.push((b.y - a.y) / (b.t - a.t));
    }
  return slopes.length === 0 ? null : median(slopes);
}

export function inspectionList(
  model: RouteModel,
  statuses: ReadonlyMap<string, AccountStatus | null>,
): InspectionRow[] {
  const zero: { row: InspectionRow; count: number }[] = [];
  const vacant: { row: InspectionRow; used: number }[] = [];
  const falling: { row: InspectionRow; slope: number }[] = [];
  for (const [meterId, series] of model.series) {
    const last = series.periods.at(-1);
    if (last === undefined) continue;
    const status = statuses.get(meterId) ?? null;
    if (status === 'vacant') {
      if (last.used > 0)
        vacant.push({
          row: { meterId, code: 'vacant_use', params: { used: last.used, since: last.from } },
          used: last.used,
        });
      continue;
    }
    let count = 0;
    let since = '';
    for (let i = series.periods.length - 1; i >= 0 && series.periods[i]?.used === 0; i--) {
      count++;
      since = series.periods[i]?.from ?? '';
    }
    if (count > 0) {
      zero.push({ row: { meterId, code: 'zero_streak', params: { count, since } }, count });
      continue;
    }
    const cls = modelFor(model, series);
    const start = series.lastExchange ?? '';
    const points = series.periods.flatMap((p) => {
      const y = p.from >= start ? levelOf(p, cls) : null;
      const t = (Date.parse(p.from) + (p.days / 2) * DAY_MS) / DAY_MS / MONTH_DAYS;
      return y === null ? [] : [{ t, y }];
    });
    if (points.length < MIN_TREND_PERIODS) continue;
    const slope = sensSlope(points);
    if (slope === null || slope >= 0) continue;
    const percent = Math.round((Math.exp(slope) - 1) * 1000) / 10;
    const from = series.periods.find((p) => p.from >= start)?.from ?? '';
    falling.push({
      row: { meterId, code: 'falling', params: { percent, periods: points.length, since: from } },
      slope,
    });
  }
  return [
    ...zero.sort((a, b) => b.count - a.count).map((z) => z.row),
    ...vacant.sort((a, b) => b.used - a.used).map((v) => v.row),
    ...falling.sort((a, b) => a.slope - b.slope).map((f) => f.row),
  ];
}
