// The window speaks the language chosen in Settings ('system': the operating system's, when
// MeterDesk has it). It follows the setting as the backend reports it: on start and after a save.
import type { i18n as I18n } from 'i18next';
import type { LanguageChoice } from '../../common/settings';
import { resolveLanguage, type Language, type PSEUDO } from './catalogues';

function osLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages;
}

export function languageFor(
  choice: LanguageChoice,
  os: readonly string[] = osLanguages(),
): Language | typeof PSEUDO {
  return resolveLanguage(choice === 'system' ? undefined : choice, os);
}

/** Screen readers and the browser's hyphenation read the page's lang attribute. */
function markPage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'de' ? 'de' : 'en';
}

/** The operating system's language as MeterDesk would speak it (for "As the operating system"). */
export function systemLanguage(): Language {
  const lang = languageFor('system');
  return lang === 'de' ? 'de' : 'en';
}

/**
 * Calls i18next's changeLanguage whenever the setting changes; returns the unsubscribe. A pseudo
 * locale set by a test (en-XA) is kept while the setting is 'system'.
 */
export function followLanguageSetting(
  subscribe: (listener: (choice: LanguageChoice) => void) => () => void,
  i18n: I18n,
  os: readonly string[] = osLanguages(),
): () => void {
  let last: LanguageChoice | null = null;
  markPage(i18n.language);
  return subscribe((choice) => {
    if (choice === last) return;
    const first = last === null;
    last = choice;
    if (first && choice === 'system') return;
    const lang = languageFor(choice, os);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    markPage(lang);
  });
}
