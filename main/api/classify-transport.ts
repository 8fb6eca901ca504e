// Failures with no answer to classify: the transport's errors (network down, timeouts, resets,
// TLS) and the local file's (gone or changed before or during its upload). The other half of the
// one classifier, classify.ts, holds the answers and the builders both use.
import { RETRY_SENTENCES } from '../../common/job-messages';
import { make, RETRY_MESSAGES, retryLater } from './classify';
import { ApiError, type Endpoint, type SafeCause } from './errors';
import { safeText, type Redactor } from './redact';

/** Could not reach the service at all: the scheduler pauses instead of burning retries. */
const NETWORK_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
/**
 * The TLS handshake failed: an untrusted, expired or mismatched certificate, or not TLS at all.
 * Reported as such (the fix is not "wait for the network"), and never retried without checks.
 */
function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code.includes('CERT') ||
    code === 'EPROTO' ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    code === 'HOSTNAME_MISMATCH' ||
    code === 'INVALID_CA'
  );
}
const RESET_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);

interface ErrorLike {
  readonly name: string;
  readonly code: string | undefined;
  readonly message: string;
}

/**
 * Chromium's network errors (Electron's net.fetch rejects with "net::ERR_..." in words only) as
 * the codes below already mean: so the window's engine and the CLI classify one way.
 */
const CHROMIUM_CODES: Readonly<Record<string, string>> = {
  ERR_CONNECTION_REFUSED: 'ECONNREFUSED',
  ERR_NAME_NOT_RESOLVED: 'ENOTFOUND',
  ERR_NAME_RESOLUTION_FAILED: 'EAI_AGAIN',
  ERR_INTERNET_DISCONNECTED: 'ENETDOWN',
  ERR_NETWORK_ACCESS_DENIED: 'ENETUNREACH',
  ERR_ADDRESS_UNREACHABLE: 'EHOSTUNREACH',
  ERR_CONNECTION_TIMED_OUT: 'UND_ERR_CONNECT_TIMEOUT',
  ERR_TIMED_OUT: 'ETIMEDOUT',
  ERR_CONNECTION_RESET: 'ECONNRESET',
  ERR_CONNECTION_CLOSED: 'ECONNRESET',
  ERR_CONNECTION_ABORTED: 'ECONNABORTED',
  ERR_EMPTY_RESPONSE: 'UND_ERR_SOCKET',
  ERR_NETWORK_CHANGED: 'ECONNRESET',
};

function chromiumCode(message: string): string | undefined {
  const name = /net::(ERR_[A-Z0-9_]+)/.exec(message)?.[1];
  // Certificate and SSL names (ERR_CERT_..., ERR_SSL_...) already read as TLS codes.
  return name === undefined ? undefined : (CHROMIUM_CODES[name] ?? name);
}

/** The error and its causes (undici and fetch nest the interesting one), at most a few deep. */
function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const rec = current as Record<string, unknown>;
    const message = typeof rec.message === 'string' ? rec.message : '';
    out.push({
      name: typeof rec.name === 'string' ? rec.name : 'Error',
      code: typeof rec.code === 'string' ? rec.code : chromiumCode(message),
      message,
    });
    current = rec.cause;
  }
  return out;
}

function safeCause(first: ErrorLike | undefined, redact: Redactor): SafeCause | undefined {
  if (!first) return undefined;
  return {
    name: first.name,
    ...(first.code !== undefined && { code: first.code }),
    message: safeText(first.message, redact),
  };
}

function localFile(
  endpoint: Endpoint,
  reason: 'vanished' | 'changed_on_disk' | 'unreadable',
  cause: SafeCause | undefined,
): ApiError {
  const messages = {
    vanished: 'The file disappeared before it could be uploaded.',
    changed_on_disk: 'The file changed on disk while it was being uploaded.',
    unreadable: 'The file could not be read.',
  } as const;
  return make(endpoint, { class: 'local_file', reason }, messages[reason], undefined, cause);
}

