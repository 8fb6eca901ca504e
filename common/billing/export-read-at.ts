// The one time-zone rule of the export's read_at (docs/billing.md, "Export"): the office's local
// date and time, the office being the time zone of the computer that writes the export.
// - A stamp with an offset or in UTC (a camera that recorded its offset, a file time, a typed
//   reading's moment) is converted into the office's zone: file times and typed readings are kept
//   in UTC, and an auditor must not find 23:30 of the day before on a morning's reading.
// - A camera's wall clock without an offset is taken as the office's local time: cameras are set
//   to the time where they are used, and that is where the office is.
// - A date alone stays that date: there is no time to move.
// ISO writes the office's offset for that moment (so every ISO read_at carries one); the other
// date formats write the local wall time, as the office's billing system reads them.
import { parseIsoStamp } from './calendar';

/** A read date in the office's zone: yyyy-mm-dd, hh:mm:ss (null for a date alone) and ±hh:mm. */
export interface OfficeStamp {
  readonly date: string;
  readonly time: string | null;
  readonly offset: string | null;
}

/** The time zone of this computer: the office's, by the rule above. */
export function officeTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock at `ms` as the zone's rules have it (Intl: about 10 µs a call). */
function exactWallAt(ms: number, zone: string): Wall {
  const wall: Wall = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatIn(zone).formatToParts(ms)) {
    if (part.type in wall) wall[part.type as keyof Wall] = Number(part.value);
  }
  return wall;
}

function wallMs(w: Wall): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

function exactOffsetMs(ms: number, zone: string): number {
  return wallMs(exactWallAt(ms, zone)) - Math.floor(ms / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
/**
 * The zone's offset over each whole UTC hour in which it did not change (null: it changed within
 * that hour), by zone and hour: an export of 100,000 rows asked Intl twice a row (2.5 s), while
 * its stamps fall in a few hundred hours. Bounded, so a long-running process does not grow it.
 */
const steadyHours = new Map<string, number | null>();
const STEADY_HOURS_KEPT = 50_000;

/** The zone's offset at `ms` in milliseconds (whole seconds). */
function offsetMs(ms: number, zone: string): number {
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${zone}\u0000${String(hour)}`;
  let steady = steadyHours.get(key);
  if (steady === undefined) {
    const start = hour * HOUR_MS;
    const first = exactOffsetMs(start, zone);
    // No zone changes its offset twice within an hour: equal at both ends, equal throughout.
    steady = exactOffsetMs(start + HOUR_MS - 1000, zone) === first ? first : null;
    if (steadyHours.size >= STEADY_HOURS_KEPT) steadyHours.clear();
    steadyHours.set(key, steady);
  }
  return steady ?? exactOffsetMs(ms, zone);
}

function wallAt(ms: number, zone: string): Wall {
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offsetMs(ms, zone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(ms: number, zone: string): number {
  return Math.round(offsetMs(ms, zone) / 60_000);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${sign}${hh}:${mm}`;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** The stamp by the rule above; null when it is not an ISO date or stamp. */
export function officeStamp(stamp: string, zone: string): OfficeStamp | null {
  const parts = parseIsoStamp(stamp);
  if (parts === null) return null;
  if (parts.time === null) return { date: parts.date, time: null, offset: null };
  if (parts.offset !== null) {
    const wall = wallAt(parts.ms, zone);
    return {
      date: `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)}`,
      time: `${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`,
      offset: offsetText(offsetMinutes(parts.ms, zone)),
    };
  }
  // A wall clock: the instant it names in the zone (twice, for the hour a clock change moves).
  const guess = parts.ms - offsetMinutes(parts.ms, zone) * 60_000;
  const instant = parts.ms - offsetMinutes(guess, zone) * 60_000;
  return { date: parts.date, time: parts.time, offset: offsetText(offsetMinutes(instant, zone)) };
}

/** The stamp by the rule above as ISO (`2026-11-11T00:30:00+01:00`); unreadable text as it is. */
export function officeIso(stamp: string, zone: string): string {
  const local = officeStamp(stamp, zone);
  if (local === null) return stamp;
  return local.time === null ? local.date : `${local.date}T${local.time}${local.offset ?? ''}`;
}
