// Billing's own checks from its own file, beside MeterDesk's (docs/billing-files.md): the limits
// window (readings, not consumption; wrapping past zero when high < low), the read-date window
// against the scheduled date, and the file's age. The code rule turns the limits into the code
// billing reads.

import type { OrderException } from './order-records';
import { daysBetween } from './order-values';

export type CodeCondition = 'normal' | 'high' | 'low' | 'verified' | 'zero' | 'negative';

export interface Limits {
  readonly low: number | null;
  readonly high: number | null;
  readonly previous: number | null;
}

/** Where a reading stands against billing's window: inside, or above/below it. */
export function outsideLimits(reading: number, l: Limits): 'high' | 'low' | null {
  const { low, high, previous } = l;
  if (low === null && high === null) return null;
  if (low !== null && high !== null && high < low) {
    // A wrapped window expects a rollover: [low, max] then [0, high].
    if (reading >= low || reading <= high) return null;
    if (previous === null) return 'high';
    return reading >= previous ? 'low' : 'high';
  }
  if (high !== null && reading > high) return 'high';
  if (low !== null && reading < low) return 'low';
  return null;
}

/**
 * The code rule: inside the window normal; outside high or low (a reading below the previous one
 * negative where the profile has such a code); a person's confirmation outside makes it verified;
 * a reading equal to the previous one is zero consumption where the profile has that code.
 */
export function codeCondition(
  reading: number,
  limits: Limits,
  opts: { personConfirmed: boolean; hasZero: boolean; hasNegative: boolean },
): CodeCondition {
  if (opts.hasZero && limits.previous !== null && reading === limits.previous) return 'zero';
  const outside = outsideLimits(reading, limits);
  if (outside === null) return 'normal';
  if (opts.personConfirmed) return 'verified';
  if (
    outside === 'low' &&
    opts.hasNegative &&
    limits.previous !== null &&
    reading < limits.previous
  )
    return 'negative';
  return outside;
}

/** Days a read date may lie from the scheduled one before billing is warned (Neptune 360: 7). */
export const READ_DATE_WINDOW_DAYS = 7;
/** An order file older than this is warned of (Neptune 360's import alert). */
export const FILE_AGE_DAYS = 35;

/** The file-age exception when the file was created over FILE_AGE_DAYS before `today`, else null. */
export function fileAgeException(created: string | null, today: string): OrderException | null {
  if (created === null) return null;
  const days = daysBetween(created, today);
  return days > FILE_AGE_DAYS
    ? {
        reason: 'file_age',
        key: '',
        line: 0,
        params: { fileDate: created, days, limit: FILE_AGE_DAYS },
      }
    : null;
}

/** The median of yyyy-mm-dd dates (the route's day where the file names none). */
export function medianDate(dates: readonly string[]): string | null {
  if (dates.length === 0) return null;
  const sorted = [...dates].sort();
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}
