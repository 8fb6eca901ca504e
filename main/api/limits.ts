// Robust parsing of the per-key limit headers (spec 8.3). Header values come from the network, so
// every number is checked: garbage becomes "unknown", negatives and absurd values are clamped, and
// times are turned into local epoch milliseconds the pacer can compare with its own clock.
import type { ServerClock } from './server-clock';

/** Response headers as undici hands them over (lower-case names, repeated headers as arrays). */
export type HeaderMap = Readonly<Record<string, string | string[] | undefined>>;

export interface WindowLimit {
  readonly limit?: number;
  readonly remaining?: number;
}

export interface RequestWindowLimit extends WindowLimit {
  /** Local epoch ms at which the server's request window resets. */
  readonly resetAtMs?: number;
  /**
   * The same reset in the server's own clock. Unlike resetAtMs it does not move with network
   * latency, so it tells whether two responses speak about the same window.
   */
  readonly windowId?: number;
}

export interface ConcurrencyLimit {
  readonly limit?: number;
  readonly active?: number;
  readonly remaining?: number;
}

/** What one response said about the key's limits; absent members were absent or unusable. */
export interface LimitSnapshot {
  readonly observedAtMs: number;
  readonly requests?: RequestWindowLimit;
  readonly submissions?: WindowLimit;
  readonly concurrency?: ConcurrencyLimit;
  /** Parsed Retry-After, as a wait from `observedAtMs`. */
  readonly retryAfterMs?: number;
}

/** Counts above this are treated as "effectively unlimited" rather than trusted verbatim. */
export const MAX_COUNT = 1_000_000;
/** Longest wait any header may impose; per-minute limits never need more, so more is garbage. */
export const MAX_WAIT_MS = 10 * 60_000;
/** X-RateLimit-Reset values below this are a delta in seconds, above it a Unix time (spec 8.3). */
const UNIX_SECONDS_THRESHOLD = 1e9;
/** Values above this can only be Unix milliseconds. */
const UNIX_MS_THRESHOLD = 1e12;

const NUMBER = /^\s*[+-]?\d+(?:\.\d+)?\s*$/;

export function headerValue(headers: HeaderMap, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  // A repeated header is ambiguous; the first value is what most servers mean.
  return Array.isArray(value) ? value[0] : value;
}

/** A finite number from a header, or undefined for anything that is not plainly numeric. */
export function parseNumber(raw: string | undefined): number | undefined {
  if (raw === undefined || !NUMBER.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** A non-negative integer count; negative remaining means "none left", huge means "plenty". */
function parseCount(raw: string | undefined, negative: 'zero' | 'unknown'): number | undefined {
  const value = parseNumber(raw);
  if (value === undefined) return undefined;
  if (value < 0) return negative === 'zero' ? 0 : undefined;
  return Math.min(Math.floor(value), MAX_COUNT);
}

function clampWait(ms: number): number {
  return Math.min(Math.max(0, Math.round(ms)), MAX_WAIT_MS);
}

/**
 * The server's clock reading from the Date header, used to convert absolute times it sends into
 * waits: the desktop clock may be minutes off, and only the difference matters.
 */
export function serverDateMs(headers: HeaderMap): number | undefined {
  const raw = headerValue(headers, 'date');
  if (raw === undefined) return undefined;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Retry-After as seconds or an HTTP date, as a wait in ms; undefined when unusable. */
export function parseRetryAfter(
  raw: string | undefined,
  nowMs: number,
  serverNowMs?: number,
): number | undefined {
  if (raw === undefined) return undefined;
  const seconds = parseNumber(raw);
  if (seconds !== undefined) return seconds < 0 ? undefined : clampWait(seconds * 1000);
  // Only try a date when it looks like one; Date.parse happily reads "1" as the year 2001.
  if (!/[a-z]/i.test(raw) || !/\d/.test(raw)) return undefined;
  const at = Date.parse(raw);
  if (!Number.isFinite(at)) return undefined;
  return clampWait(at - (serverNowMs ?? nowMs));
}

/**
 * X-RateLimit-Reset (a delta in seconds, Unix seconds or Unix ms) as the reset time in the server's
 * clock and in ours.
 */
export function parseResetTimes(
  raw: string | undefined,
  nowMs: number,
  serverNowMs?: number,
): { readonly resetAtMs: number; readonly windowId: number } | undefined {
  const value = parseNumber(raw);
  if (value === undefined || value < 0) return undefined;
  const serverNow = serverNowMs ?? nowMs;
  let atServerMs: number;
  if (value < UNIX_SECONDS_THRESHOLD) atServerMs = serverNow + value * 1000;
  else atServerMs = value < UNIX_MS_THRESHOLD ? value * 1000 : value;
  const waitMs = clampWait(atServerMs - serverNow);
  // The identity is not clamped below: a reset already past must still name its (old) window.
  return { resetAtMs: nowMs + waitMs, windowId: Math.min(atServerMs, serverNow + MAX_WAIT_MS) };
}

/** X-RateLimit-Reset as local epoch ms. */
export function parseReset(
  raw: string | undefined,
  nowMs: number,
  serverNowMs?: number,
): number | undefined {
  return parseResetTimes(raw, nowMs, serverNowMs)?.resetAtMs;
}

function withoutUndefined<T extends object>(value: T): T | undefined {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as T);
}

function windowOf(limit: number | undefined, remaining: number | undefined): WindowLimit {
  // Remaining above the limit is impossible; trust the limit.
  const capped =
    limit !== undefined && remaining !== undefined ? Math.min(remaining, limit) : remaining;
  return { limit, remaining: capped };
}

export function parseLimitHeaders(
  headers: HeaderMap,
  nowMs: number,
  serverClock?: ServerClock,
): LimitSnapshot {
  const date = serverDateMs(headers);
  const serverNow = serverClock ? serverClock.nowAt(date, nowMs) : date;
  const get = (name: string): string | undefined => headerValue(headers, name);

  const requests = withoutUndefined<RequestWindowLimit>({
    ...windowOf(
      parseCount(get('x-ratelimit-limit'), 'unknown'),
      parseCount(get('x-ratelimit-remaining'), 'zero'),
    ),
    ...parseResetTimes(get('x-ratelimit-reset'), nowMs, serverNow),
  });
  const submissions = withoutUndefined<WindowLimit>(
    windowOf(
      parseCount(get('x-submissionlimit-limit'), 'unknown'),
      parseCount(get('x-submissionlimit-remaining'), 'zero'),
    ),
  );
  const concurrency = withoutUndefined<ConcurrencyLimit>({
    ...windowOf(
      parseCount(get('x-concurrencylimit-limit'), 'unknown'),
      parseCount(get('x-concurrencylimit-remaining'), 'zero'),
    ),
    active: parseCount(get('x-concurrencylimit-active'), 'unknown'),
  });
  const retryAfterMs = parseRetryAfter(get('retry-after'), nowMs, serverNow);

  return {
    observedAtMs: nowMs,
    ...(requests && { requests }),
    ...(submissions && { submissions }),
    ...(concurrency && { concurrency }),
    ...(retryAfterMs !== undefined && { retryAfterMs }),
  };
}
