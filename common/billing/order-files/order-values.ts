// Numbers and dates as order files write them, both ways: implied decimals ("0000010095" with one
// is 1009.5) or a decimal mark; YYYYMMDD, MMDDYYYY, dd.mm.yyyy. A reading is padded to the
// record's decimals and never rounded: one that does not fit is refused with the reason.
import type { DatePattern } from './profile';

/** A number field as canonical text with a point ("1009.5"), or null when it is not a number. */
export function numberText(
  raw: string,
  how: { mark: string | null; implied: number },
): string | null {
  const text = raw.trim();
  if (how.mark === null) {
    if (!/^\d+$/.test(text)) return null;
    if (how.implied === 0) return text;
    const padded = text.padStart(how.implied + 1, '0');
    return `${padded.slice(0, -how.implied).replace(/^0+(?=\d)/, '')}.${padded.slice(-how.implied)}`;
  }
  const point = how.mark === ',' ? text.replace(',', '.') : text;
  return /^\d+(\.\d+)?$/.test(point) ? point : null;
}

export function numberValue(text: string | null): number | null {
  if (text === null) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export type ReadingFit =
  | { ok: true; whole: string; significant: string; fraction: string }
  | { ok: false; why: 'digits' | 'decimals' | 'not_a_number' };

/** The reading split to the register: decimals padded (never rounded), whole digits checked. */
export function fitReading(
  reading: string,
  register: { digits: number | null; decimals: number | null },
): ReadingFit {
  const m = /^(\d*)(?:[.,](\d*))?$/.exec(reading.trim());
  if (!m || (m[1] ?? '') + (m[2] ?? '') === '') return { ok: false, why: 'not_a_number' };
  const whole = m[1] === '' || m[1] === undefined ? '0' : m[1];
  let fraction = m[2] ?? '';
  const decimals = register.decimals ?? fraction.length;
  if (fraction.length > decimals) {
    // Dropping zeros changes nothing; dropping anything else would be rounding.
    if (/[^0]/.test(fraction.slice(decimals))) return { ok: false, why: 'decimals' };
    fraction = fraction.slice(0, decimals);
  }
  fraction = fraction.padEnd(decimals, '0');
  const significant = whole.replace(/^0+(?=\d)/, '');
  if (register.digits !== null && significant.length > register.digits && significant !== '0')
    return { ok: false, why: 'digits' };
  return { ok: true, whole, significant, fraction };
}

/** An order file's date → yyyy-mm-dd, or null. */
export function parseOrderDate(raw: string, pattern: DatePattern): string | null {
  const t = raw.trim();
  const iso = (y: string, m: string, d: string): string | null => {
    const date = new Date(`${y}-${m}-${d}T00:00:00Z`);
    return Number.isNaN(+date) || date.getUTCDate() !== Number(d) ? null : `${y}-${m}-${d}`;
  };
  const tryPattern = (p: Exclude<DatePattern, 'auto'>): string | null => {
    let m: RegExpExecArray | null;
    switch (p) {
      case 'YYYYMMDD':
        m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
        return m ? iso(m[1] ?? '', m[2] ?? '', m[3] ?? '') : null;
      case 'MMDDYYYY':
        m = /^(\d{2})(\d{2})(\d{4})$/.exec(t);
        return m ? iso(m[3] ?? '', m[1] ?? '', m[2] ?? '') : null;
      case 'DD.MM.YYYY':
        m = /^(\d{2})[./](\d{2})[./](\d{4})$/.exec(t);
        return m ? iso(m[3] ?? '', m[2] ?? '', m[1] ?? '') : null;
      case 'YYYY-MM-DD':
        m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
        return m ? iso(m[1] ?? '', m[2] ?? '', m[3] ?? '') : null;
    }
  };
  if (pattern !== 'auto') return tryPattern(pattern);
  return tryPattern('YYYY-MM-DD') ?? tryPattern('DD.MM.YYYY') ?? tryPattern('YYYYMMDD');
}

/** The pattern a sample date is written in (the file's own style), ISO when unclear. */
export function patternOf(sample: string | null): Exclude<DatePattern, 'auto'> {
  const t = sample?.trim() ?? '';
  if (/^\d{2}\.\d{2}\.\d{4}$/.test(t)) return 'DD.MM.YYYY';
  if (/^\d{8}$/.test(t)) return 'YYYYMMDD';
  return 'YYYY-MM-DD';
}

/** yyyy-mm-dd in a pattern. */
export function formatOrderDate(iso: string, pattern: Exclude<DatePattern, 'auto'>): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  switch (pattern) {
    case 'YYYYMMDD':
      return `${y}${m}${d}`;
    case 'MMDDYYYY':
      return `${m}${d}${y}`;
    case 'DD.MM.YYYY':
      return `${d}.${m}.${y}`;
    case 'YYYY-MM-DD':
      return `${y}-${m}-${d}`;
  }
}

/** hh:mm:ss in HHmmss, HHmm or HH:mm. */
export function formatOrderTime(time: string, pattern: 'HHmmss' | 'HHmm' | 'HH:mm'): string {
  const [h = '00', m = '00', s = '00'] = time.split(':');
  if (pattern === 'HHmmss') return `${h}${m}${s}`;
  if (pattern === 'HHmm') return `${h}${m}`;
  return `${h}:${m}`;
}

/** Whole days from one yyyy-mm-dd to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
