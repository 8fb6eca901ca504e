// A route of simulated meters with 24 months of history, for the history benchmark (issue 33):
// houses with gardens use about 2.5x as much in July as in January, flats about 1.2x, businesses
// close in August and over Christmas; households go on holiday; leaks start at different periods;
// accounts fall vacant (some still use water); meters stop, slow down by 3 % a period, are
// exchanged; some history readings are estimates or the customer's; and in the current period the
// AI misreads some meters. Seeded: the same seed and month give the same route.
import { periodsOf } from '../../common/billing/history-periods';
import type { AccountStatus, HistoryReading, ReadType } from '../../common/billing/history-types';
import { Draw, MISREAD_KINDS, misreadOf, randomSource, type MisreadKind } from './meter-population';

export const METER_CLASSES = ['house', 'flat', 'business'] as const;
export type MeterClass = (typeof METER_CLASSES)[number];
export type RouteKind = 'normal' | 'leak' | 'stopped' | 'vacant_zero' | 'vacant_use' | 'slowing';

export interface RouteMeter {
  meterId: string;
  meterClass: MeterClass;
  status: AccountStatus;
  /** yyyy-mm-dd since when the status holds (vacant accounts). */
  statusSince: string | null;
  kind: RouteKind;
  /** The period the anomaly began, counted back from the current one (0: the current period). */
  onsetPeriodsAgo: number | null;
  exchanged: boolean;
  misread: MisreadKind | null;
  material: boolean;
  /** 25 readings (24 periods) before the current one, exchanges as removal + install rows. */
  history: HistoryReading[];
  /** What the route sheet says. */
  sheet: {
    previousReading: string;
    previousReadAt: string;
    avgDailyUse: number;
    registerDigits: number;
    registerDecimals: number;
  };
  current: { reading: string; trueReading: string; readAt: string };
}

const DAY_MS = 86_400_000;
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const HISTORY_PERIODS = 24;

