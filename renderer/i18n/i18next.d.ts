// Typed keys: `t('language.label')` is checked against the English catalogue.
import 'i18next';
import type { en } from './catalogues';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'app';
    resources: typeof en;
  }
}