/** Errors from opening the file to upload (before any request is made). */
export function classifyFileError(endpoint: Endpoint, error: unknown, redact: Redactor): ApiError {
  const links = chain(error);
  const cause = safeCause(links[0], redact);
  if (links.some((l) => l.name === 'FileChangedError')) {
    return localFile(endpoint, 'changed_on_disk', cause);
  }
  if (links.some((l) => l.code === 'ENOENT' || l.code === 'ENOTDIR')) {
    return localFile(endpoint, 'vanished', cause);
  }
  return localFile(endpoint, 'unreadable', cause);
}

/** Chromium says a proxy's refusal as a code (fetch-transport.ts raises the first for a 407). */
const PROXY_AUTH_CODES = new Set([
  'ERR_PROXY_AUTH_REQUESTED',
  'ERR_PROXY_AUTH_UNSUPPORTED',
  'ERR_PROXY_AUTH_REQUESTED_WITH_NO_CONNECTION',
]);
const PROXY_REFUSED_CODES = new Set([
  'ERR_TUNNEL_CONNECTION_FAILED',
  'ERR_PROXY_CONNECTION_FAILED',
  'ERR_MANDATORY_PROXY_CONFIGURATION_FAILED',
  'ERR_PROXY_CERTIFICATE_INVALID',
]);

/**
 * A proxy's refusal of the tunnel. undici says it only in words (no code, no status), so the words
 * are matched here; test/api/proxy.test.ts pins them against a real proxy.
 */
function proxyRefusal(links: readonly ErrorLike[]): 'proxy_auth' | 'proxy_refused' | null {
  for (const { message, code } of links) {
    if (code !== undefined && PROXY_AUTH_CODES.has(code)) return 'proxy_auth';
    if (code !== undefined && PROXY_REFUSED_CODES.has(code)) return 'proxy_refused';
    if (/Proxy Authentication Required|Proxy response \(407\)/i.test(message)) return 'proxy_auth';
    if (/Proxy response \(\d+\) !== 200/.test(message)) return 'proxy_refused';
  }
  return null;
}

/** Errors thrown by the transport instead of a response (the caller handles its own abort). */
export function classifyTransport(endpoint: Endpoint, error: unknown, redact: Redactor): ApiError {
  if (error instanceof ApiError) return error;
  const links = chain(error);
  const cause = safeCause(links[0], redact);
  const codes = links.map((l) => l.code ?? '');
  const has = (set: ReadonlySet<string>): boolean => codes.some((c) => set.has(c));

  if (links.some((l) => l.name === 'BodyTooLargeError')) {
    return retryLater(endpoint, 'body_too_large', undefined, cause);
  }
  // Blob reads fail with NotReadableError when the file was modified after openAsBlob.
  if (
    links.some((l) => l.name === 'NotReadableError') ||
    codes.includes('UND_ERR_REQ_CONTENT_LENGTH_MISMATCH')
  ) {
    return localFile(endpoint, 'changed_on_disk', cause);
  }
  if (codes.includes('ENOENT')) return localFile(endpoint, 'vanished', cause);
  const proxy = proxyRefusal(links);
  if (proxy !== null) return retryLater(endpoint, proxy, undefined, cause);
  const tls = codes.find(isTlsCode);
  if (tls !== undefined) {
    return make(
      endpoint,
      { class: 'retry_later', reason: 'tls' },
      RETRY_MESSAGES.tls.replace('verified', `verified (${tls})`),
      undefined,
      cause,
    );
  }
  if (has(NETWORK_DOWN_CODES)) {
    const code = codes.find((c) => NETWORK_DOWN_CODES.has(c)) ?? 'unknown';
    return make(
      endpoint,
      { class: 'network_down', code },
      RETRY_SENTENCES.networkDown,
      undefined,
      cause,
    );
  }
  if (has(TIMEOUT_CODES)) return retryLater(endpoint, 'timeout', undefined, cause);
  if (has(RESET_CODES)) return retryLater(endpoint, 'connection_reset', undefined, cause);
  return retryLater(endpoint, 'transport', undefined, cause);
}
