// Settings files a clerk imports (column mappings, export templates, plausibility settings) are
// untrusted: they are size-checked before parsing, refused when they carry keys that could reach an
// object's prototype, and validated by strict zod schemas whose issues become plain sentences.
import type { z } from 'zod';

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 8;
const MAX_ERRORS = 20;

/** JSON text → value, or the reasons it cannot be one of our settings files. */
export function parseSettingsJson(text: string, what: string, maxChars: number): Checked<unknown> {
  if (text.length > maxChars) {
    return fail(
      `The ${what} is ${text.length.toLocaleString('en-US')} characters long; at most ${maxChars.toLocaleString('en-US')} are allowed.`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return fail(`The ${what} is not valid JSON: ${detail}`);
  }
  const shapeError = unsafeShape(value);
  return shapeError === null ? { ok: true, value } : fail(`The ${what} ${shapeError}`);
}

/** Iterative, so a hostile file of a million nested brackets cannot overflow the stack. */
function unsafeShape(root: unknown): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: root, path: '', depth: 0 },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, path, depth } = item;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_DEPTH) return `is nested too deeply (at ${path || 'the top'}).`;
    for (const [key, child] of Object.entries(value)) {
      if (!Array.isArray(value) && FORBIDDEN_KEYS.has(key)) {
        return `uses the key "${key}"${path ? ` in ${path}` : ''}, which is not allowed.`;
      }
      stack.push({
        value: child,
        path: joinPath(path, key, Array.isArray(value)),
        depth: depth + 1,
      });
    }
  }
  return null;
}

function joinPath(path: string, key: string, index: boolean): string {
  if (index) return `${path}[${Number(key) + 1}]`;
  return path ? `${path}.${key}` : key;
}

/** Validates with `schema` and turns its issues into sentences naming the place in the file. */
export function checkWithSchema<T>(schema: z.ZodType<T>, value: unknown, what: string): Checked<T> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  const errors = result.error.issues
    .slice(0, MAX_ERRORS)
    .map((issue) => describeIssue(issue, what));
  const more = result.error.issues.length - MAX_ERRORS;
  if (more > 0) errors.push(`and ${more} more problems`);
  return { ok: false, errors };
}

type Issue = z.core.$ZodIssue;

function describeIssue(issue: Issue, what: string): string {
  const where = issue.path.length === 0 ? `The ${what}` : `"${pathText(issue.path)}"`;
  switch (issue.code) {
    case 'unrecognized_keys':
      return `${where} has unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.map((k) => `"${k}"`).join(', ')}.`;
    case 'invalid_type':
      return issue.input === undefined
        ? `${where} is missing.`
        : `${where} must be ${article(issue.expected)}.`;
    case 'invalid_value':
      if (issue.input === undefined) return `${where} is missing.`;
      return `${where} must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}.`;
    case 'too_big':
      return `${where} ${bound('at most', issue.origin, issue.maximum)}.`;
    case 'too_small':
      return `${where} ${bound('at least', issue.origin, issue.minimum)}.`;
    default:
      return `${where}: ${issue.message}`;
  }
}

function bound(word: string, origin: string, limit: number | bigint): string {
  const n = Number(limit).toLocaleString('en-US');
  if (origin === 'string') return `must have ${word} ${n} characters`;
  if (origin === 'array') return `must have ${word} ${n} entries`;
  return `must be ${word} ${n}`;
}

function article(expected: string): string {
  if (expected === 'int') return 'a whole number';
  if (expected === 'object') return 'an object ({...})';
  if (expected === 'array') return 'a list ([...])';
  return `a ${expected}`;
}

function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    text =
      typeof part === 'number'
        ? `${text}[${part + 1}]`
        : text
          ? `${text}.${String(part)}`
          : String(part);
  }
  return text;
}

function fail<T>(error: string): Checked<T> {
  return { ok: false, errors: [error] };
}
