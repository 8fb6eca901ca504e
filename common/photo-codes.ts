// The codes read on a meter photo (a serial sticker: Code 128, QR, DataMatrix) and the one rule
// that compares them with the meter the photo was matched to. Main reads and stores them, the
// window and the exports show them.

import { fillBraced } from './fill-template';
import { RULE_TEMPLATES_EN } from './billing/rule-templates-en';

/** One code read on a photo: its symbology as zxing names it, and the text it carries. */
export interface PhotoCode {
  readonly format: string;
  readonly text: string;
}

/**
 * The one normalisation a code and a serial are compared by (never a fuzzy guess): spaces, dashes,
 * dots, slashes and underscores removed, letters upper case, and the leading zeros of the whole
 * serial dropped, as stickers print "4711-0815", "4711 0815", "47110815" or "0047110815" for one
 * serial. Zeros inside it stay: "4711-0815" is not "4711-815". Two meters of a route that come out
 * the same name neither (meterCodeIndex).
 */
export function serialKey(text: string): string {
  const plain = text.replace(/[\s\-./_]/g, '').toUpperCase();
  const unpadded = plain.replace(/^0+/, '');
  return unpadded === '' && plain !== '' ? '0' : unpadded;
}

/** The stored JSON of a photo's codes, or [] when none were read or the text is not ours. */
export function parsePhotoCodes(json: string | null): PhotoCode[] {
  if (json === null || json === '') return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (c): c is PhotoCode =>
        typeof c === 'object' &&
        c !== null &&
        typeof (c as { format?: unknown }).format === 'string' &&
        typeof (c as { text?: unknown }).text === 'string',
    );
  } catch {
    return [];
  }
}

/** A meter of the route as its codes may name it: by its sticker's code, else by its number. */
export interface CodedMeter {
  readonly meterId: string;
  readonly barcode?: string | null;
}

/** Which meter a code's text names, by serialKey: the sticker's codes first, then meter numbers. */
export type MeterCodeIndex = ReadonlyMap<string, string>;

export function meterCodeIndex(meters: Iterable<CodedMeter>): MeterCodeIndex {
  const byNumber = new Map<string, string>();
  const byBarcode = new Map<string, string>();
  const ambiguous = new Set<string>();
  const add = (index: Map<string, string>, key: string, meterId: string): void => {
    const before = index.get(key);
    if (before !== undefined && before !== meterId) ambiguous.add(key);
    index.set(key, meterId);
  };
  for (const m of meters) {
    add(byNumber, serialKey(m.meterId), m.meterId);
    if (m.barcode) add(byBarcode, serialKey(m.barcode), m.meterId);
  }
  const index = new Map([...byNumber, ...byBarcode]);
  // "0815" and "815" on one route: a code reading either names neither, rather than one by chance.
  for (const key of ambiguous) index.delete(key);
  return index;
}

/** The meter of the route a photo's codes name (the first code that names one), or null. */
export function meterNamedByCodes(
  codes: readonly PhotoCode[],
  index: MeterCodeIndex,
): string | null {
  for (const c of codes) {
    const named = index.get(serialKey(c.text));
    if (named !== undefined) return named;
  }
  return null;
}

/**
 * A photo whose code names another meter of the route than the one it was matched to: "the code
 * on the photo says {code}; this photo was matched to {matched}", and the meter it names, where
 * the photo may be moved. A code naming no meter of the route (a maker's QR code) flags nothing,
 * nor does one naming the matched meter.
 */
export interface CodeMismatch {
  readonly code: 'codeNamesOtherMeter';
  readonly params: { readonly code: string; readonly matched: string; readonly named: string };
}

export function codeMismatch(
  codes: readonly PhotoCode[],
  matchedMeterId: string,
  index: MeterCodeIndex,
): CodeMismatch | null {
  const matched = serialKey(matchedMeterId);
  let other: CodeMismatch | null = null;
  for (const c of codes) {
    const named = index.get(serialKey(c.text));
    if (named === undefined) continue;
    if (serialKey(named) === matched) return null;
    other ??= {
      code: 'codeNamesOtherMeter',
      params: { code: c.text, matched: matchedMeterId, named },
    };
  }
  return other;
}

/** The mismatch in English (CLI, CSV, log): the rule's template the window's en catalogue says. */
export function codeMismatchEnglish(m: CodeMismatch): string {
  return fillBraced(RULE_TEMPLATES_EN.codeNamesOtherMeter, m.params);
}
