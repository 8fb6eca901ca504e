// Tiny real HTTP servers on 127.0.0.1 for the API client tests: each records what it received
// (method, path, headers, body size) and answers with whatever the test's handler decides.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createdTask, idleAiStatus } from '../../helpers/spec-bodies';
import { suiteResource } from '../../helpers/suite-resource';

export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}

export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  index: number,
) => void | Promise<void>;

export interface TestServer {
  readonly url: string;
  readonly port: number;
  readonly received: Received[];
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export async function startServer(handler: Handler = notFound): Promise<TestServer> {
  let current = handler;
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const index = received.length;
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    Promise.resolve(current(req, res, index)).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    setHandler: (h) => {
      current = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * A server for the calling describe block (or file): started before its tests, before the block's
 * own `beforeAll` hooks, and closed after them. Its parts are read only inside hooks and tests.
 */
export function useTestServer(handler?: Handler): TestServer {
  return suiteResource(
    'the server',
    () => startServer(handler),
    (server) => server.close(),
  );
}

/** Answers every request with the fixture quota: the origin a redirect must never reach. */
export async function answerQuota(req: IncomingMessage, res: ServerResponse): Promise<void> {
  await drain(req);
  sendJson(res, 200, fixtures.quota());
}

export function notFound(_req: IncomingMessage, res: ServerResponse): void {
  res.statusCode = 404;
  res.end();
}

/** Reads and drops the request body, so that the response is sent after a full upload. */
export async function drain(req: IncomingMessage): Promise<number> {
  let bytes = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) bytes += chunk.length;
  return bytes;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | number> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendRaw(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string | number> = {},
): void {
  res.writeHead(status, headers);
  res.end(body);
}

// Bodies shaped like spec section 2, for handlers that only need "a valid answer".
export const fixtures = {
  task: (id = 't-1', extra: Record<string, unknown> = {}) => ({
    ...createdTask(),
    task_id: id,
    result_summary: { resultKind: 'unknown', primaryValue: '-', summaryText: 'no result yet' },
    created_at: '2024-01-02T03:04:05Z',
    ...extra,
  }),
  quota: () => ({
    ok: true,
    email: 'user@example.com',
    quota: {
      account_type: 'free',
      daily_limit: 50,
      used: 3,
      remaining: 47,
      day_tag: '2024-01-02',
      is_unlimited: false,
      monthly_remaining: 0,
      monthly_bonus_remaining: 0,
      fixed_remaining: 0,
      nearest_expire_at: null,
      quota_summary_text: '47 of 50 left today',
    },
  }),
  aiStatus: () => ({
    ...idleAiStatus(),
    current_ai_version: 'water:v3.2',
    last_checked_at: '2024-01-02T03:04:05Z',
  }),
  batch: (id = 'b-1', files = 2) => ({
    ok: true,
    batch_id: id,
    status: 'batch_running',
    total_count: files,
    done_count: 0,
    failed_count: 0,
    pending_count: files,
    items: Array.from({ length: files }, (_, index) => ({
      index,
      file_name: `f${index}.jpg`,
      task_id: `${id}-t${index}`,
      status: 'queued',
      result_source: 'pending',
      final_reading: '-',
      failure_kind: '',
      error_message: '',
    })),
  }),
};
