// What counts as an API key: one rule for every place that takes one (the window's key field and
// the IPC contract, `meter-desk login`, the secret stores, the HTTP client). A key travels in the
// Authorization header, so it is printable ASCII without spaces. The spaces and line breaks a
// paste brings around it are dropped; one inside it is a paste accident the person must see.
import { MAX_KEY_CHARS } from './ipc/limits';

export type ApiKeyProblem = 'empty' | 'spaces' | 'characters' | 'too_long';

export type ApiKeyCheck =
  | { readonly ok: true; readonly key: string }
  | { readonly ok: false; readonly problem: ApiKeyProblem };

const SENDABLE = /^[\x21-\x7e]+$/;

/** The key as it is stored and sent (surrounding whitespace removed), or why it cannot be one. */
export function checkApiKey(raw: string): ApiKeyCheck {
  const key = raw.trim();
  if (key === '') return { ok: false, problem: 'empty' };
  if (key.length > MAX_KEY_CHARS) return { ok: false, problem: 'too_long' };
  if (/\s/.test(key)) return { ok: false, problem: 'spaces' };
  if (!SENDABLE.test(key)) return { ok: false, problem: 'characters' };
  return { ok: true, key };
}

/** English for the command line, errors and logs; the window words the problem itself. */
export const API_KEY_PROBLEMS: Readonly<Record<ApiKeyProblem, string>> = {
  empty: 'The API key is empty.',
  spaces: 'The API key contains spaces or line breaks; paste only the key.',
  characters: 'The API key contains characters that cannot be sent (only printable ASCII).',
  too_long: `The API key is longer than ${String(MAX_KEY_CHARS)} characters; paste only the key.`,
};

/** The checked key; a TypeError naming the problem (never the key) otherwise. */
export function apiKeyOrThrow(raw: string): string {
  const checked = checkApiKey(raw);
  if (!checked.ok) throw new TypeError(API_KEY_PROBLEMS[checked.problem]);
  return checked.key;
}
