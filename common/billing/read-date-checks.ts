// Read dates a clerk should look at: a date in the future, or one far from the rest of the
// route's photos (a camera whose clock was never set, or reset by a flat battery). Pure: "now" is
// passed in, so the window, the engine and the tests agree on it.
import { humanDate, MS_PER_DAY, parseIsoStamp, type IsoParts } from './calendar';

export interface DatedPhoto {
  /** The caller's handle for the photo (a job id, a path). */
  key: string;
  readAt: string;
  source: 'exif' | 'file_time';
  offsetKnown: boolean;
}

export interface ReadDateConfig {
  /** A photo further than this from the median of the route's other photos is flagged. */
  maxDaysFromMedian: number;
  /** The median needs this many other photos to mean something. */
  minOtherPhotos: number;
}

export const DEFAULT_READ_DATE_CONFIG: ReadDateConfig = { maxDaysFromMedian: 7, minOtherPhotos: 3 };

export type ReadDateCode =
  'read_date.future' | 'read_date.far_from_route' | 'read_date.file_time' | 'read_date.unreadable';

/** A flag is its code and parameters; the English is worded from them (readDateEnglish). */
export interface ReadDateFlag {
  key: string;
  level: 'warning';
  code: ReadDateCode;
  params: Record<string, string | number>;
}

/** Wall-clock times may be up to 14 hours ahead of UTC; only beyond that are they surely future. */
const WALL_CLOCK_SLACK_MS = 14 * 3_600_000;
const CLOCK_SKEW_MS = 10 * 60_000;

export function checkReadDates(
  photos: readonly DatedPhoto[],
  now: Date,
  config: ReadDateConfig = DEFAULT_READ_DATE_CONFIG,
): ReadDateFlag[] {
  const flags: ReadDateFlag[] = [];
  const parsed: { photo: DatedPhoto; parts: IsoParts }[] = [];
  for (const photo of photos) {
    const parts = parseIsoStamp(photo.readAt);
    if (parts === null) {
      flags.push({
        key: photo.key,
        level: 'warning',
        code: 'read_date.unreadable',
        params: { readAt: photo.readAt },
      });
      continue;
    }
    parsed.push({ photo, parts });
    if (photo.source === 'file_time') {
      flags.push({
        key: photo.key,
        level: 'warning',
        code: 'read_date.file_time',
        params: { readAt: photo.readAt },
      });
    }
    const slack = photo.offsetKnown ? CLOCK_SKEW_MS : CLOCK_SKEW_MS + WALL_CLOCK_SLACK_MS;
    if (parts.ms > now.getTime() + slack) {
      flags.push({
        key: photo.key,
        level: 'warning',
        code: 'read_date.future',
        params: { readAt: photo.readAt, now: now.toISOString() },
      });
    }
  }
  const sorted = parsed.map((p) => p.parts.ms).sort((a, b) => a - b);
  if (sorted.length - 1 < config.minOtherPhotos) return flags;
  for (const { photo, parts } of parsed) {
    const median = medianWithout(sorted, parts.ms);
    const days = (parts.ms - median) / MS_PER_DAY;
    if (Math.abs(days) <= config.maxDaysFromMedian) continue;
    flags.push({
      key: photo.key,
      level: 'warning',
      code: 'read_date.far_from_route',
      params: {
        readAt: photo.readAt,
        days: Math.round(days),
        median: new Date(median).toISOString(),
        limit: config.maxDaysFromMedian,
      },
    });
  }
  return flags;
}

/** The median of `sorted` with one occurrence of `value` taken out. */
function medianWithout(sorted: readonly number[], value: number): number {
  const skip = lowerBound(sorted, value);
  const at = (i: number) => sorted[i < skip ? i : i + 1] ?? 0;
  const n = sorted.length - 1;
  return n % 2 === 1 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}

function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type FlagParams = ReadDateFlag['params'];

/** Each flag in English, from its parameters: what the CSV's reasons and the CLI say. */
const READ_DATE_ENGLISH: { readonly [C in ReadDateCode]: (p: FlagParams) => string } = {
  'read_date.unreadable': (p) => `The read date "${String(p.readAt)}" cannot be read.`,
  'read_date.file_time': (p) =>
    `The photo has no EXIF date; its file time (${stampOf(p.readAt)}) was used, which changes when files are copied.`,
  'read_date.future': (p) =>
    `Taken ${stampOf(p.readAt)}, which is in the future: the camera's clock is probably wrong.`,
  'read_date.far_from_route': (p) => {
    const days = Number(p.days);
    const around = stampOf(p.median, false);
    return `Taken ${stampOf(p.readAt)}, ${Math.abs(days)} days ${days > 0 ? 'after' : 'before'} most of this route's photos (around ${around}): check the camera's clock.`;
  },
};

export function readDateEnglish(flag: { code: ReadDateCode; params: FlagParams }): string {
  return READ_DATE_ENGLISH[flag.code](flag.params);
}

function stampOf(value: string | number | undefined, withTime = true): string {
  const parts = parseIsoStamp(String(value));
  if (parts === null) return String(value);
  return withTime ? stamp(parts) : humanDate(parts);
}

function stamp(parts: IsoParts): string {
  return parts.time === null ? humanDate(parts) : `${humanDate(parts)} ${parts.time.slice(0, 5)}`;
}
