// Two years of monthly readings with a garden's season (issue 33's shapes): what the history
// checks' tests draw their meters from, and the office's garden route too, so that both judge the
// same water (they were drawn twice, a copy each).
import type { HistoryReading } from '../../../common/billing/history-types';

/** June 2024 to June 2026. */
export const MONTHS = 25;
const day = (i: number): string => new Date(Date.UTC(2024, 5 + i, 15)).toISOString().slice(0, 10);
/** A garden's season: 2.5 times as much water in July as in January. */
export const season = (i: number): number =>
  Math.exp((Math.log(2.5) / 2) * Math.cos((2 * Math.PI * (((5 + i) % 12) - 6)) / 12));
/** Each house a little apart from the next. */
export const wiggle = (m: number, i: number): number => 1 + 0.08 * Math.sin(m * 7.1 + i * 2.3);

/** Monthly actual readings from June 2024 to June 2026; `use(i)` is period i's daily use. */
export function monthlyHistory(use: (i: number) => number): HistoryReading[] {
  let level = 1000;
  return Array.from({ length: MONTHS }, (_, i) => {
    if (i > 0) level += use(i) * 30;
    return {
      readAt: day(i),
      reading: String(Math.round(level)).padStart(5, '0'),
      readType: 'actual',
    };
  });
}
