// English words outside React: the default `t` of the lib functions that word things, so a caller
// without a window language (a unit test, a store notice's log text) still gets sentences.
import { createInstance, type TFunction } from 'i18next';
import { en } from './catalogues';
import type { Namespace } from './i18n';

const instance = createInstance();
void instance.init({
  lng: 'en',
  fallbackLng: false,
  resources: { en },
  ns: Object.keys(en),
  defaultNS: 'app',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function englishT<N extends Namespace>(ns: N): TFunction<N> {
  return instance.getFixedT('en', ns);
}
