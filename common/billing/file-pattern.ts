// File-name patterns such as "{meter}_{date}.jpg" or "{route}/{meter}-{any}.jpg". The clerk's
// text is never compiled as a regular expression: it is tokenised here, literals are escaped,
// and each token becomes a fixed, bounded piece. Tokens never cross a "/" (one folder level each).
import { isCalendarDate, isoDate } from './calendar';

export const PATTERN_TOKENS = ['meter', 'account', 'route', 'date', 'any'] as const;
export type PatternToken = (typeof PATTERN_TOKENS)[number];

export const MAX_PATTERN_CHARS = 200;
/** Tokens of open length in one path segment: more would let a file name cost seconds to match. */
export const MAX_OPEN_TOKENS_PER_SEGMENT = 3;
const MAX_MATCHED_PATH_CHARS = 1024;

export interface FilePattern {
  /** As the clerk wrote it. */
  readonly source: string;
  readonly segments: readonly CompiledSegment[];
}

interface CompiledSegment {
  readonly regex: RegExp;
  /** The token each capturing group fills, in order. */
  readonly groups: readonly Exclude<PatternToken, 'any'>[];
}

export type CompiledPattern = { ok: true; pattern: FilePattern } | { ok: false; error: string };

export interface PatternMatch {
  meter?: string;
  account?: string;
  route?: string;
  /** yyyy-mm-dd. */
  date?: string;
}

type Piece = { kind: 'literal'; text: string } | { kind: 'token'; token: PatternToken; at: number };

const OPEN: ReadonlySet<PatternToken> = new Set(['meter', 'account', 'route', 'any']);
const TOKEN_LIST = '{meter}, {account}, {route}, {date}, {any} and *';

// yyyy-mm-dd, yyyy_mm_dd, yyyy.mm.dd, dd.mm.yyyy, dd-mm-yyyy, dd_mm_yyyy, yyyymmdd, ddmmyyyy.
const DATE_PIECE = '(\\d{4}[-_.]\\d{2}[-_.]\\d{2}|\\d{2}[-_.]\\d{2}[-_.]\\d{4}|\\d{8})';
const OPEN_PIECE = '([^/]+?)';
const ANY_PIECE = '[^/]*?';
const WORD_PIECE = '([\\p{L}\\p{N}]+)';

export function compileFilePattern(source: string): CompiledPattern {
  if (source.trim() === '') return fail('The pattern is empty.');
  if (source.length > MAX_PATTERN_CHARS) {
    return fail(
      `The pattern is ${source.length.toLocaleString('en-US')} characters long; at most ${MAX_PATTERN_CHARS} are allowed.`,
    );
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(source)) return fail('The pattern contains control characters.');
  const pieces = tokenise(source.replaceAll('\\', '/'));
  if (typeof pieces === 'string') return fail(pieces);
  const problem = checkTokens(pieces);
  if (problem !== null) return fail(problem);
  const segments: CompiledSegment[] = [];
  for (const segment of splitSegments(pieces)) {
    if (segment.length === 0) {
      return fail('The pattern has an empty folder name (a "/" at the start or end, or "//").');
    }
    const compiled = compileSegment(segment);
    if (typeof compiled === 'string') return fail(compiled);
    segments.push(compiled);
  }
  return { ok: true, pattern: { source, segments } };
}

function tokenise(text: string): Piece[] | string {
  const pieces: Piece[] = [];
  let literal = '';
  const flush = () => {
    if (literal !== '') pieces.push({ kind: 'literal', text: literal });
    literal = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (c === '}')
      return `Unbalanced "}" at position ${i + 1}: tokens are written {meter}, {date} and so on.`;
    if (c === '*') {
      flush();
      pieces.push({ kind: 'token', token: 'any', at: i + 1 });
    } else if (c === '{') {
      const end = text.indexOf('}', i);
      const nextOpen = text.indexOf('{', i + 1);
      if (end === -1 || (nextOpen !== -1 && nextOpen < end)) {
        return `Unbalanced "{" at position ${i + 1}: every "{" needs a "}" (known tokens: ${TOKEN_LIST}).`;
      }
      const name = text
        .slice(i + 1, end)
        .trim()
        .toLowerCase();
      if (!(PATTERN_TOKENS as readonly string[]).includes(name)) {
        const shown = text.slice(i, end + 1);
        return `Unknown token ${shown.length > 30 ? `${shown.slice(0, 30)}…` : shown} at position ${i + 1}; known tokens: ${TOKEN_LIST}.`;
      }
      flush();
      pieces.push({ kind: 'token', token: name as PatternToken, at: i + 1 });
      i = end;
    } else {
      literal += c;
    }
  }
  flush();
  return pieces;
}

