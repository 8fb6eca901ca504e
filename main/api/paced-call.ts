// One request of the client: waits for the key's pacer, sends it to base URL + its path, reads a
// capped body and validates it, and either returns the typed value or throws the ApiError
// classify.ts makes of what came back. The pacer learns from every answer's limit headers.
import type { z } from 'zod';
import { parseJsonBody } from './body';
import { classifyBodyProblem, classifyResponse } from './classify';
import { classifyTransport } from './classify-transport';
import type { ApiError, Endpoint } from './errors';
import type { FormData, HttpResponse, HttpTransport } from './http';
import { parseLimitHeaders, type LimitSnapshot } from './limits';
import { redactDeep, type Redactor } from './redact';
import type { ServerClock } from './server-clock';
import { abortError, type PaceKind, type Pacer, type PacerTicket } from './pacer';
import { describeIssues } from './schemas';

export interface CallOptions {
  readonly signal?: AbortSignal;
  /**
   * How long this call may wait for the answer's headers, when shorter than the transport's: one
   * slow endpoint given up on its own, without the others waiting as long (a timeout error).
   */
  readonly deadlineMs?: number;
}

export interface CallSpec<S extends z.ZodType> {
  readonly endpoint: Endpoint;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query?: Record<string, string>;
  readonly kind: PaceKind;
  readonly units: number;
  readonly body?: () => FormData;
  readonly schema: S;
}

export interface PacedCallDeps {
  readonly http: HttpTransport;
  readonly pacer: Pacer;
  readonly headers: Readonly<Record<string, string>>;
  readonly now: () => number;
  readonly serverClock: ServerClock;
  readonly redact: Redactor;
}

export type PacedCall = <S extends z.ZodType>(
  spec: CallSpec<S>,
  opts: CallOptions | undefined,
) => Promise<z.output<S>>;

export function pacedCall(deps: PacedCallDeps): PacedCall {
  const { http, pacer, headers, now, serverClock, redact } = deps;

  function failure(endpoint: Endpoint, error: unknown, signal?: AbortSignal): unknown {
    // Cancellation is not a failure: surface the caller's own abort reason.
    if (signal?.aborted) return abortError(signal);
    return classifyTransport(endpoint, error, redact);
  }

  async function readBody(
    spec: CallSpec<z.ZodType>,
    response: HttpResponse,
    signal: AbortSignal | undefined,
  ): Promise<Uint8Array | ApiError> {
    try {
      return await response.readBody();
    } catch (error) {
      const err = failure(spec.endpoint, error, signal);
      if (signal?.aborted) throw err;
      return err as ApiError;
    }
  }

  async function call<S extends z.ZodType>(
    spec: CallSpec<S>,
    opts: CallOptions | undefined,
  ): Promise<z.output<S>> {
    const { endpoint } = spec;
    const signal = opts?.signal;
    const ticket = await pacer.acquire(spec.kind, spec.units, signal);
    let response: HttpResponse;
    try {
      response = await http.send({
        method: spec.method,
        path: spec.path,
        query: spec.query,
        headers,
        body: spec.body?.(),
        signal,
        headersMs: opts?.deadlineMs,
      });
    } catch (error) {
      ticket.settle();
      throw failure(endpoint, error, signal);
    }
    const limits = parseLimitHeaders(response.headers, now(), serverClock);
    try {
      return await interpret(spec, response, limits, ticket, signal);
    } finally {
      // Whatever happened after the headers (abort, bad body), the pacer learns from them. The
      // first settle wins, so a 429 settled inside interpret keeps its rate-limit data.
      ticket.settle({ limits });
    }
  }

  async function interpret<S extends z.ZodType>(
    spec: CallSpec<S>,
    response: HttpResponse,
    limits: LimitSnapshot,
    ticket: PacerTicket,
    signal: AbortSignal | undefined,
  ): Promise<z.output<S>> {
    const { endpoint } = spec;
    const { status } = response;
    if (status >= 300 && status < 400) {
      // Never followed: the Authorization header must not reach whatever Location points to.
      await response.discard();
      throw classifyResponse({ endpoint, status, body: undefined, limits }, redact);
    }

    const bytes = await readBody(spec, response, signal);
    const parsed = bytes instanceof Uint8Array ? parseJsonBody(bytes, response.headers) : undefined;

    if (status < 200 || status >= 300) {
      // The status decides the class; a body that could not be read or parsed only loses detail.
      const body = parsed?.ok ? parsed.value : undefined;
      const error = classifyResponse({ endpoint, status, body, limits, units: spec.units }, redact);
      if (error.info.class === 'rate_limited') ticket.settle({ limits, rateLimited: error.info });
      if (error.info.class === 'service_hold') ticket.settle({ limits, serviceHold: error.info });
      throw error;
    }

    if (!(bytes instanceof Uint8Array)) throw bytes;
    if (!parsed?.ok) {
      throw classifyBodyProblem(
        endpoint,
        status,
        parsed?.problem ?? 'malformed_json',
        parsed?.detail,
      );
    }
    const value = redactDeep(parsed.value, redact);
    const ok =
      typeof value === 'object' && value !== null ? (value as { ok?: unknown }).ok : undefined;
    if (ok === false) {
      throw classifyResponse({ endpoint, status, body: value, limits }, redact);
    }
    if (ok !== undefined && ok !== true) {
      throw classifyBodyProblem(endpoint, status, 'invalid_body', 'ok: not a boolean');
    }
    const result = spec.schema.safeParse(value);
    if (!result.success) {
      throw classifyBodyProblem(endpoint, status, 'invalid_body', describeIssues(result.error));
    }
    return result.data;
  }

  return call;
}
