// The transport over a WHATWG fetch: in the window's backend that is Electron's net.fetch, so the
// service is reached through Chromium's network stack (the system's proxy settings, PAC and WPAD,
// integrated proxy authentication, the operating system's certificate store), not Node's. The
// guarantees are those of http.ts: the validated base URL, no redirects followed, capped bodies,
// and deadlines that fail with the codes classify-transport.ts knows.
import type { FormData } from 'undici';
import {
  BodyTooLargeError,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_TIMEOUTS,
  parseBaseUrl,
  type HttpOptions,
  type HttpRequest,
  type HttpResponse,
  type HttpTransport,
} from './http';
import type { HeaderMap } from './limits';
import type { FetchLike, Timeouts } from './network';

/**
 * fetch cannot say when an upload ended, so the headers deadline counts from the start and allows
 * the body this slow a link (64 KB/s) on top: a photo batch on a poor line is not cut off.
 */
const SLOWEST_UPLOAD_BYTES_PER_MS = 64;

/** A deadline of ours, raised with the code undici would give so one classifier serves both. */
class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
  constructor(
    readonly code: 'UND_ERR_HEADERS_TIMEOUT' | 'UND_ERR_BODY_TIMEOUT',
    what: string,
  ) {
    super(`${what} did not arrive in time`);
  }
}

/** A proxy's 407 is the proxy's question, never the service's answer. */
class ProxyAuthError extends Error {
  override readonly name = 'ProxyAuthError';
  readonly code = 'ERR_PROXY_AUTH_REQUESTED';
  constructor() {
    super('Proxy Authentication Required (407)');
  }
}

function quoteName(name: string): string {
  // As browsers encode multipart names (HTML's "multipart/form-data encoding algorithm").
  return name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

/**
 * The form as one Blob whose file parts stay the file-backed Blobs upload.ts opened: its size is
 * known (a Content-Length, which proxies prefer to chunked uploads) and nothing is read into
 * memory before it is sent.
 */
function multipartBlob(form: FormData): { body: Blob; contentType: string } {
  const boundary = `----MeterDesk${crypto.randomUUID().replace(/-/g, '')}`;
  const parts: (string | Blob)[] = [];
  for (const [name, value] of form) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoteName(name)}"`;
    if (typeof value === 'string') {
      parts.push(`${head}\r\n\r\n${value}\r\n`);
    } else {
      const type = value.type === '' ? 'application/octet-stream' : value.type;
      parts.push(
        `${head}; filename="${quoteName(value.name)}"\r\nContent-Type: ${type}\r\n\r\n`,
        value,
        '\r\n',
      );
    }
  }
  parts.push(`--${boundary}--\r\n`);
  return { body: new Blob(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function headerMap(headers: Headers): HeaderMap {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** Aborts when the caller's signal does, or when our own deadline passes. */
function linkedAbort(outer: AbortSignal | undefined): {
  signal: AbortSignal;
  fire: (reason: unknown) => void;
} {
  const controller = new AbortController();
  const fire = (reason: unknown): void => {
    controller.abort(reason);
  };
  if (outer?.aborted === true) fire(outer.reason);
  else
    outer?.addEventListener(
      'abort',
      () => {
        fire(outer.reason);
      },
      { once: true },
    );
  return { signal: controller.signal, fire };
}

async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
  idleMs: number,
  fire: (reason: unknown) => void,
): Promise<Buffer> {
  if (body === null) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const idle = setTimeout(() => {
      fire(new DeadlineError('UND_ERR_BODY_TIMEOUT', 'the next part of the answer'));
    }, idleMs);
    let step: Awaited<ReturnType<typeof reader.read>>;
    try {
      step = await reader.read();
    } finally {
      clearTimeout(idle);
    }
    if (step.done) return Buffer.concat(chunks, total);
    total += step.value.length;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(`Response body exceeds ${cap} bytes.`);
    }
    chunks.push(Buffer.from(step.value));
  }
}

export interface FetchHttpOptions extends Omit<HttpOptions, 'dispatcher' | 'network'> {
  readonly fetch: FetchLike;
}

export function createFetchHttp(options: FetchHttpOptions): HttpTransport {
  const base = parseBaseUrl(options.baseUrl);
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const cap = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  async function send(request: HttpRequest): Promise<HttpResponse> {
    if (!request.path.startsWith('/')) throw new TypeError('request path must be absolute');
    const url = new URL(base.origin + base.basePath + request.path);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      url.searchParams.set(name, value);
    }
    const form = request.body === undefined ? undefined : multipartBlob(request.body);
    const { signal, fire } = linkedAbort(request.signal);
    const uploadMs = (form?.body.size ?? 0) / SLOWEST_UPLOAD_BYTES_PER_MS;
    const headersMs = Math.min(timeouts.headersMs, request.headersMs ?? Infinity);
    const deadline = setTimeout(
      () => {
        fire(new DeadlineError('UND_ERR_HEADERS_TIMEOUT', 'the answer'));
      },
      timeouts.connectMs + headersMs + uploadMs,
    );
    let response: Response;
    try {
      response = await options.fetch(url.href, {
        method: request.method,
        headers: {
          ...request.headers,
          ...(form !== undefined && { 'content-type': form.contentType }),
        },
        ...(form !== undefined && { body: form.body }),
        // The key must never reach another origin: a redirect is an answer, not a hop.
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      throw signal.aborted ? signal.reason : error;
    } finally {
      clearTimeout(deadline);
    }
    if (response.status === 407) {
      await response.body?.cancel().catch(() => undefined);
      throw new ProxyAuthError();
    }
    let consumed = false;
    return {
      // An opaque redirect (status 0) is still a redirect to classify, never followed.
      status: response.type === 'opaqueredirect' ? 302 : response.status,
      headers: headerMap(response.headers),
      readBody: async () => {
        consumed = true;
        const length = Number(response.headers.get('content-length'));
        if (Number.isFinite(length) && length > cap) {
          await response.body?.cancel().catch(() => undefined);
          throw new BodyTooLargeError(`Response body of ${length} bytes.`);
        }
        try {
          return await readCapped(response.body, cap, timeouts.bodyMs, fire);
        } catch (error) {
          throw signal.aborted ? signal.reason : error;
        }
      },
      discard: async () => {
        if (consumed) return;
        consumed = true;
        await response.body?.cancel().catch(() => undefined);
      },
    };
  }

  return {
    origin: base.origin,
    send,
    // Chromium (or Node) owns the connections; there is no agent of ours to close.
    close: () => Promise.resolve(),
  };
}
