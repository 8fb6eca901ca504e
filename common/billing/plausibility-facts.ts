// What every rule needs, worked out once: the parsed readings, the days between them, the expected
// consumption and the checks that decide both high/low and whether a rollover is believable.
import { daysBetween, parseIsoStamp, type IsoParts } from './calendar';
import { parseExact, type ExactDecimal } from './exact-decimal';
import { bandFor, type PlausibilityBand, type PlausibilityConfig } from './plausibility-config';
import type { PlausibilityInput } from './plausibility-types';

export interface ParsedReading extends ExactDecimal {
  text: string;
  wholeDigits: number;
  decimals: number;
}

export interface Facts {
  input: PlausibilityInput;
  config: PlausibilityConfig;
  reading: ParsedReading | null;
  previous: ParsedReading | null;
  readAt: IsoParts | null;
  previousAt: IsoParts | null;
  /** Calendar days from the previous reading; null without both dates. */
  days: number | null;
  /** avgDailyUse × days, when both are known and days > 0. */
  expected: number | null;
}

export function parseReading(text: string): ParsedReading | null {
  const exact = parseExact(text);
  if (exact === null) return null;
  const trimmed = text.trim();
  const whole = trimmed.split(/[.,]/)[0] ?? '';
  return { ...exact, text: trimmed, wholeDigits: whole.length, decimals: exact.scale };
}

export function gatherFacts(input: PlausibilityInput, config: PlausibilityConfig): Facts {
  const readAt = parseIsoStamp(input.readAt);
  const previousAt = input.previous?.readAt ? parseIsoStamp(input.previous.readAt) : null;
  const days = readAt && previousAt ? daysBetween(previousAt, readAt) : null;
  const avg = input.avgDailyUse;
  const expected = avg !== null && days !== null && days > 0 ? round(avg * days) : null;
  return {
    input,
    config,
    reading: parseReading(input.reading),
    previous: input.previous ? parseReading(input.previous.reading) : null,
    readAt,
    previousAt,
    days,
    expected,
  };
}

/** Float noise off (0.9 × 30 = 27.000000000000004), far below any meter's last digit. */
export function round(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

export interface HighLowVerdict {
  verdict: 'ok' | 'high' | 'low';
  band: PlausibilityBand;
  upper: number;
  lower: number;
  /** Consumption against expected, in percent (+90 = 90 % above). */
  deviation: number;
}

export function highLow(facts: Facts, consumption: number, expected: number): HighLowVerdict {
  const band = bandFor(facts.config, expected);
  const upper = round((expected * (100 + band.highPercent)) / 100);
  const lower = round((expected * (100 - band.lowPercent)) / 100);
  const deviation = ((consumption - expected) / expected) * 100;
  const within = Math.abs(consumption - expected) <= facts.config.absoluteTolerance;
  const verdict = within ? 'ok' : consumption > upper ? 'high' : consumption < lower ? 'low' : 'ok';
  return { verdict, band, upper, lower, deviation };
}

export interface DailyLimit {
  /** Units per day. */
  limit: number;
  kind: 'factor' | 'absolute';
}

/** The stricter of the configured limits that apply; null when none does. */
export function dailyLimit(facts: Facts): DailyLimit | null {
  const { maxFactor, maxUnitsPerDay } = facts.config.dailyJump;
  const avg = facts.input.avgDailyUse;
  const limits: DailyLimit[] = [];
  if (maxFactor !== null && avg !== null && avg > 0)
    limits.push({ limit: round(maxFactor * avg), kind: 'factor' });
  if (maxUnitsPerDay !== null) limits.push({ limit: maxUnitsPerDay, kind: 'absolute' });
  return limits.sort((a, b) => a.limit - b.limit)[0] ?? null;
}

/** Units per day, counting a same-day read as one day (a jump within a day is still a jump). */
export function perDay(consumption: number, days: number): number {
  return consumption / Math.max(days, 1);
}
