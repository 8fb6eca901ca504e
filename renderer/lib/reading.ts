import { READING_PATTERN } from '../../common/ipc';

/** Why a typed correction cannot be saved, or null when it is a valid reading. */
export function readingProblem(text: string): string | null {
  const value = text.trim();
  if (value === '') return 'Type the reading shown on the meter.';
  if (/[,]/.test(value)) return 'Use a dot for decimals, e.g. 12345.678.';
  if (!READING_PATTERN.test(value)) {
    return 'Up to 7 digits, optionally a dot and up to 3 decimals (e.g. 12345.678).';
  }
  return null;
}
