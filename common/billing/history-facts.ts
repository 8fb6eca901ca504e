// What a meter's history tells the check of one new reading (issue 33): the expected daily use for
// the period being read, with the meter's own spread; how many periods in a row it used nothing;
// and how far each of its last periods lay above the level it had a year before, for the leak
// step test. Computed from the route model (history-model.ts), handed to checkReading.
import { expectationAt, levelOf, type MeterSeries } from './history-expectation';
import { backtestErrors, DEFAULT_SIGMA, type ClassModel, type RouteModel } from './history-model';
import type { Expectation, UsePeriod } from './history-types';

/** How many periods' weight the class's spread carries against the meter's own back-test. */
const PRIOR_PERIODS = 6;
/** The meter's own spread stays within these multiples of its class's. */
const SIGMA_RANGE = [0.8, 1.5] as const;

export interface HistoryFacts {
  /** Null when the history is too short: the checks use the sheet's average. */
  expectation: Expectation | null;
  /** Periods just before this one that used nothing, and when the first of them began. */
  zeroPeriods: number;
  zeroSince: string | null;
  /**
   * The leak step test's inputs: the deseasonalised level (ln daily use / the class's seasonal
   * index) of each period before this one, oldest first (null: no use), the index for this
   * period, and the class's spread.
   */
  leak: { levels: readonly (number | null)[]; season: number; sigma: number } | null;
}

export function modelFor(model: RouteModel, series: MeterSeries): ClassModel {
  const own = model.classes.get(series.classKey);
  return (
    own ??
    model.classes.get('') ?? {
      key: '',
      season: Array.from({ length: 12 }, () => 1),
      trend: 1,
      sigma: DEFAULT_SIGMA,
      meters: 0,
    }
  );
}

function meterSigma(periods: readonly UsePeriod[], model: ClassModel): number {
  const own = backtestErrors(periods, model);
  const sum = own.reduce((a, e) => a + e * e, 0);
  const pooled = Math.sqrt((PRIOR_PERIODS * model.sigma ** 2 + sum) / (PRIOR_PERIODS + own.length));
  return Math.min(Math.max(pooled, SIGMA_RANGE[0] * model.sigma), SIGMA_RANGE[1] * model.sigma);
}

/** The facts for a reading whose period starts `from` (the previous reading) and lasts `days`. */
export function historyFactsFor(
  model: RouteModel,
  meterId: string,
  target: { from: string; days: number },
): HistoryFacts | null {
  const series = model.series.get(meterId);
  if (series === undefined) return null;
  const cls = modelFor(model, series);
  // Only what lies before the period being read: a re-check never compares a reading with itself.
  const before = series.periods.filter((p) => p.to <= target.from);
  const parts = expectationAt(before, target, cls);
  let zeroPeriods = 0;
  let zeroSince: string | null = null;
  for (let i = before.length - 1; i >= 0 && before[i]?.used === 0; i--) {
    zeroPeriods++;
    zeroSince = before[i]?.from ?? null;
  }
  const middle = new Date(Date.parse(target.from) + (target.days / 2) * 86_400_000);
  return {
    expectation:
      parts === null
        ? null
        : {
            basis: parts.basis,
            perDay: parts.perDay,
            sigma: meterSigma(before, cls),
            periods: parts.periods,
          },
    zeroPeriods,
    zeroSince,
    leak:
      parts === null
        ? null
        : {
            levels: before.map((p) => levelOf(p, cls)),
            season: cls.season[middle.getUTCMonth()] ?? 1,
            sigma: cls.sigma,
          },
  };
}
