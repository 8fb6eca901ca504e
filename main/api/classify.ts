// The ONE place where failures become ApiErrors (with classify-transport.ts, its half for failures
// without an answer). The scheduler acts on `info.class` only, so every path that can fail (HTTP
// status, body, transport, local file) ends here, and nothing else in the client decides what a
// failure means.
import {
  ApiError,
  type ApiErrorInfo,
  type BatchRefusal,
  type Endpoint,
  type RateLimitScope,
  type RetryReason,
  type SafeCause,
} from './errors';
import { RETRY_SENTENCES } from '../../common/job-messages';
import type { LimitSnapshot } from './limits';
import { safeText, type Redactor } from './redact';

export {
  ApiError,
  isApiError,
  countsAsAttempt,
  type ApiErrorInfo,
  type ErrorClass,
  type Endpoint,
  type RateLimitScope,
  type RetryReason,
} from './errors';

/** Used when a 429 carries no usable Retry-After and no reset time. */
export const DEFAULT_RETRY_AFTER_MS = 30_000;
/**
 * A concurrency 429 names no wait (7.3 gives it only the X-ConcurrencyLimit-* headers): a slot
 * frees when any task ends, so the first wait is short and the pacer doubles it while refusals go
 * on. The request window's reset would stall the run for up to a minute with slots free.
 */
export const CONCURRENCY_FIRST_WAIT_MS = 1_000;

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/**
 * FastAPI-style validation bodies carry `detail` as a list of `{loc, msg}`: their messages, joined.
 */
function detailText(detail: unknown): unknown {
  if (!Array.isArray(detail)) return detail;
  return detail
    .map((d) => field(d, 'msg'))
    .filter((m): m is string => typeof m === 'string')
    .join('; ');
}

/** The most specific human-readable text an error body offers. */
function serverMessage(body: unknown, redact: Redactor): string {
  for (const name of ['message', 'detail', 'error']) {
    const raw = name === 'detail' ? detailText(field(body, name)) : field(body, name);
    const text = safeText(raw, redact);
    if (text !== '') return text;
  }
  return '';
}

