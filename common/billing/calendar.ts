// Calendar dates and ISO timestamps without time zones: a route sheet's dates are calendar days,
// and a camera's clock is local wall time with no zone, so neither goes through Date's local time.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MS_PER_DAY = 86_400_000;

/** Years a meter reading can plausibly carry; outside them a date is a typo or an unset clock. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;

export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) return false;
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  if (!Number.isInteger(day) || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const ISO_STAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export interface IsoParts {
  date: string;
  year: number;
  month: number;
  day: number;
  /** hh:mm:ss, or null for a plain date. */
  time: string | null;
  /** "Z" or "+02:00"; null when the stamp carries no zone (a camera's wall clock). */
  offset: string | null;
  /**
   * Milliseconds since the epoch: exact when `offset` is set, otherwise the wall time read as
   * UTC (at most 14 hours off, which is fine for counting days).
   */
  ms: number;
}

/** Splits "2026-10-12", "2026-10-12T08:15:30" or "2026-10-12T08:15:30+02:00"; null if not one. */
export function parseIsoStamp(text: string): IsoParts | null {
  const m = ISO_STAMP.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isCalendarDate(year, month, day)) return null;
  const [hh, mi, ss] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (hh > 23 || mi > 59 || ss > 59) return null;
  const zone = m[7] ?? null;
  const offset = zone === null || zone === 'Z' ? zone : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  let ms = Date.UTC(year, month - 1, day, hh, mi, ss);
  if (offset !== null && offset !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    ms -= sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
  }
  const time = m[4] === undefined ? null : `${m[4]}:${m[5] ?? '00'}:${m[6] ?? '00'}`;
  return { date: isoDate(year, month, day), year, month, day, time, offset, ms };
}

/** Whole calendar days from `from` to `to` (both yyyy-mm-dd or ISO stamps; their date parts). */
export function daysBetween(from: IsoParts, to: IsoParts): number {
  return Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) /
      MS_PER_DAY,
  );
}

/** "12 Oct 2026" (clerk-readable and the same in every locale). */
export function humanDate(parts: Pick<IsoParts, 'year' | 'month' | 'day'>): string {
  return `${parts.day} ${MONTHS[parts.month - 1] ?? '?'} ${parts.year}`;
}

/** humanDate of a stamp that parseIsoStamp accepts, else the text itself. */
export function humanDateOf(text: string): string {
  const parts = parseIsoStamp(text);
  return parts ? humanDate(parts) : text;
}

export { MS_PER_DAY };
