// The misread signature: an AI's misread of a meter leaves a shape that natural variation does
// not. A drum caught mid-turn is read as its next digit while the digits after it still show
// nines (…69 read as …79: ten units too many); one misread digit makes the reading differ from
// the expected one in exactly that position. Such a reading is flagged well inside the band a
// household's variation needs, so the band can be wide without letting misreads through.
import type { Facts } from './plausibility-facts';
import type { RuleResult } from './plausibility-types';

/** A reading is looked at for a signature only this many σ from the expected consumption. */
export const SUSPICION_Z = 1.2;
/** A one-digit difference is a signature only this far out (natural variation makes many). */
export const ONE_DIGIT_Z = 2.0;
/** The reading the signature points to must be this close (σ) to the expected consumption. */
export const CONVINCING_Z = 1.0;
/** The narrowest spread the signature measures distance in (log scale): the configured σ of a meter without history. */
export const MIN_SIGMA = 0.35;
/** A misread that changes the bill by less than this many units is not worth a clerk's minute. */
const MATERIAL_UNITS = 3;

const result = (
  level: RuleResult['level'],
  code: string,
  params: RuleResult['params'],
): RuleResult => ({ rule: 'misread', level, code: `misread.${code}`, params });

export function misreadRule(facts: Facts, consumption: number): RuleResult {
  const { expected, spread, reading, previous, config } = facts;
  if (config.misreadSignature !== true || spread === null) return result('ok', 'off', {});
  if (expected === null || expected <= 0 || reading === null || previous === null)
    return result('ok', 'no_expectation', {});
  // A meter's history can make its spread narrow; a one-digit difference is common within a
  // household's month-to-month variation, so the signature looks no closer than MIN_SIGMA.
  const sigma = Math.max(spread.sigma, MIN_SIGMA);
  const away = (c: number): number => Math.abs(Math.log(Math.max(c, 1e-9) / expected)) / sigma;
  if (away(consumption) <= SUSPICION_Z || Math.abs(consumption - expected) <= MATERIAL_UNITS)
    return result('ok', 'none', {});
  const unit = config.unit;
  const whole = reading.text.split(/[.,]/)[0] ?? '';
  const nines = whole.length - whole.replace(/9+$/, '').length;
  // Any drum above a nine may be the one caught turning (…689 read as …699: the tens drum).
  for (let j = 1; j <= Math.min(nines, whole.length - 1); j++) {
    const step = 10 ** j;
    if (consumption - step > 0 && away(consumption - step) <= CONVINCING_Z) {
      return result('warning', 'rolling_digit', {
        reading: reading.text,
        likely: shifted(reading.text, -step),
        consumption,
        expected,
        unit,
      });
    }
  }
  const position = oneDigitOff(facts, expected);
  if (position !== null && away(consumption) > ONE_DIGIT_Z) {
    return result('warning', 'one_digit', {
      reading: reading.text,
      position: position + 1,
      expectedReading: expectedWhole(facts, expected),
      consumption,
      expected,
      unit,
    });
  }
  return result('ok', 'none', {});
}

/** The whole part of previous + expected, as the register would show it. */
function expectedWhole(facts: Facts, expected: number): string {
  const { previous, reading } = facts;
  const digits = facts.input.registerDigits ?? reading?.text.split(/[.,]/)[0]?.length ?? 0;
  const value = Number(previous?.text.replace(',', '.') ?? '0') + expected;
  const wrapped = digits > 0 ? value % 10 ** digits : value;
  return String(Math.floor(wrapped)).padStart(digits, '0');
}

/**
 * The position (from the right, 0 = units) of the one whole digit in which the reading differs
 * from the expected reading, when it differs in exactly one; null otherwise.
 */
function oneDigitOff(facts: Facts, expected: number): number | null {
  const read = facts.reading?.text.split(/[.,]/)[0] ?? '';
  const want = expectedWhole(facts, expected);
  if (read.length !== want.length) return null;
  const off: number[] = [];
  for (let i = 0; i < read.length; i++) if (read[i] !== want[i]) off.push(read.length - 1 - i);
  return off.length === 1 ? (off[0] ?? null) : null;
}

/** `text` plus `delta` whole units, keeping its width and decimals. */
function shifted(text: string, delta: number): string {
  const [whole = '', fraction] = text.split(/[.,]/);
  const moved = String(Math.max(Number(whole) + delta, 0)).padStart(whole.length, '0');
  return fraction === undefined ? moved : `${moved}.${fraction}`;
}