/** A bound the service states in words: "at most 4 files", "between 1 and 50", "<= 50". */
export function statedBound(text: string): number | null {
  const m =
    /(?:at most|max(?:imum)?|up to|no more than|less than or equal to|<=|≤|limit(?: is| of)?|between \d+ and|only)\s*:?\s*(\d{1,6})/i.exec(
      text,
    );
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** What a refused batch most likely means (see BatchRefusal); the order of the tests matters. */
export function batchRefusal(errorCode: unknown, text: string): BatchRefusal {
  const code = typeof errorCode === 'string' ? errorCode.toLowerCase() : '';
  if (code.includes('too_many') || code.includes('batch_size')) return 'too_many_files';
  if (
    /(too many|at most|max(imum)?|up to|no more than|limit)\b.{0,40}\b(files?|images?|photos?|items?)\b|\b(files?|images?|photos?|items?)\b.{0,40}\b(too many|at most|max(imum)?|limit|exceed)/i.test(
      text,
    )
  )
    return 'too_many_files';
  // The CAD refusal names the business too, so "not supported" is looked for first.
  if (
    code.includes('unsupported') ||
    /\bCAD\b|not support|unsupported|single[- ]task|\/api\/open\/tasks/i.test(text)
  )
    return 'unsupported';
  if (code.includes('business') || /\bbusiness\b/i.test(text)) return 'unknown_business';
  return 'unclear';
}

export function make(
  endpoint: Endpoint,
  info: ApiErrorInfo,
  message: string,
  status?: number,
  cause?: SafeCause,
): ApiError {
  return new ApiError({ endpoint, info, message, status, cause });
}

// The sentences live in common/ so the window can word them by their reason.
export const RETRY_MESSAGES: Readonly<Record<RetryReason, string>> = RETRY_SENTENCES;

export function retryLater(
  endpoint: Endpoint,
  reason: RetryReason,
  status?: number,
  cause?: SafeCause,
): ApiError {
  return make(endpoint, { class: 'retry_later', reason }, RETRY_MESSAGES[reason], status, cause);
}

// ---------------------------------------------------------------------------------------------
// HTTP responses

export interface HttpFailure {
  readonly endpoint: Endpoint;
  readonly status: number;
  /** Parsed JSON body, or undefined when the body was not JSON (the status still decides). */
  readonly body: unknown;
  readonly limits: LimitSnapshot;
  /** Submission units the request asked for; helps tell a submission-limit 429 apart. */
  readonly units?: number;
}

const UPLOADS: readonly Endpoint[] = ['create_task', 'create_batch'];
const READS_BY_ID: readonly Endpoint[] = ['get_task', 'get_batch'];

function scopeFromBody(body: unknown): RateLimitScope | undefined {
  const hint = [field(body, 'error'), field(body, 'scope')]
    .filter((v): v is string => typeof v === 'string')
    .join(' ');
  if (/concurren/i.test(hint)) return 'concurrency';
  if (/submission/i.test(hint)) return 'submissions';
  if (/rate|request/i.test(hint)) return 'requests';
  return undefined;
}

/** Which limit a 429 hit: the body's own words first, then whichever header shows exhaustion. */
export function rateLimitScope(body: unknown, limits: LimitSnapshot, units = 0): RateLimitScope {
  const fromBody = scopeFromBody(body);
  if (fromBody) return fromBody;
  const { requests, submissions, concurrency } = limits;
  if (requests?.remaining === 0) return 'requests';
  const subLeft = submissions?.remaining;
  if (subLeft !== undefined && (subLeft === 0 || units > subLeft)) return 'submissions';
  const full =
    concurrency?.remaining === 0 ||
    (concurrency?.limit !== undefined &&
      concurrency.active !== undefined &&
      concurrency.active >= concurrency.limit);
  return full ? 'concurrency' : 'unknown';
}

/** Retry-After when usable; else the request window's reset; else a sane default. */
export function retryAfterMs(limits: LimitSnapshot): number {
  if (limits.retryAfterMs !== undefined) return limits.retryAfterMs;
  const reset = limits.requests?.resetAtMs;
  if (reset !== undefined && reset > limits.observedAtMs) {
    return Math.max(1000, reset - limits.observedAtMs);
  }
  return DEFAULT_RETRY_AFTER_MS;
}

function classify429(f: HttpFailure, redact: Redactor): ApiError {
  if (field(f.body, 'error') === 'quota_exhausted') {
    const quota = field(f.body, 'quota');
    const remaining = field(quota, 'remaining');
    const summaryText = safeText(field(quota, 'quota_summary_text'), redact);
    return make(
      f.endpoint,
      {
        class: 'quota_exhausted',
        remaining: typeof remaining === 'number' && Number.isFinite(remaining) ? remaining : null,
        summaryText,
      },
      summaryText === '' ? 'The account has no quota left.' : `No quota left: ${summaryText}`,
      f.status,
    );
  }
  const scope = rateLimitScope(f.body, f.limits, f.units);
  const guessed = scope === 'concurrency' && f.limits.retryAfterMs === undefined;
  const waitMs = guessed ? CONCURRENCY_FIRST_WAIT_MS : retryAfterMs(f.limits);
  return make(
    f.endpoint,
    { class: 'rate_limited', retryAfterMs: waitMs, scope, ...(guessed && { guessed }) },
    `The API key's ${scope === 'unknown' ? 'rate' : scope} limit was reached; waiting ${Math.ceil(waitMs / 1000)} s.`,
    f.status,
  );
}

/** Classifies a non-2xx response (or a 2xx whose body says ok:false). */
export function classifyResponse(f: HttpFailure, redact: Redactor): ApiError {
  const { endpoint, status, body } = f;
  const text = serverMessage(body, redact);
  const withText = (base: string): string => (text === '' ? base : `${base}: ${text}`);

  if (status >= 200 && status < 300) {
    // ok:false on success: the body may still name a known condition.
    if (field(body, 'error') === 'quota_exhausted') return classify429(f, redact);
    return make(
      endpoint,
      { class: 'retry_later', reason: 'server_refused' },
      withText('The service reported a failure'),
      status,
    );
  }
  if (status >= 300 && status < 400) return retryLater(endpoint, 'redirect', status);
  if (status >= 500) {
    // Retry-After on a 5xx is the service saying when it is back (maintenance, overload): a hold.
    const waitMs = f.limits.retryAfterMs;
    if (waitMs === undefined) return retryLater(endpoint, 'server_error', status);
    return make(
      endpoint,
      { class: 'service_hold', retryAfterMs: waitMs, serviceSays: text },
      withText(
        `The service is unavailable for now (${status}), back in ${Math.ceil(waitMs / 1000)} s`,
      ),
      status,
    );
  }

  switch (status) {
    case 400:
    case 422: {
      // Validation answers: FastAPI-style deployments send 422 where others send 400.
      if (endpoint === 'create_batch') {
        const refusal = batchRefusal(field(body, 'error'), text);
        return make(
          endpoint,
          {
            class: 'batch_refused',
            refusal,
            maxFiles: refusal === 'too_many_files' ? statedBound(text) : null,
            detail: text,
          },
          withText('The service refused the batch'),
          status,
        );
      }
      return make(
        endpoint,
        { class: 'bad_request', message: text, maxLimit: statedBound(text) },
        withText('The service rejected the request'),
        status,
      );
    }
    case 401:
      return make(
        endpoint,
        { class: 'key_rejected' },
        'The API key was rejected (missing, invalid, expired or disabled).',
        status,
      );
    case 403:
      return make(
        endpoint,
        { class: 'permission_denied', message: text },
        withText('The API key may not do this (scope, IP allowlist or inactive account)'),
        status,
      );
    case 404:
      if (READS_BY_ID.includes(endpoint)) {
        return make(
          endpoint,
          { class: 'not_found' },
          endpoint === 'get_task'
            ? 'The service does not know this task.'
            : 'The service does not know this batch.',
          status,
        );
      }
      break;
    case 409:
      if (endpoint === 'create_batch') {
        return make(
          endpoint,
          { class: 'business_refused', message: text },
          withText('The service refused the business value'),
          status,
        );
      }
      break;
    case 413:
    case 415:
      if (UPLOADS.includes(endpoint)) {
        return make(
          endpoint,
          { class: 'file_rejected', status, message: text },
          withText(
            status === 413
              ? 'The service refused the file as too large'
              : 'The service refused the file as not a supported image',
          ),
          status,
        );
      }
      break;
    case 408:
      return retryLater(endpoint, 'timeout', status);
    case 429:
      return classify429(f, redact);
  }
  return retryLater(endpoint, 'unexpected_status', status);
}

// ---------------------------------------------------------------------------------------------
// Bodies that could not be used

export type BodyProblem = 'non_json_body' | 'malformed_json' | 'invalid_body' | 'body_too_large';

export function classifyBodyProblem(
  endpoint: Endpoint,
  status: number,
  problem: BodyProblem,
  detail?: string,
): ApiError {
  const cause = detail === undefined ? undefined : { name: problem, message: detail };
  return retryLater(endpoint, problem, status, cause);
}
