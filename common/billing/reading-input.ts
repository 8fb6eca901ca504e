// The one rule for a reading a person types: the correction in review, a reading typed by hand
// for a meter, the IPC schemas that carry them and the CLI. Either decimal mark is taken (a
// German clerk types 123,4), stored with a dot; the register's size comes from the route sheet.
import { MAX_REGISTER_DECIMALS, MAX_REGISTER_DIGITS } from './meter-record';

/** A meter's register as its route sheet sets it up; null where the sheet says nothing. */
export interface RegisterSetup {
  readonly registerDigits: number | null;
  readonly registerDecimals: number | null;
}

/** Without a set-up from the sheet: the register the service reads, 7 whole digits and 3 decimals. */
export const DEFAULT_REGISTER = {
  registerDigits: 7,
  registerDecimals: 3,
} as const satisfies RegisterSetup;

/** The largest register any sheet may set up: what the IPC schemas let through. */
export const WIDEST_REGISTER: RegisterSetup = {
  registerDigits: MAX_REGISTER_DIGITS,
  registerDecimals: MAX_REGISTER_DECIMALS,
};

export type ReadingInputProblem =
  | { readonly code: 'empty' }
  /** More than one mark (1.234,5 or 1,234,567): thousands separators cannot be told from decimals. */
  | { readonly code: 'grouping' }
  | { readonly code: 'notDigits' }
  | { readonly code: 'tooManyDigits'; readonly max: number }
  | { readonly code: 'tooManyDecimals'; readonly max: number };

export type ReadingInput =
  | { readonly ok: true; readonly reading: string }
  | { readonly ok: false; readonly problem: ReadingInputProblem };

/** The register a typed reading is held to: the sheet's set-up, else the default, per part. */
export function registerOf(setup: RegisterSetup | null | undefined): {
  digits: number;
  decimals: number;
} {
  return {
    digits: setup?.registerDigits ?? DEFAULT_REGISTER.registerDigits,
    decimals: setup?.registerDecimals ?? DEFAULT_REGISTER.registerDecimals,
  };
}

/**
 * Reads what a person typed as a meter reading: digits with at most one decimal mark, `.` or
 * `,`, at most the register's digits before and decimals after it. The reading comes back with
 * a dot and leading zeros kept ("00123,4" -> "00123.4").
 */
export function parseReadingInput(
  text: string,
  setup: RegisterSetup | null | undefined = DEFAULT_REGISTER,
): ReadingInput {
  const value = text.trim();
  if (value === '') return fail({ code: 'empty' });
  const marks = value.match(/[.,]/g)?.length ?? 0;
  if (marks > 1 && /^[\d.,]+$/.test(value)) return fail({ code: 'grouping' });
  const m = /^(\d+)(?:[.,](\d+))?$/.exec(value);
  if (!m) return fail({ code: 'notDigits' });
  const whole = m[1] ?? '';
  const fraction = m[2];
  const register = registerOf(setup);
  if (whole.length > register.digits) return fail({ code: 'tooManyDigits', max: register.digits });
  if (fraction !== undefined && fraction.length > register.decimals) {
    return fail({ code: 'tooManyDecimals', max: register.decimals });
  }
  return { ok: true, reading: fraction === undefined ? whole : `${whole}.${fraction}` };
}

/** The problem in English, for the IPC schemas' messages, the backend and the CLI. */
export function readingInputText(problem: ReadingInputProblem): string {
  switch (problem.code) {
    case 'empty':
      return 'Type the reading shown on the meter.';
    case 'grouping':
      return 'Type the reading without thousands separators: digits with at most one decimal mark.';
    case 'notDigits':
      return 'Type digits with at most one decimal mark (. or ,), e.g. 00123.45.';
    case 'tooManyDigits':
      return `At most ${String(problem.max)} digits before the decimal mark for this meter.`;
    case 'tooManyDecimals':
      return problem.max === 0
        ? 'This meter has no decimals.'
        : `At most ${String(problem.max)} decimals for this meter.`;
  }
}

function fail(problem: ReadingInputProblem): ReadingInput {
  return { ok: false, problem };
}
