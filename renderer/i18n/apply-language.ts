// The clerk's language choice ('system', 'en', 'de'), applied to the window's i18next instance.
// Settings calls it when the choice changes; main.tsx when the settings arrive.
import type { i18n as I18n } from 'i18next';
import { resolveLanguage } from './catalogues';

export function applyLanguage(
  i18n: I18n,
  choice: string | undefined,
  osLanguages: readonly string[] = navigator.languages,
): void {
  const lang = resolveLanguage(choice === 'system' ? undefined : choice, osLanguages);
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'de' ? 'de' : 'en';
}

/**
 * The language setting, when the settings carry one (`language: 'system' | 'en' | 'de'`); read
 * by name so the window follows it as soon as the field exists.
 */
export function languageChoice(settings: object): string | undefined {
  const choice: unknown = 'language' in settings ? settings.language : undefined;
  return typeof choice === 'string' ? choice : undefined;
}
