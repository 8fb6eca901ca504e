// What a sample reading and meter type look like, and how to make up plausible ones.
import type { Rng } from './random';

export const READING_PATTERN = /^[0-9]{1,7}(\.[0-9]{1,3})?$/;
export const METER_TYPE_PATTERN = /^[a-z_]{1,24}$/;

/** 'pointer' meters carry small red sub-dials under the counter; 'roller' ones only the counter. */
export const SAMPLE_METER_TYPES = ['pointer', 'roller'] as const;
export const DEFAULT_METER_TYPE = 'pointer';

export function assertReading(reading: string): void {
  if (!READING_PATTERN.test(reading)) {
    throw new Error(
      `Invalid reading ${JSON.stringify(reading)}: expected ${String(READING_PATTERN)}`,
    );
  }
}

export function assertMeterType(meterType: string): void {
  if (!METER_TYPE_PATTERN.test(meterType)) {
    throw new Error(
      `Invalid meter type ${JSON.stringify(meterType)}: expected ${String(METER_TYPE_PATTERN)}`,
    );
  }
}

/** The black (m³) and red (decimal) wheel digits of a reading, leading zeros kept. */
export function splitReading(reading: string): { whole: string; decimals: string } {
  assertReading(reading);
  const [whole = '', decimals = ''] = reading.split('.');
  return { whole, decimals };
}

/** A household-looking reading: mostly five black and three red wheels, small-ish totals. */
export function randomReading(rng: Rng): string {
  const wholeDigits = rng.pick([5, 5, 5, 5, 6, 4]);
  const decimalDigits = rng.pick([3, 3, 3, 2, 1]);
  const magnitude = rng.pick([10, 100, 1000, 10000, 10000, 100000]);
  const whole = String(rng.int(0, Math.min(magnitude, 10 ** wholeDigits) - 1)).padStart(
    wholeDigits,
    '0',
  );
  let decimals = '';
  for (let i = 0; i < decimalDigits; i++) decimals += String(rng.int(0, 9));
  return `${whole}.${decimals}`;
}
