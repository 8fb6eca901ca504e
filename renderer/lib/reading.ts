import type { TFunction } from 'i18next';
import { READING_PATTERN } from '../../common/ipc';
import { englishT } from '../i18n/english';

/** Why a typed correction cannot be saved, or null when it is a valid reading. */
export function readingProblem(
  text: string,
  t: TFunction<'states'> = englishT('states'),
): string | null {
  const value = text.trim();
  if (value === '') return t('reading.empty');
  if (/[,]/.test(value)) return t('reading.comma');
  if (!READING_PATTERN.test(value)) return t('reading.pattern');
  return null;
}
