// What an order record tells about its meter, in MeterDesk's terms: the register (whole digits and
// decimals), the previous reading and date, billing's limits, the expected reading, the scheduled
// date and the file's date. The meters MeterDesk loads from an order file are built from these.
import type { MeterRecord } from '../meter-record';
import { daysBetween, numberText, numberValue, parseOrderDate } from './order-values';
import type { OrderRecord, ParsedOrderFile } from './order-records';

export interface OrderFacts {
  readonly digits: number | null;
  readonly decimals: number | null;
  /** Canonical number texts with a point. */
  readonly previous: string | null;
  readonly previousReadAt: string | null;
  readonly low: string | null;
  readonly high: string | null;
  readonly expected: string | null;
  /** yyyy-mm-dd. */
  readonly scheduledDate: string | null;
  readonly fileDate: string | null;
}

function int(text: string | undefined): number | null {
  return text !== undefined && /^\d{1,2}$/.test(text) ? Number(text) : null;
}

export function orderFacts(file: ParsedOrderFile, r: OrderRecord): OrderFacts {
  const { profile } = file;
  const v = r.values;
  const marked = profile.decimalMark !== undefined;
  const decimals = int(v.decimals) ?? (marked ? null : (profile.impliedDecimals ?? 0));
  const dials = int(v.dials);
  const digits = int(v.digits) ?? (dials !== null ? dials - (decimals ?? 0) : null);
  const how = { mark: marked ? file.decimalMark : null, implied: decimals ?? 0 };
  const num = (raw: string | undefined): string | null =>
    raw === undefined ? null : numberText(raw, how);
  const dates = profile.dates ?? 'auto';
  const date = (raw: string | undefined): string | null =>
    raw === undefined ? null : parseOrderDate(raw, dates);
  return {
    digits,
    decimals,
    previous: num(v.previousReading),
    previousReadAt: date(v.previousReadDate),
    low: num(v.lowLimit),
    high: num(v.highLimit),
    expected: num(v.expectedReading),
    scheduledDate: date(v.scheduledDate),
    fileDate: date(v.fileDate),
  };
}

/** The previous reading as the register shows it: whole digits padded to the register's. */
function registerText(value: string | null, digits: number | null): string | null {
  if (value === null) return null;
  const [whole = '0', fraction] = value.split('.');
  const trimmed = whole.replace(/^0+(?=\d)/, '');
  const padded = digits !== null ? trimmed.padStart(digits, '0') : trimmed;
  return fraction === undefined ? padded : `${padded}.${fraction}`;
}

/**
 * The meters of an order file, one per meter field: the first record of each key that names one
 * (duplicates and records without a key are not meters; a meter shared by registers is loaded
 * once, so its photos are matched, and its records stay not read).
 */
export function orderMeters(file: ParsedOrderFile): MeterRecord[] {
  const seen = new Set<string>();
  const meters: MeterRecord[] = [];
  for (const r of file.records) {
    if (r.role === 'duplicate' || r.role === 'no_key' || seen.has(r.meter)) continue;
    seen.add(r.meter);
    const f = orderFacts(file, r);
    const previous = registerText(f.previous, f.digits);
    const expected = numberValue(f.expected);
    const previousValue = numberValue(f.previous);
    const days =
      f.previousReadAt && f.scheduledDate ? daysBetween(f.previousReadAt, f.scheduledDate) : 0;
    // SAP's expected reading: its average use per day from the previous read to the scheduled one.
    const avg =
      expected !== null && previousValue !== null && days > 0 && expected >= previousValue
        ? (expected - previousValue) / days
        : null;
    const sequence = r.values.sequence !== undefined ? Number(r.values.sequence) : NaN;
    meters.push({
      meterId: r.meter,
      account: r.values.account ?? null,
      address: r.values.address ?? null,
      route: null,
      sequence: Number.isInteger(sequence) ? sequence : null,
      registerDigits: f.digits,
      registerDecimals: f.decimals,
      previousReading: previous,
      previousReadingValue: previousValue,
      previousReadAt: f.previousReadAt,
      avgDailyUse: avg,
    });
  }
  return meters;
}
