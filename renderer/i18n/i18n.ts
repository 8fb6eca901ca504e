// One i18next instance per window, made from the catalogues; React components use `useT`.
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { de, en, pseudo, PSEUDO, type Language } from './catalogues';

export type Namespace = keyof typeof en;

export function createI18n(language: Language | typeof PSEUDO): I18n {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { en, de, [PSEUDO]: pseudo },
    ns: Object.keys(en),
    defaultNS: 'app',
    // React escapes what it renders; escaping here would show "&amp;" in file names.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return i18n;
}

/** The words of one namespace, typed by the English catalogue. */
export function useT<N extends Namespace>(ns: N) {
  return useTranslation(ns).t;
}