/** Seasonal factor of a class on a day of the year (1 = its yearly mean, roughly). */
function seasonOf(cls: MeterClass, ms: number): number {
  const date = new Date(ms);
  const doy = (ms - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS;
  const wave = Math.cos((2 * Math.PI * (doy - 190)) / 365.25);
  if (cls === 'house') return Math.exp((Math.log(2.5) / 2) * wave);
  if (cls === 'flat') return Math.exp((Math.log(1.2) / 2) * wave);
  const month = date.getUTCMonth();
  const dom = date.getUTCDate();
  const closed = month === 7 || (month === 11 && dom >= 22) || (month === 0 && dom <= 3);
  return closed ? 0.45 : 1.05;
}

/** Yearly trend of a class (drier summers, water-saving flats). */
const TREND: Readonly<Record<MeterClass, number>> = { house: 0.04, flat: -0.02, business: 0 };

function shown(value: number, digits: number, decimals: number): string {
  const scale = 10 ** decimals;
  const range = 10 ** digits;
  const units = Math.floor((((value % range) + range) % range) * scale + 1e-9);
  const whole = String(Math.floor(units / scale)).padStart(digits, '0');
  return decimals === 0 ? whole : `${whole}.${String(units % scale).padStart(decimals, '0')}`;
}

export interface RouteOptions {
  meters: number;
  seed: number;
  /** The month of the current read (1-12) and its year. */
  year: number;
  month: number;
}

export function generateHistoryRoute(options: RouteOptions): RouteMeter[] {
  const d = new Draw(randomSource(options.seed * 1000 + options.month));
  return Array.from({ length: options.meters }, (_, i) =>
    generateMeter(d, `M${String(i + 1).padStart(5, '0')}`, options),
  );
}

function pickKind(d: Draw): RouteKind {
  const r = d.uniform(0, 1);
  if (r < 0.05) return 'leak';
  if (r < 0.075) return 'stopped';
  if (r < 0.095) return 'vacant_zero';
  if (r < 0.115) return 'vacant_use';
  if (r < 0.165) return 'slowing';
  return 'normal';
}

function generateMeter(d: Draw, meterId: string, o: RouteOptions): RouteMeter {
  const r = d.uniform(0, 1);
  const meterClass: MeterClass = r < 0.42 ? 'house' : r < 0.96 ? 'flat' : 'business';
  const base =
    meterClass === 'house'
      ? 0.35 * Math.exp(0.3 * d.normal())
      : meterClass === 'flat'
        ? 0.2 * Math.exp(0.35 * d.normal())
        : 2.5 * Math.exp(0.5 * d.normal());
  const sigma = Math.min(Math.max(0.17 * Math.exp(0.3 * d.normal()), 0.08), 0.35);
  const digits = d.chance(0.8) ? 5 : 6;
  const decimals = d.chance(0.7) ? 0 : 3;
  const kind = pickKind(d);
  const onset =
    kind === 'leak'
      ? d.int(1, 8)
      : kind === 'stopped'
        ? d.int(1, 15)
        : kind === 'vacant_zero' || kind === 'vacant_use'
          ? d.int(1, 10)
          : null;
  const exchangeAt = kind !== 'slowing' && d.chance(0.08) ? d.int(3, 20) : null;
  // Read days: the 15th of each month, give or take three days.
  const reads: number[] = [];
  for (let k = HISTORY_PERIODS + 1; k >= 1; k--) {
    const m = o.month - 1 - k;
    reads.push(Date.UTC(o.year, m, 15 + d.int(-3, 3)));
  }
  const start = reads[0] ?? 0;
  const leakFlow = base * d.uniform(0.5, 1.0);
  const vacantUse = d.uniform(0.2, 0.8);
  const holidays = new Set<number>();
  for (let p = 1; p <= HISTORY_PERIODS + 1; p++) {
    const month = new Date(reads[p] ?? 0).getUTCMonth();
    if (month >= 5 && month <= 7 && d.chance(0.1)) holidays.add(p);
  }
  let level = 0;
  let register = d.uniform(0, 10 ** digits * 0.98);
  let before = register;
  const history: HistoryReading[] = [];
  const readType = (p: number): ReadType =>
    p === 0 || p === HISTORY_PERIODS
      ? 'actual'
      : d.chance(0.04)
        ? 'estimated'
        : d.chance(0.1)
          ? 'customer'
          : 'actual';
  let trueText = '';
  for (let p = 0; p <= HISTORY_PERIODS + 1; p++) {
    const at = reads[p] ?? Date.UTC(o.year, o.month - 1, 15 + d.int(-3, 3));
    if (p > 0) {
      const from = reads[p - 1] ?? start;
      const ago = HISTORY_PERIODS + 1 - p;
      level += 0.02 * d.normal();
      let used = 0;
      for (let t = from; t < at; t += DAY_MS) {
        const years = (t - start) / (365.25 * DAY_MS);
        used += base * seasonOf(meterClass, t) * Math.exp(TREND[meterClass] * years + level);
      }
      used *= Math.exp(sigma * d.normal());
      if (holidays.has(p)) used *= 1 - d.int(7, 14) / ((at - from) / DAY_MS);
      const days = (at - from) / DAY_MS;
      if (onset !== null && ago <= onset) {
        if (kind === 'leak') used += leakFlow * days;
        if (kind === 'stopped' || kind === 'vacant_zero') used = 0;
        if (kind === 'vacant_use') used *= vacantUse;
      }
      if (kind === 'slowing') used *= 0.97 ** p;
      before = register;
      register += used;
    }
    const text = shown(register, digits, decimals);
    if (p === HISTORY_PERIODS + 1) {
      trueText = text;
      reads.push(at);
      break;
    }
    if (exchangeAt === p) {
      history.push({ readAt: day(at), reading: text, readType: 'removal' });
      register = d.int(0, 3);
      history.push({
        readAt: day(at),
        reading: shown(register, digits, decimals),
        readType: 'install',
      });
      continue;
    }
    const type = readType(p);
    // Billing's estimate: its own guess of the use since the last reading, often well off.
    const value = type === 'estimated' ? before + (register - before) * d.uniform(0.5, 1.6) : 0;
    const written = type === 'estimated' ? shown(value, digits, decimals) : text;
    history.push({ readAt: day(at), reading: written, readType: type });
  }
  const last = history.at(-1) as HistoryReading;
  const readAt = day(reads.at(-1) ?? 0);
  const misreadKind = kind === 'normal' || kind === 'slowing' ? pickMisread(d) : null;
  const read =
    misreadKind === null ? trueText : misreadOf(d, trueText, misreadKind, Number(trueText));
  const trueUse = Math.max(Number(trueText) - Number(last.reading), 0);
  const error = Math.abs(Number(read) - Number(trueText));
  const vacant = kind === 'vacant_zero' || kind === 'vacant_use';
  return {
    meterId,
    meterClass,
    status: vacant ? 'vacant' : 'active',
    statusSince: vacant ? day(reads[HISTORY_PERIODS - (onset ?? 0)] ?? 0) : null,
    kind,
    onsetPeriodsAgo: onset,
    exchanged: exchangeAt !== null,
    misread: read === trueText ? null : misreadKind,
    material: read !== trueText && error > 3 && error > 0.5 * trueUse,
    history,
    sheet: {
      previousReading: last.reading,
      previousReadAt: last.readAt,
      avgDailyUse: yearAverage(history),
      registerDigits: digits,
      registerDecimals: decimals,
    },
    current: { reading: read, trueReading: trueText, readAt },
  };
}

function pickMisread(d: Draw): MisreadKind | null {
  return d.chance(0.15) ? d.pick(MISREAD_KINDS) : null;
}

/** What the route sheet prints: the last twelve months' use per day (the billing system's). */
function yearAverage(history: readonly HistoryReading[]): number {
  const { periods } = periodsOf(history);
  const year = periods.slice(-12);
  const used = year.reduce((a, p) => a + p.used, 0);
  const days = year.reduce((a, p) => a + p.days, 0);
  return days > 0 ? Math.round((used / days) * 1000) / 1000 : 0;
}
