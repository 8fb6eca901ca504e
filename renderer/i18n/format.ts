// Numbers and dates in the window follow the language spoken (decimal mark, digit grouping, date
// order). Readings keep their digits: "00838.7" in English is "00838,7" in German, never "838.7".
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
