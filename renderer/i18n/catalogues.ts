// Every language MeterDesk speaks, one module per namespace and language. A new screen adds its
// words under its namespace in en/ and de/; `pseudo` is made from English for the catalogue test.
import { app as deApp } from './de/app';
import { billing as deBilling } from './de/billing';
import { desk as deDesk } from './de/desk';
import { watch as deWatch } from './de/watch';
import { app as enApp } from './en/app';
import { billing as enBilling } from './en/billing';
import { desk as enDesk } from './en/desk';
import { watch as enWatch } from './en/watch';
import type { Words } from './catalogue-types';

export const en = { app: enApp, billing: enBilling, watch: enWatch, desk: enDesk } as const;
export type Catalogue = Words<typeof en>;
export const de: Catalogue = { app: deApp, billing: deBilling, watch: deWatch, desk: deDesk };

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
  for (const tag of osLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    const known = LANGUAGES.find((l) => l === base);
    if (known) return known;
  }
  return 'en';
}
