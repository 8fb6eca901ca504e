// The language the window speaks now, for numbers and readings (renderer/i18n/format.ts).
import { useTranslation } from 'react-i18next';
import type { Language, PSEUDO } from './catalogues';

export type Spoken = Language | typeof PSEUDO;

export function useLang(): Spoken {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return lang === 'de' || lang === 'en-XA' ? lang : 'en';
}

/** The language of what the window writes for people (the pseudo-locale's is English). */
export function writtenLanguage(lang: Spoken): Language {
  return lang === 'de' ? 'de' : 'en';
}
