// Readings as exact decimals: 00123.456 − 00100.5 must be 22.956, not 22.955999999999996, and a
// rollover adds 10^n to numbers with up to 16 digits, past what a double holds exactly.

export interface ExactDecimal {
  /** The value × 10^scale. */
  units: bigint;
  scale: number;
}

const DECIMAL = /^(\d+)(?:[.,](\d+))?$/;

/** "00123,45" → 12345 × 10^-2; null unless digits with at most one decimal mark. */
export function parseExact(text: string): ExactDecimal | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const fraction = m[2] ?? '';
  return { units: BigInt(`${m[1] ?? '0'}${fraction}`), scale: fraction.length };
}

export function rescale(value: ExactDecimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** Units at `scale` → a number (correctly rounded once, at the end). */
export function toNumber(units: bigint, scale: number): number {
  return Number(units) / 10 ** scale;
}