function checkTokens(pieces: readonly Piece[]): string | null {
  const counts = new Map<PatternToken, number>();
  for (const piece of pieces) {
    if (piece.kind === 'token') counts.set(piece.token, (counts.get(piece.token) ?? 0) + 1);
  }
  if (!counts.has('meter') && !counts.has('account')) {
    return 'The pattern must contain {meter} (or {account}): it says where the meter id is.';
  }
  for (const token of ['meter', 'account', 'route', 'date'] as const) {
    if ((counts.get(token) ?? 0) > 1) return `The pattern contains {${token}} more than once.`;
  }
  return null;
}

function splitSegments(pieces: readonly Piece[]): Piece[][] {
  const segments: Piece[][] = [[]];
  for (const piece of pieces) {
    if (piece.kind === 'token') {
      segments[segments.length - 1]?.push(piece);
      continue;
    }
    const parts = piece.text.split('/');
    parts.forEach((part, i) => {
      if (i > 0) segments.push([]);
      if (part !== '') segments[segments.length - 1]?.push({ kind: 'literal', text: part });
    });
  }
  return segments;
}

function compileSegment(pieces: readonly Piece[]): CompiledSegment | string {
  const merged = pieces.filter(
    (p, i) => !(isAny(p) && isAny(pieces[i - 1])), // "**" is one "*"
  );
  let source = '^';
  const groups: Exclude<PatternToken, 'any'>[] = [];
  let open = 0;
  for (let i = 0; i < merged.length; i++) {
    const piece = merged[i];
    if (piece === undefined) continue;
    if (piece.kind === 'literal') {
      source += escapeLiteral(piece.text);
      continue;
    }
    const { token } = piece;
    if (token === 'any') {
      open++;
      source += ANY_PIECE;
      continue;
    }
    if (token === 'date') {
      source += DATE_PIECE;
      groups.push(token);
      continue;
    }
    open++;
    const before = merged[i - 1];
    const after = merged[i + 1];
    for (const other of [before, after]) {
      if (other?.kind === 'token' && OPEN.has(other.token) && other.token !== 'any') {
        return `${show(token)} and ${show(other.token)} follow each other with nothing between them, so MeterDesk cannot tell where one ends (position ${Math.max(piece.at, other.at)}).`;
      }
    }
    // Beside "*" a token is one run of letters and digits: "{meter}*" reads 4711 from "4711 a.jpg".
    source += isAny(before) || isAny(after) ? WORD_PIECE : OPEN_PIECE;
    groups.push(token);
  }
  if (open > MAX_OPEN_TOKENS_PER_SEGMENT) {
    return `The pattern has ${open} open tokens ({meter}, {account}, {route}, {any}, *) in one file or folder name; at most ${MAX_OPEN_TOKENS_PER_SEGMENT} are allowed.`;
  }
  return { regex: new RegExp(`${source}$`, 'iu'), groups };
}

function isAny(piece: Piece | undefined): boolean {
  return piece?.kind === 'token' && piece.token === 'any';
}

function show(token: PatternToken): string {
  return `{${token}}`;
}

/** Every character that means something in a regular expression, escaped. */
function escapeLiteral(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** Matches the last path segments of `relPath` ("/" or "\" separated) against the pattern. */
export function matchFilePattern(pattern: FilePattern, relPath: string): PatternMatch | null {
  if (relPath.length > MAX_MATCHED_PATH_CHARS) return null;
  const parts = relPath
    .replaceAll('\\', '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  const { segments } = pattern;
  if (parts.length < segments.length) return null;
  const tail = parts.slice(parts.length - segments.length);
  const found: PatternMatch = {};
  for (let s = 0; s < segments.length; s++) {
    const segment = segments[s];
    const m = segment?.regex.exec(tail[s] ?? '');
    if (!segment || !m) return null;
    for (let g = 0; g < segment.groups.length; g++) {
      const token = segment.groups[g];
      const value = m[g + 1] ?? '';
      if (token === 'date') {
        const date = fileNameDate(value);
        if (date === null) return null;
        found.date = date;
      } else if (token !== undefined) {
        found[token] = value;
      }
    }
  }
  return found;
}

/**
 * yyyy-mm-dd or dd-mm-yyyy with "-", "_" or "." (one kind), or eight digits: yyyymmdd, else
 * ddmmyyyy (never both valid: a yyyymmdd month would be 19 to 21).
 */
export function fileNameDate(text: string): string | null {
  const ymd = /^(\d{4})([-_.])(\d{2})\2(\d{2})$/.exec(text);
  if (ymd) return dateOf(ymd[1], ymd[3], ymd[4]);
  const dmy = /^(\d{2})([-_.])(\d{2})\2(\d{4})$/.exec(text);
  if (dmy) return dateOf(dmy[4], dmy[3], dmy[1]);
  if (!/^\d{8}$/.test(text)) return null;
  return (
    dateOf(text.slice(0, 4), text.slice(4, 6), text.slice(6, 8)) ??
    dateOf(text.slice(4, 8), text.slice(2, 4), text.slice(0, 2))
  );
}

function dateOf(year = '', month = '', day = ''): string | null {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  return isCalendarDate(y, m, d) ? isoDate(y, m, d) : null;
}

function fail(error: string): CompiledPattern {
  return { ok: false, error };
}
