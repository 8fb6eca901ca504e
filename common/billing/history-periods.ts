// A meter's readings turned into periods of use. Estimates are skipped (billing's guess is no
// baseline: the next real reading spans both months); an exchange is bridged (the old meter's
// periods end with its removal reading, the new one's start from its installation reading, one
// history per point of supply); a reading below the one before is a rollover past all nines when the wrap is a believable amount, else the chain is
// broken there and no period spans the gap.
import { daysBetween, parseIsoStamp } from './calendar';
import type { HistoryReading, UsePeriod } from './history-types';

/** A wrap is believed when it means less than this share of the register's range. */
const MAX_WRAP_SHARE = 0.2;
/** A drop of up to this many units of the last digit is a digit caught turning: no use. */
const TURNING_DIGITS = 2;

export function readingValue(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

function wholeDigits(text: string): number {
  return (text.trim().split(/[.,]/)[0] ?? '').length;
}

function lastDigit(text: string): number {
  const fraction = text.trim().split(/[.,]/)[1];
  return fraction === undefined ? 1 : 10 ** -fraction.length;
}

const ORDER: Readonly<Record<HistoryReading['readType'], number>> = {
  actual: 1,
  customer: 1,
  estimated: 1,
  removal: 0,
  install: 2,
};

/** Oldest first; on one day the removal before the reading before the installation. */
export function sortReadings(readings: readonly HistoryReading[]): HistoryReading[] {
  // yyyy-mm-dd compares as text; localeCompare would be ten times slower for the same order.
  return [...readings].sort((a, b) =>
    a.readAt < b.readAt ? -1 : a.readAt > b.readAt ? 1 : ORDER[a.readType] - ORDER[b.readType],
  );
}

/** Units from `from` to `to` on one register: a rollover bridged, null when not believable. */
export function usedBetween(from: string, to: string): number | null {
  const a = readingValue(from);
  const b = readingValue(to);
  if (a === null || b === null) return null;
  if (b >= a) return b - a;
  if (a - b <= TURNING_DIGITS * Math.min(lastDigit(from), lastDigit(to)) + 1e-9) return 0;
  const range = 10 ** Math.max(wholeDigits(from), wholeDigits(to));
  const wrapped = range - a + b;
  return wrapped <= MAX_WRAP_SHARE * range ? wrapped : null;
}

export interface MeterPeriods {
  periods: UsePeriod[];
  /** The day of the last installation (exchange) seen, null when none. */
  lastExchange: string | null;
  /** The last reading a period can start from (never an estimate), null when none. */
  last: HistoryReading | null;
}

export function periodsOf(readings: readonly HistoryReading[]): MeterPeriods {
  const periods: UsePeriod[] = [];
  let anchor: HistoryReading | null = null;
  let lastExchange: string | null = null;
  for (const r of sortReadings(readings)) {
    if (r.readType === 'estimated' || readingValue(r.reading) === null) continue;
    if (r.readType === 'install') {
      // The new meter counts from here; the old one's use ended with its removal reading.
      lastExchange = r.readAt;
      anchor = r;
      continue;
    }
    if (anchor !== null) {
      const from = parseIsoStamp(anchor.readAt);
      const to = parseIsoStamp(r.readAt);
      const used = usedBetween(anchor.reading, r.reading);
      const days = from && to ? daysBetween(from, to) : 0;
      if (used !== null && days > 0)
        periods.push({ from: anchor.readAt, to: r.readAt, days, used });
    }
    // A removal ends the old meter: nothing counts from it until the installation.
    anchor = r.readType === 'removal' ? null : r;
  }
  return { periods, lastExchange, last: anchor };
}
