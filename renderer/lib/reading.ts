import type { TFunction } from 'i18next';
import {
  parseReadingInput,
  type ReadingInputProblem,
  type RegisterSetup,
} from '../../common/billing/reading-input';
import { englishT } from '../i18n/english';

/** A typed reading's problem in the window's words; the review box and hand entry say the same. */
export function readingInputWords(
  problem: ReadingInputProblem,
  t: TFunction<'states'> = englishT('states'),
): string {
  switch (problem.code) {
    case 'empty':
      return t('reading.empty');
    case 'grouping':
      return t('reading.grouping');
    case 'notDigits':
      return t('reading.notDigits');
    case 'tooManyDigits':
      return t('reading.tooManyDigits', { max: problem.max });
    case 'tooManyDecimals':
      return problem.max === 0
        ? t('reading.noDecimals')
        : t('reading.tooManyDecimals', { max: problem.max });
  }
}

export type TypedReading =
  | { readonly ok: true; readonly reading: string }
  | { readonly ok: false; readonly problem: string };

/**
 * A typed reading for a meter with this register (none: the default one), with a dot, or why it
 * cannot be saved (common/billing/reading-input.ts).
 */
export function typedReading(
  text: string,
  register: RegisterSetup | null = null,
  t: TFunction<'states'> = englishT('states'),
): TypedReading {
  const input = parseReadingInput(text, register);
  return input.ok
    ? { ok: true, reading: input.reading }
    : { ok: false, problem: readingInputWords(input.problem, t) };
}
