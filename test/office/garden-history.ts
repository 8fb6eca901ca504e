// A route of garden houses with two years of monthly history (drawn as the history checks' tests
// draw theirs, test/billing/history/seasonal-history.ts): 2.5 times the water in July as in
// January, each house a little apart, and one meter that stopped two periods ago. What the office
// history tests import at one desk and read at another.
import type { HistoryReading } from '../../common/billing/history-types';
import {
  monthlyHistory as history,
  MONTHS,
  season,
  wiggle,
} from '../billing/history/seasonal-history';

export const GARDENS = 30;

/** Every meter's history: G0..G29 gardens, S stopped since April 2026. */
export function gardenRoute(): Map<string, HistoryReading[]> {
  const out = new Map<string, HistoryReading[]>();
  for (let m = 0; m < GARDENS; m++)
    out.set(
      `G${String(m)}`,
      history((i) => 0.4 * season(i - 0.5) * wiggle(m, i)),
    );
  out.set(
    'S',
    history((i) => (i >= MONTHS - 2 ? 0 : 0.4 * season(i - 0.5))),
  );
  return out;
}

/** The history file a billing system gives: meter_id,read_at,reading,read_type. */
export function historyCsv(route: ReadonlyMap<string, readonly HistoryReading[]>): string {
  const lines = ['meter_id,read_at,reading,read_type'];
  for (const [meter, readings] of route)
    for (const r of readings) lines.push(`${meter},${r.readAt},${r.reading},${r.readType}`);
  return `${lines.join('\n')}\n`;
}

/** The route sheet: each meter's last reading as the previous one, its class and status. */
export function gardenSheet(route: ReadonlyMap<string, readonly HistoryReading[]>): string {
  const lines = [
    'meter_id;route;sequence;digits;decimals;previous_reading;previous_read_at;avg_daily_use;meter_class;account_status',
  ];
  let n = 0;
  for (const [meter, readings] of route) {
    const last = readings.at(-1);
    // S is a flat's meter: its stop must not move the gardens' season.
    const meterClass = meter.startsWith('G') ? 'Garten' : 'Wohnung';
    lines.push(
      `${meter};GARDEN;${String(++n)};5;0;${last?.reading ?? ''};${last?.readAt ?? ''};0.4;${meterClass};active`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The reading `used` m³ after the meter's last one. */
export function readingAfter(readings: readonly HistoryReading[], used: number): string {
  return String(Number(readings.at(-1)?.reading ?? 0) + used).padStart(5, '0');
}
