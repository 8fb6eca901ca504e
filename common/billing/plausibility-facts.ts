// What every rule needs, worked out once: the parsed readings, the days between them, the expected
// consumption and the checks that decide both high/low and whether a rollover is believable.
import { daysBetween, parseIsoStamp, type IsoParts } from './calendar';
import { parseExact, type ExactDecimal } from './exact-decimal';
import { bandFor, type PlausibilityBand, type PlausibilityConfig } from './plausibility-config';
import { spreadFor, type Spread } from './plausibility-spread';
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
  /** The meter's own band (config.spread), or null for the fixed bands. */
  spread: Spread | null;
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
    spread: historySpread(input, config) ?? spreadFor(input, config),
  };
}

/**
 * The spread of the meter's history's expectation (its back-tested σ), when it has one and the
 * office uses spreads at all (with the fixed bands the bands hold around the history's expectation).
 */
function historySpread(input: PlausibilityInput, config: PlausibilityConfig): Spread | null {
  const e = input.meterHistory?.expectation ?? null;
  if (e === null || (config.spread ?? null) === null) return null;
  const width = HISTORY_Z * e.sigma;
  return { sigma: e.sigma, periods: e.periods, high: Math.exp(width), low: Math.exp(-width) };
}

/**
 * How many σ a reading may stray from its history's expectation. Wider than the sheet's z: the
 * back-tested σ is narrow, and holidays make a household's periods heavier-tailed than normal
 * (tuned on the history benchmark's routes, seeds 1-6; bench/README.md).
 */
export const HISTORY_Z = 3.3;

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
  const { spread } = facts;
  const band =
    spread === null
      ? bandFor(facts.config, expected)
      : {
          below: null,
          highPercent: Math.round((spread.high - 1) * 100),
          lowPercent: Math.round((1 - spread.low) * 100),
        };
  const upper = round(
    spread === null ? (expected * (100 + band.highPercent)) / 100 : expected * spread.high,
  );
  const lower = round(
    spread === null ? (expected * (100 - band.lowPercent)) / 100 : expected * spread.low,
  );
  const deviation = ((consumption - expected) / expected) * 100;
  const within = Math.abs(consumption - expected) <= toleranceOf(facts);
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

/**
 * Deviations never flagged: the configured tolerance, and with the meter's own band at least two
 * units of the register's last digit (a reading is truncated, so a small expected consumption on
 * a whole-m³ register cannot be met exactly).
 */
function toleranceOf(facts: Facts): number {
  const configured = facts.config.absoluteTolerance;
  if (facts.spread === null) return configured;
  const decimals = facts.input.registerDecimals ?? facts.reading?.decimals ?? 0;
  return Math.max(configured, 2 * 10 ** -decimals);
}
