// The transport: one keep-alive undici dispatcher (through the office's proxy when one is set,
// network.ts), a validated base URL, no redirects, capped bodies. It does not classify anything;
// it reports what happened and classify.ts decides what it means.
import { FormData, type Dispatcher } from 'undici';
import type { HeaderMap } from './limits';
import { createNetworkAgent, networkFromEnv, type NetworkSettings, type Timeouts } from './network';

export { FormData };

export type { Timeouts } from './network';

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 60_000 };

/** Bodies above this are refused: no endpoint of the spec returns anything near it. */
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;

export class BaseUrlError extends Error {
  override readonly name = 'BaseUrlError';
}

/** Thrown by readBody when the response is larger than the cap; classify.ts knows it. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  readonly code = 'BODY_TOO_LARGE';
}

export interface BaseUrl {
  /** scheme://host[:port], what undici dispatches to. */
  readonly origin: string;
  /** Path prefix without a trailing slash ('' for none), e.g. a reverse-proxy mount point. */
  readonly basePath: string;
}

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Loopback only, by literal address or the name localhost: nothing that DNS could redirect. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || LOOPBACK_V4.test(host);
}

/**
 * Validates the configured base URL. Plain http would send the API key in clear text over the
 * network, so it is allowed only to this machine (the sandbox, a local proxy).
 */
export function parseBaseUrl(raw: string): BaseUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BaseUrlError('The service address is not a valid URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new BaseUrlError('The service address must start with https://.');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new BaseUrlError(
      `Refusing plain http:// to ${url.hostname}: the API key would travel unencrypted. Use https://.`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new BaseUrlError('The service address must not contain a user name or password.');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new BaseUrlError('The service address must not contain a query or fragment.');
  }
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}

/**
 * The dispatcher a client makes for itself: this process's proxy and CAs unless told others.
 * Redirects are never followed: undici 7 only follows them with an explicit interceptor.
 */
export function createAgent(
  timeouts: Timeouts,
  network: NetworkSettings = networkFromEnv(process.env),
): Dispatcher {
  return createNetworkAgent(timeouts, network);
}

export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  /** A fixed path from client.ts, beginning with '/'; the base path is prepended here. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: FormData;
  readonly signal?: AbortSignal;
  /** This request's deadline for the response headers, when shorter than the transport's. */
  readonly headersMs?: number;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: HeaderMap;
  /** Reads the whole body up to the cap; throws BodyTooLargeError above it. Call once. */
  readBody(): Promise<Buffer>;
  /** Discards the body so the connection can be reused (redirects, early errors). */
  discard(): Promise<void>;
}

export interface HttpTransport {
  readonly origin: string;
  send(request: HttpRequest): Promise<HttpResponse>;
  /** Closes the agent if this transport created it. */
  close(): Promise<void>;
}

export interface HttpOptions {
  readonly baseUrl: string;
  readonly dispatcher?: Dispatcher;
  /** Proxy and CAs for the dispatcher made here (ignored with `dispatcher`); default: process.env. */
  readonly network?: NetworkSettings;
  readonly timeouts?: Partial<Timeouts>;
  readonly maxBodyBytes?: number;
}

/** Stops reading a body for good; the abort error it then emits is expected, not a crash. */
function abandon(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

async function readCapped(body: Dispatcher.ResponseData['body'], cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > cap) {
      // Stop reading: a multi-megabyte answer to a small JSON call is a proxy page or an attack.
      abandon(body);
      throw new BodyTooLargeError(`Response body exceeds ${cap} bytes.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

export function createHttp(options: HttpOptions): HttpTransport {
  const base = parseBaseUrl(options.baseUrl);
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const cap = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const ownAgent =
    options.dispatcher === undefined ? createAgent(timeouts, options.network) : undefined;
  const dispatcher: Dispatcher = options.dispatcher ?? (ownAgent as Dispatcher);

  async function send(request: HttpRequest): Promise<HttpResponse> {
    if (!request.path.startsWith('/')) throw new TypeError('request path must be absolute');
    const response = await dispatcher.request({
      origin: base.origin,
      path: base.basePath + request.path,
      method: request.method,
      headers: { ...request.headers },
      query: request.query,
      body: request.body,
      signal: request.signal,
      headersTimeout: Math.min(timeouts.headersMs, request.headersMs ?? Infinity),
      bodyTimeout: timeouts.bodyMs,
    });
    const { body } = response;
    let consumed = false;
    return {
      status: response.statusCode,
      headers: response.headers,
      readBody: () => {
        consumed = true;
        const length = Number(response.headers['content-length']);
        if (Number.isFinite(length) && length > cap) {
          abandon(body);
          return Promise.reject(new BodyTooLargeError(`Response body of ${length} bytes.`));
        }
        return readCapped(body, cap);
      },
      discard: async () => {
        if (consumed) return;
        consumed = true;
        // dump() reads a bounded amount and then destroys, so a huge redirect body costs nothing.
        await body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      },
    };
  }

  return {
    origin: base.origin,
    send,
    close: async () => {
      await ownAgent?.close();
    },
  };
}
