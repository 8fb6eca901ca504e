// Which meter a photo belongs to, from its path. The default: a meter id appears in the file name
// as a whole token (runs of letters and digits; "12345" matches IMG_12345_a.jpg, not 112345.jpg),
// else in a folder name, nearest folder first. With a configured pattern, only the pattern
// decides. Matching looks tokens up in maps built once per route sheet, so a photo costs the same
// with 100 meters or 100,000. A camera's own numbering (IMG_0001, DSC_0042, PXL_20261120_…) is
// never taken for a number-only meter id: meters 0001–0045 matched five readers' IMG_0001… once.
import { matchFilePattern, type FilePattern } from './file-pattern';

export interface MeterIndex {
  /** Token key ("12 345") → meter ids with that key (more than one: ambiguous). */
  readonly byKey: ReadonlyMap<string, readonly string[]>;
  readonly byAccount: ReadonlyMap<string, readonly string[]>;
  /** Token counts of the ids, longest first: the window sizes a file name is searched with. */
  readonly tokenCounts: readonly number[];
  readonly size: number;
}

export type MeterEntry = string | { meterId: string; account?: string | null };

export type FileMatch =
  | { meterId: string; how: 'pattern' | 'token' | 'folder'; date?: string; route?: string }
  | { none: string }
  | { ambiguous: string[] };

const TOKEN = /[\p{L}\p{N}]+/gu;
/** Longer ids are rare; past this many tokens an id is matched only through a pattern. */
const MAX_ID_TOKENS = 6;

/**
 * Separators are not part of the key: "12-345", "12/345" and "12_345" are the same id to a file
 * name (a "/" cannot be in one at all), and case does not count.
 */
export function tokenKey(text: string): string {
  return (text.toLowerCase().match(TOKEN) ?? []).join(' ');
}

export function buildMeterIndex(meters: Iterable<MeterEntry>): MeterIndex {
  const byKey = new Map<string, string[]>();
  const byAccount = new Map<string, string[]>();
  const counts = new Set<number>();
  let size = 0;
  const add = (map: Map<string, string[]>, key: string, id: string) => {
    const list = map.get(key);
    if (!list) map.set(key, [id]);
    else if (!list.includes(id)) list.push(id);
  };
  for (const entry of meters) {
    const meterId = typeof entry === 'string' ? entry : entry.meterId;
    const key = tokenKey(meterId);
    if (key === '') continue;
    size++;
    add(byKey, key, meterId);
    counts.add(Math.min(key.split(' ').length, MAX_ID_TOKENS + 1));
    const account = typeof entry === 'string' ? null : (entry.account ?? null);
    if (account !== null && tokenKey(account) !== '') add(byAccount, tokenKey(account), meterId);
  }
  const tokenCounts = [...counts].filter((n) => n <= MAX_ID_TOKENS).sort((a, b) => b - a);
  return { byKey, byAccount, tokenCounts, size };
}

/** The folder a photo sits in, as a route name; null for a photo at the top of what was added. */
export function routeFromFolder(relPath: string): string | null {
  const parts = pathParts(relPath);
  return parts.length >= 2 ? (parts[parts.length - 2] ?? null) : null;
}

export function matchFileName(
  index: MeterIndex,
  relPath: string,
  pattern?: FilePattern,
  /** The office says its cameras' numbers are its meter numbers (off by default). */
  opts: { cameraCounters?: boolean } = {},
): FileMatch {
  const parts = pathParts(relPath);
  const fileName = parts[parts.length - 1] ?? '';
  if (pattern) return byPattern(index, parts.join('/'), fileName, pattern);
  const stem = stripExtension(fileName);
  const inName = idsInName(index, stem, opts.cameraCounters ? new Set() : cameraCounters(stem));
  if (inName.length === 1) return { meterId: inName[0] ?? '', how: 'token' };
  if (inName.length > 1) return { ambiguous: inName };
  for (let i = parts.length - 2; i >= 0; i--) {
    const inFolder = idsInName(index, parts[i] ?? '');
    if (inFolder.length === 1) return { meterId: inFolder[0] ?? '', how: 'folder' };
    if (inFolder.length > 1) return { ambiguous: inFolder };
  }
  return { none: `No meter id of the route sheet appears in "${fileName}" or its folder names.` };
}

