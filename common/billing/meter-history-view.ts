// A meter's history as its detail shows it (issue 33, item 8): the last periods of use with the
// kind of reading that closed each, and the estimates in between (which open or close no period:
// billing's guess is no baseline, common/billing/history-periods.ts). Pure: the store's readings in,
// what the chart draws out.
import { periodsOf, sortReadings } from './history-periods';
import type { HistoryReading, ReadType } from './history-types';

/** How many periods the chart shows: two years of monthly reads. */
export const CHART_PERIODS = 24;

export interface HistoryPeriodView {
  readonly from: string;
  readonly to: string;
  readonly days: number;
  readonly used: number;
  /** The reading that closed it: actual, customer, or removal (the old meter's last). */
  readonly closedBy: ReadType;
}

export interface MeterHistory {
  readonly periods: readonly HistoryPeriodView[];
  /** Days (yyyy-mm-dd) of billing's estimates within the periods shown. */
  readonly estimates: readonly string[];
  /** Days the meter was exchanged (an installation reading) within the periods shown. */
  readonly exchanges: readonly string[];
}

export function meterHistoryOf(readings: readonly HistoryReading[]): MeterHistory | null {
  if (readings.length === 0) return null;
  const sorted = sortReadings(readings);
  const closing = new Map<string, ReadType>();
  for (const r of sorted) {
    if (r.readType !== 'estimated' && r.readType !== 'install') closing.set(r.readAt, r.readType);
  }
  const periods = periodsOf(sorted)
    .periods.slice(-CHART_PERIODS)
    .map((p) => ({ ...p, closedBy: closing.get(p.to) ?? 'actual' }));
  const since = periods[0]?.from ?? '';
  const within = (type: ReadType): string[] =>
    sorted.filter((r) => r.readType === type && r.readAt >= since).map((r) => r.readAt);
  return { periods, estimates: within('estimated'), exchanges: within('install') };
}
