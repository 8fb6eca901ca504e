// One request/response pair and the only way answers are written. Centralising the write lets
// injected faults (slow, drop-after-processing) and the per-key rate headers apply to every answer
// without each handler knowing about them.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LedgerBook } from './ledger';
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

export class Exchange {
  /** Set once the key is known: rate headers go on every answer to a valid key. */
  rateHeaders: (() => HeaderMap) | null = null;
  /** Injected: hold the answer back this long. */
  slowMs = 0;
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
    if (this.slowMs > 0) {
      const handle = this.timers.after(this.slowMs, write);
      if (handle === null) this.req.socket.destroy();
      return;
    }
    write();
  }
}
