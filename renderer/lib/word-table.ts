// The one way the window words MeterDesk's coded sentences (a job's history and error, the engine's
// log and start-up problems): a table with one wording per code, from the code's catalogue and the
// banners' (a retry or offline cause), in the window's language. job-words.ts and engine-words.ts
// are each such a table; a code added in common/ without a wording fails to compile.
import type { TFunction } from 'i18next';
import { codedLine, type CodedLine } from './coded-line';

export type BannersT = TFunction<'banners'>;

/** What main sends: a code with its params; `quoted` carries words as given. */
type Coded = { readonly code: string; readonly params: object };
type Worded<M extends Coded> = Exclude<M, { readonly code: 'quoted' }>;

/** One wording per code of M (but `quoted`); `T` is the translator of the code's catalogue. */
export type WordTable<M extends Coded, T> = {
  readonly [C in Worded<M>['code']]: (
    p: Extract<M, { readonly code: C }>['params'],
    t: T,
    bannersT: BannersT,
    lang?: string,
  ) => string;
};

/** The translators a table words with, and the language its numbers are written in. */
export interface Translators<T> {
  readonly t: T;
  readonly bannersT: BannersT;
  readonly lang?: string;
}

/** One coded message in the table's words. */
export function tableWords<M extends Coded, T>(
  table: WordTable<M, T>,
  message: Worded<M>,
  { t, bannersT, lang }: Translators<T>,
): string {
  // The table is keyed by code, so the message's own params fit its wording.
  const code: Worded<M>['code'] = message.code;
  const word: (p: M['params'], t: T, bannersT: BannersT, lang?: string) => string = table[code];
  return word(message.params, t, bannersT, lang);
}

/**
 * The line of a coded message: worded by the table; `quoted` as written; a code the table does not
 * know (a newer backend's) quoted with its params.
 */
export function tableLine<M extends Coded, T>(
  table: WordTable<M, T>,
  message: M,
  translators: Translators<T>,
): CodedLine {
  return codedLine(
    message,
    (worded) => tableWords(table, worded, translators),
    (code) => Object.hasOwn(table, code),
  );
}
