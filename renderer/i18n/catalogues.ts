// Every language MeterDesk speaks, one module per namespace and language. A new screen adds its
// words under its namespace in en/ and de/; `pseudo` is made from English for the catalogue test.
import { app as deApp } from './de/app';
import { banners as deBanners } from './de/banners';
import { billing as deBilling } from './de/billing';
import { decisions as deDecisions } from './de/decisions';
import { desk as deDesk } from './de/desk';
import { engine as deEngine } from './de/engine';
import { errors as deErrors } from './de/errors';
import { exporting as deExport } from './de/export';
import { history as deHistory } from './de/history';
import { office as deOffice } from './de/office';
import { officeReport as deOfficeReport } from './de/office-report';
import { officeReview as deOfficeReview } from './de/office-review';
import { onboarding as deOnboarding } from './de/onboarding';
import { orderFiles as deOrderFiles } from './de/order-files';
import { states as deStates } from './de/states';
import { watch as deWatch } from './de/watch';
import { app as enApp } from './en/app';
import { banners as enBanners } from './en/banners';
import { billing as enBilling } from './en/billing';
import { decisions as enDecisions } from './en/decisions';
import { desk as enDesk } from './en/desk';
import { engine as enEngine } from './en/engine';
import { errors as enErrors } from './en/errors';
import { exporting as enExport } from './en/export';
import { history as enHistory } from './en/history';
import { office as enOffice } from './en/office';
import { officeReport as enOfficeReport } from './en/office-report';
import { officeReview as enOfficeReview } from './en/office-review';
import { onboarding as enOnboarding } from './en/onboarding';
import { orderFiles as enOrderFiles } from './en/order-files';
import { states as enStates } from './en/states';
import { watch as enWatch } from './en/watch';
import type { Words } from './catalogue-types';

export const en = {
  app: enApp,
  banners: enBanners,
  billing: enBilling,
  decisions: enDecisions,
  desk: enDesk,
  engine: enEngine,
  errors: enErrors,
  export: enExport,
  history: enHistory,
  office: enOffice,
  officeReport: enOfficeReport,
  officeReview: enOfficeReview,
  onboarding: enOnboarding,
  orderFiles: enOrderFiles,
  states: enStates,
  watch: enWatch,
} as const;
export type Catalogue = Words<typeof en>;
export const de: Catalogue = {
  app: deApp,
  banners: deBanners,
  billing: deBilling,
  decisions: deDecisions,
  desk: deDesk,
  engine: deEngine,
  errors: deErrors,
  export: deExport,
  history: deHistory,
  office: deOffice,
  officeReport: deOfficeReport,
  officeReview: deOfficeReview,
  onboarding: deOnboarding,
  orderFiles: deOrderFiles,
  states: deStates,
  watch: deWatch,
};

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The pseudo-locale: every catalogue string marked, so a test can find words that bypass it. */
export const PSEUDO = 'en-XA';

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  n: 'ñ',
  c: 'ç',
};

/** "Add photos" -> "⟦Ádd phótós⟧"; `{{placeholders}}` and `<tags>` stay as they are. */
export function pseudoString(s: string): string {
  const parts = s.split(/({{[^}]+}}|<[^>]+>)/);
  const marked = parts
    .map((p, i) => (i % 2 === 1 ? p : p.replace(/[a-zA-Z]/g, (ch) => ACCENTED[ch] ?? ch)))
    .join('');
  return `⟦${marked}⟧`;
}

interface Tree {
  readonly [key: string]: string | Tree;
}

function pseudoOf(words: Tree): Tree {
  const out: Record<string, string | Tree> = {};
  for (const [k, v] of Object.entries(words)) {
    out[k] = typeof v === 'string' ? pseudoString(v) : pseudoOf(v);
  }
  return out;
}

// Same keys as English by construction (pseudoOf maps every leaf).
export const pseudo = pseudoOf(en) as unknown as Catalogue;

/** The language to speak: the clerk's choice, else the first OS language MeterDesk has. */
export function resolveLanguage(
  choice: string | undefined,
  osLanguages: readonly string[],
): Language | typeof PSEUDO {
  if (choice === PSEUDO) return PSEUDO;
  if (choice && (LANGUAGES as readonly string[]).includes(choice)) return choice as Language;
  // Chromium's own pseudo-locale (--lang=en-XA): how a test asks for marked words.
  if (osLanguages[0] === PSEUDO) return PSEUDO;
  for (const tag of osLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    const known = LANGUAGES.find((l) => l === base);
    if (known) return known;
  }
  return 'en';
}