function byPattern(
  index: MeterIndex,
  path: string,
  fileName: string,
  pattern: FilePattern,
): FileMatch {
  const found = matchFilePattern(pattern, path);
  if (found === null) return { none: `"${fileName}" does not fit the pattern ${pattern.source}.` };
  const extra = {
    ...(found.date === undefined ? {} : { date: found.date }),
    ...(found.route === undefined ? {} : { route: found.route }),
  };
  const lookups: [string, ReadonlyMap<string, readonly string[]>, string][] = [];
  if (found.meter !== undefined) lookups.push([found.meter, index.byKey, 'meter']);
  if (found.account !== undefined) lookups.push([found.account, index.byAccount, 'account']);
  for (const [text, map, what] of lookups) {
    const ids = map.get(tokenKey(text)) ?? [];
    if (ids.length === 1) return { meterId: ids[0] ?? '', how: 'pattern', ...extra };
    if (ids.length > 1) return { ambiguous: [...ids] };
    return {
      none: `The pattern read ${what} "${text}" from "${fileName}", but the route sheet has no such ${what}.`,
    };
  }
  return { none: `The pattern found no meter in "${fileName}".` };
}

/**
 * Meter ids whose tokens appear consecutively in `name`. A match inside a longer match is dropped
 * ("12-345" wins over "345"), so an id is ambiguous only with another id beside it.
 */
function idsInName(
  index: MeterIndex,
  name: string,
  counters: ReadonlySet<number> = new Set(),
): string[] {
  const tokens = name.toLowerCase().match(TOKEN) ?? [];
  const covered: { from: number; to: number }[] = [];
  const ids: string[] = [];
  for (const width of index.tokenCounts) {
    for (let i = 0; i + width <= tokens.length; i++) {
      const hits = index.byKey.get(tokens.slice(i, i + width).join(' '));
      if (!hits) continue;
      // A number-only id in the camera's counter is the camera's, not the meter's.
      if (width === 1 && counters.has(i)) continue;
      if (covered.some((c) => i >= c.from && i + width <= c.to && c.to - c.from > width)) continue;
      covered.push({ from: i, to: i + width });
      for (const id of hits) if (!ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

/**
 * File names cameras and phones give by themselves: a maker's prefix and a counter
 * (IMG_0001, DSC_0042, DSCN0042 (one token), P1000123, GOPR0001, DJI_0001), or a date and time
 * (PXL_20261120_093015123, IMG_20261120_093015, IMG-20261120-WA0001), with a copy mark at most
 * ("IMG_0001 (2)", "IMG_0001-1", "IMG_0001_edited").
 */
const CAMERA_NAME =
  /^(?:img|dsc|dscf|pxl|mvimg|vid|imag|cimg|pict|sam|dji|gopr|gp|wp|photo|p)[_-]?(?:\d{3,7}|\d{8}[_-](?:\d{6,9}(?:[_-]\d{1,3})?|wa\d{4}))(?:[_-](?:edited|\d{1,2})|\s?\(\d{1,2}\))?$/i;

/** The positions of the tokens of `stem` that are a camera's counter or time stamp. */
export function cameraCounters(stem: string): Set<number> {
  if (!CAMERA_NAME.test(stem.trim())) return new Set();
  const tokens = stem.toLowerCase().match(TOKEN) ?? [];
  const numeric = tokens.flatMap((t, i) => (/^\d+$/.test(t) ? [i] : []));
  return new Set(numeric);
}

function pathParts(relPath: string): string[] {
  return relPath
    .replaceAll('\\', '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
}

function stripExtension(fileName: string): string {
  return fileName.replace(/\.[\p{L}\p{N}]{1,5}$/u, '');
}
