// Every key the renderer asks for exists in English (and so, by the catalogue test, in every
// language): a static scan of the sources for t('…') calls, each checked against the namespaces
// its file uses (useT('ns'), englishT('ns'), TFunction<'ns'>). A key built from a template is
// checked up to its first placeholder.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/i18n/catalogues';

const RENDERER = join(import.meta.dirname, '..', '..', 'renderer');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'i18n' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

type Tree = Readonly<Record<string, unknown>>;

function lookup(ns: string, key: string): unknown {
  let at: unknown = (en as unknown as Tree)[ns];
  for (const part of key.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Tree)[part];
  }
  return at;
}

/** A full key: a string, or plural forms of one (key_one, key_other). */
function hasKey(ns: string, key: string): boolean {
  return (
    typeof lookup(ns, key) === 'string' ||
    (typeof lookup(ns, `${key}_one`) === 'string' && typeof lookup(ns, `${key}_other`) === 'string')
  );
}

/** A template's fixed start ("filter." of `filter.${id}`): some key begins with it. */
function hasPrefix(ns: string, prefix: string): boolean {
  const parent = prefix.endsWith('.')
    ? prefix.slice(0, -1)
    : prefix.split('.').slice(0, -1).join('.');
  const at = parent === '' ? lookup(ns, '') : lookup(ns, parent);
  return typeof at === 'object' && at !== null;
}

const NS_USE = /(?:useT|englishT)\(\s*'(\w+)'\s*\)|TFunction<'(\w+)'>/g;
const T_CALL = /\b(?!useT\b|englishT\b|getFixedT\b)(?:t|\w+T)\(\s*(['`])([\w.:]+)(\$\{)?/g;

describe('keys used in the renderer', () => {
  it('the scan finds the calls it checks', () => {
    const calls = sources(RENDERER).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(T_CALL)]);
    expect(calls.length).toBeGreaterThan(200);
  });

  it('every t() key exists in English, in a namespace its file uses', () => {
    const missing: string[] = [];
    for (const file of sources(RENDERER)) {
      const text = readFileSync(file, 'utf8');
      const namespaces = new Set([...text.matchAll(NS_USE)].map((m) => m[1] ?? m[2] ?? ''));
      for (const m of text.matchAll(T_CALL)) {
        const [, , raw = '', template] = m;
        const colon = raw.indexOf(':');
        const key = raw.slice(colon + 1);
        // A namespace named in the call's options (`t('owner.window', { ns: 'engine' })`).
        const after = m.index + m[0].length;
        const rest = text.slice(after, after + 120);
        const option = /^[^)]*?\bns:\s*'(\w+)'/.exec(rest)?.[1];
        const candidates = colon >= 0 ? [raw.slice(0, colon)] : option ? [option] : [...namespaces];
        const found = candidates.some((n) => (template ? hasPrefix(n, key) : hasKey(n, key)));
        if (!found) missing.push(`${relative(RENDERER, file)}: ${raw}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
