// A meter type as the service names it ('pointer', 'roller'), in the window's language. A type
// the window has no words for is the service's own word, shown as written (data, not MeterDesk's
// sentence: callers mark it data-i18n-skip).

import type { TFunction } from 'i18next';

/** The desk catalogue's words (its meterTypes), whichever component asks. */
type TypeWords = TFunction<'desk'>;

/** The words for a known type, or null for a type only the service knows. */
export function meterTypeWords(type: string, t: TypeWords): string | null {
  if (type === 'pointer') return t('meterTypes.pointer');
  if (type === 'roller') return t('meterTypes.roller');
  return null;
}
