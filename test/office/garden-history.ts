// A route of garden houses with two years of monthly history (issue 33's shapes, as
// test/billing/history/history-checks.test.ts draws them): 2.5 times the water in July as in
// January, each house a little apart, and one meter that stopped two periods ago. What the office
// history tests import at one desk and read at another.
import type { HistoryReading } from '../../common/billing/history-types';

const MONTHS = 25;
const day = (i: number): string => new Date(Date.UTC(2024, 5 + i, 15)).toISOString().slice(0, 10);
const season = (i: number): number =>
  Math.exp((Math.log(2.5) / 2) * Math.cos((2 * Math.PI * (((5 + i) % 12) - 6)) / 12));
const wiggle = (m: number, i: number): number => 1 + 0.08 * Math.sin(m * 7.1 + i * 2.3);

/** Monthly actual readings from June 2024 to June 2026; `use(i)` is period i's daily use. */
function history(use: (i: number) => number): HistoryReading[] {
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
