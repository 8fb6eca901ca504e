// Numbers and dates in the window follow the language spoken (decimal mark, digit grouping, date
// order). Readings keep their digits: "00838.7" in English is "00838,7" in German, never "838.7".
import { humanDate } from '../../common/billing/calendar';
import type { Language, PSEUDO } from './catalogues';

type Spoken = Language | typeof PSEUDO;

const localeOf = (lang: Spoken): string => (lang === 'de' ? 'de-DE' : 'en-GB');

export function decimalMark(lang: Spoken): string {
  return lang === 'de' ? ',' : '.';
}

/** A meter reading as the register shows it, leading zeros kept, with the language's decimal mark. */
export function formatReading(reading: string, lang: Spoken): string {
  return decimalMark(lang) === '.' ? reading : reading.replace('.', decimalMark(lang));
}

export function formatCount(n: number, lang: Spoken): string {
  return new Intl.NumberFormat(localeOf(lang)).format(n);
}

export function formatDateTime(ms: number, lang: Spoken): string {
  return new Intl.DateTimeFormat(localeOf(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(ms);
}

export function formatTime(ms: number, lang: Spoken): string {
  return new Intl.DateTimeFormat(localeOf(lang), { timeStyle: 'short' }).format(ms);
}

/** A calendar day ("2026-10-12") without a time zone: 12 Oct 2026 / 12.10.2026. */
export function formatDay(isoDay: string, lang: Spoken): string {
  const [y, m, d] = isoDay.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return isoDay;
  // English as main writes it in exports and sentences ("1 Sep 2026"; en-GB's Intl says "Sept").
  if (lang !== 'de') return humanDate({ year: y, month: m, day: d });
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.UTC(y, m - 1, d),
  );
}

/** Units used (m³), with the language's decimal mark and at most three decimals. */
export function formatAmount(n: number, lang: Spoken): string {
  return new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 3 }).format(n);
}

/** A share (0.125) as a percentage with one decimal: 12.5% / 12,5 %. */
export function formatShare(n: number, lang: Spoken): string {
  return new Intl.NumberFormat(localeOf(lang), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(n);
}

/** A rate with one decimal (decisions per hour): 2.5 / 2,5. */
export function formatRate(n: number, lang: Spoken): string {
  return new Intl.NumberFormat(localeOf(lang), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(n);
}
