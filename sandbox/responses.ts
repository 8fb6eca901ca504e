// One request/response pair and the only way answers are written. Centralising the write lets
// injected faults (slow, drop-after-processing) and the per-key rate headers apply to every answer
// without each handler knowing about them.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LedgerBook } from './ledger';
import type { ErrorStyle } from './options';
import type { TimerSet } from './timers';

export type HeaderMap = Record<string, string>;

export interface ErrorBody {
  ok: false;
  error: string;
  message: string;
  [extra: string]: unknown;
}

export function errorBody(error: string, message: string, extra: object = {}): ErrorBody {
  return { ok: false, error, message, ...extra };
}

/** The statuses a 'detail' deployment answers FastAPI style; 401/413/429 shapes are the spec's. */
const DETAIL_STATUSES: ReadonlySet<number> = new Set([400, 409, 422]);

export interface Refusal {
  readonly status: number;
  readonly error: string;
  readonly message: string;
  /** Extra fields of the sandbox-style body. */
  readonly extra?: object;
  /** The {detail} sentence; default: the message without its final period. */
  readonly detail?: string;
}

export class Exchange {
  /** Set once the key is known: rate headers go on every answer to a valid key. */
  rateHeaders: (() => HeaderMap) | null = null;
  /** Injected: hold the answer back this long. */
  slowMs = 0;
  /** The deployment's fixed network round trip: every answer is held back this long too. */
  latencyMs = 0;
  /** Body shape of 400/409/422 answers sent with fail(). */
  errorStyle: ErrorStyle = 'sandbox';
  /** Injected: process the request but destroy the socket instead of answering. */
  dropAfter = false;
  private answered = false;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly clientIp: string,
    private readonly timers: TimerSet,
    private readonly ledger: LedgerBook | null,
  ) {}

  get isAnswered(): boolean {
    return this.answered;
  }

  /** An error answer in the deployment's style (errorStyle). */
  fail(refusal: Refusal, headers: HeaderMap = {}): void {
    const { status, error, message, extra, detail } = refusal;
    if (this.errorStyle === 'detail' && DETAIL_STATUSES.has(status)) {
      this.json(status, { detail: detail ?? message.replace(/\.$/, '') }, headers);
      return;
    }
    this.json(status, errorBody(error, message, extra), headers);
  }

  json(status: number, body: unknown, headers: HeaderMap = {}): void {
    this.send(status, JSON.stringify(body), 'application/json; charset=utf-8', headers);
  }

  send(status: number, body: string, contentType: string, headers: HeaderMap = {}): void {
    if (this.answered) return;
    this.answered = true;
    this.ledger?.response(status);
    const all: HeaderMap = {
      ...(this.rateHeaders ? this.rateHeaders() : {}),
      ...headers,
      'Content-Type': contentType,
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
    };
    const write = (): void => {
      if (this.dropAfter) {
        this.req.socket.destroy();
        return;
      }
      if (this.res.destroyed) return;
      this.res.writeHead(status, all);
      this.res.end(body);
    };
    const holdMs = this.slowMs + this.latencyMs;
    if (holdMs > 0) {
      const handle = this.timers.after(holdMs, write);
      if (handle === null) this.req.socket.destroy();
      return;
    }
    write();
  }
}
