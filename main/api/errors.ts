// The one error type the API client throws for failures. It is built only by classify.ts; this file
// holds its shape so that every other module (and the scheduler) can import it without pulling in
// the classification logic.

/** Which endpoint a call went to; part of every error so logs say what failed without a URL. */
export type Endpoint =
  'quota' | 'ai_status' | 'create_task' | 'get_task' | 'list_tasks' | 'create_batch' | 'get_batch';

/** Which per-key limit a 429 hit (spec 8.2); 'unknown' when neither body nor headers say. */
export type RateLimitScope = 'requests' | 'submissions' | 'concurrency' | 'unknown';

/** Why a `retry_later` error happened; lets logs and tests tell causes apart. */
export type RetryReason =
  | 'server_error' // 5xx
  | 'timeout' // headers or body timeout
  | 'connection_reset' // socket closed or reset mid-request
  | 'redirect' // any 3xx: never followed, see http.ts
  | 'unexpected_status' // a status the spec does not give for this endpoint
  | 'non_json_body' // e.g. an HTML page from a proxy or captive portal
  | 'malformed_json'
  | 'invalid_body' // JSON, but required fields missing or of the wrong type
  | 'body_too_large'
  | 'server_refused' // a 2xx whose body says ok:false
  | 'tls' // the service's certificate could not be verified (never bypassed)
  | 'proxy_auth' // the proxy answered 407: it wants credentials MeterDesk was not given
  | 'proxy_refused' // the proxy would not open a tunnel to the service (403, 502, ...)
  | 'transport'; // any other failure below HTTP

/**
 * What a refused batch (400/422 on POST /batches) most likely means, read from the service's own
 * words (spec 4.6 and 7 leave the bodies open): too many files (with the number when it says
 * it), batches not supported by this deployment (CAD), the business value not known, or unclear.
 */
export type BatchRefusal = 'too_many_files' | 'unsupported' | 'unknown_business' | 'unclear';

/** Why the local file could not be sent; the request never reached the service. */
export type LocalFileReason = 'vanished' | 'changed_on_disk' | 'unreadable';

/** Everything the scheduler needs to act on a failure, discriminated by `class`. */
export type ApiErrorInfo =
  | { class: 'retry_later'; reason: RetryReason }
  | { class: 'network_down'; code: string }
  /** `guessed`: the service named no wait (a concurrency 429 without Retry-After, 7.3). */
  | { class: 'rate_limited'; retryAfterMs: number; scope: RateLimitScope; guessed?: boolean }
  /**
   * A 5xx with Retry-After (a maintenance window, an overload): the service says when to ask
   * again. A hold of the whole key, never a photo's failure; `serviceSays` is its own message.
   */
  | { class: 'service_hold'; retryAfterMs: number; serviceSays: string }
  | { class: 'quota_exhausted'; remaining: number | null; summaryText: string }
  | { class: 'key_rejected' }
  | { class: 'permission_denied'; message: string }
  | { class: 'file_rejected'; status: 413 | 415; message: string }
  | { class: 'batch_refused'; refusal: BatchRefusal; maxFiles: number | null; detail: string }
  | { class: 'business_refused'; message: string }
  | { class: 'not_found' }
  | { class: 'bad_request'; message: string; maxLimit: number | null }
  | { class: 'local_file'; reason: LocalFileReason };

export type ErrorClass = ApiErrorInfo['class'];

/** A redacted, JSON-safe stand-in for the low-level error behind a failure. */
export interface SafeCause {
  readonly name: string;
  readonly code?: string;
  readonly message: string;
}

export interface ApiErrorInit {
  readonly info: ApiErrorInfo;
  readonly endpoint: Endpoint;
  readonly message: string;
  readonly status?: number;
  readonly cause?: SafeCause;
}

/**
 * A classified API failure. `message` is a short user-facing sentence; `info` carries the class
 * and its data. Nothing in it is derived from the API key or request headers, so it is safe to log,
 * print and JSON.stringify (server-supplied text is redacted and truncated by classify.ts).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly info: ApiErrorInfo;
  readonly endpoint: Endpoint;
  readonly status: number | undefined;
  // Shadow Error#cause with a plain, redacted object: raw undici errors can hold request options.
  override readonly cause: SafeCause | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.info = init.info;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.cause = init.cause;
  }

  /** Shorthand for `info.class`; switch on `info.class` to get the narrowed data. */
  get class(): ErrorClass {
    return this.info.class;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      class: this.info.class,
      message: this.message,
      endpoint: this.endpoint,
      status: this.status,
      info: this.info,
      cause: this.cause,
    };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Whether a failure should count against a job's retry budget. Waiting for a rate-limit window,
 * a maintenance window or for the network to come back is not the job's fault, so those never use up attempts.
 */
export function countsAsAttempt(error: ApiError): boolean {
  const { class: kind } = error.info;
  return kind !== 'rate_limited' && kind !== 'network_down' && kind !== 'service_hold';
}
