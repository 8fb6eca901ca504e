// Numbers, durations and names as office staff read them: grouped digits, rounded durations, the
// last part of a path. Locale-aware through Intl, so a German office sees 1.234 and 12:30: the
// window's language when given (`lang`), else the system's.
import type { TFunction } from 'i18next';
import { englishT } from '../i18n/english';

const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** The Intl locale of a window language ('de', 'en', 'en-XA'); undefined is the system's. */
export function intlLocale(lang?: string): string | undefined {
  if (lang === undefined) return undefined;
  return lang === 'de' ? 'de-DE' : 'en-GB';
}

export function formatCount(n: number, lang?: string): string {
  return lang === undefined
    ? integer.format(n)
    : new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 0 }).format(n);
}

/** "1 photo", "2,340 photos". */
export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A wait or an ETA, rounded to what a person cares about: "45 s", "3 min", "1 h 20 min". */
export function formatDuration(ms: number, t: TFunction = englishT('app')): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return t('duration.s', { n: s });
  const min = Math.round(s / 60);
  if (min < 60) return t('duration.min', { n: min });
  const h = Math.floor(min / 60);
  const rest = min % 60;
  return rest === 0 ? t('duration.h', { n: h }) : t('duration.hMin', { h, min: rest });
}

/** Photos per minute, with one decimal below ten so a slow trickle does not read as zero. */
export function formatRate(perMinute: number, lang?: string): string {
  if (perMinute >= 10) return formatCount(Math.round(perMinute), lang);
  return (Math.round(perMinute * 10) / 10).toLocaleString(intlLocale(lang));
}

/** The last segment of a POSIX or Windows path. */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/).filter((p) => p !== '');
  return parts.at(-1) ?? path;
}

/** The folder part of a relative path ("" for a file at the top of the added folder). */
export function dirName(relPath: string): string {
  const i = Math.max(relPath.lastIndexOf('/'), relPath.lastIndexOf('\\'));
  return i < 0 ? '' : relPath.slice(0, i);
}

/** A moment of today as its time; of another day with the date in front. */
export function formatTime(iso: string, now = new Date(), lang?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const locale = intlLocale(lang);
  const time = d.toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  if (d.toDateString() === now.toDateString()) return time;
  return `${d.toLocaleDateString(locale, { month: 'short', day: 'numeric' })} ${time}`;
}

/** A day in the person's own format (quota expiry): "31 Dec 2030". */
export function formatDate(iso: string, lang?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(intlLocale(lang), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/**
 * A calendar day named by the service ("2026-11-24", its quota day) as a short tag: "24 Nov",
 * "24. Nov.". Read as that day wherever the window is, not shifted into the local time zone.
 */
export function formatDay(day: string, lang?: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(d.getTime())) return day;
  return d.toLocaleDateString(intlLocale(lang), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Sizes with the language's decimal mark: "1.5 MB", "1,5 MB". */
export function formatBytes(bytes: number, lang?: string): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  const n = (v: number, digits: number): string =>
    lang === undefined
      ? v.toFixed(digits)
      : v.toLocaleString(intlLocale(lang), {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
  if (bytes < 1024 * 1024) return `${n(bytes / 1024, 0)} KB`;
  return `${n(bytes / (1024 * 1024), 1)} MB`;
}
