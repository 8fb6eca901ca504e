// Every branch of the classifier, driven over real HTTP by a server that answers as told.
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeterApi } from '../../main/api/client';
import { DEFAULT_RETRY_AFTER_MS } from '../../main/api/classify';
import { classifyTransport } from '../../main/api/classify-transport';
import { createRedactor } from '../../main/api/redact';
import { countsAsAttempt, type ApiErrorInfo } from '../../main/api/errors';
import { failure, makeApi, SECRET_KEY } from './helpers/api';
import { JPEG_BYTES, tempDir, type TempDir } from './helpers/files';
import { drain, sendJson, sendRaw, startServer, type TestServer } from './helpers/server';

type Call = (api: MeterApi) => Promise<unknown>;

let server: TestServer;
let agent: Agent;
let dir: TempDir;
const calls: Record<string, Call> = {};

beforeAll(async () => {
  server = await startServer();
  agent = new Agent();
  dir = await tempDir();
  const photo = await dir.file('photo.jpg', JPEG_BYTES);
  const other = await dir.file('other.png', JPEG_BYTES);
  calls.quota = (api) => api.getQuota();
  calls.aiStatus = (api) => api.getAiStatus();
  calls.createTask = (api) => api.createTask(photo);
  calls.createBatch = (api) => api.createBatch([photo, other], 'water_v3_foreign');
  calls.getTask = (api) => api.getTask('t-1');
  calls.getBatch = (api) => api.getBatch('b-1');
  calls.listTasks = (api) => api.listTasks();
});

afterAll(async () => {
  await agent.close();
  await server.close();
  await dir.remove();
});

interface Case {
  readonly name: string;
  readonly call: string;
  readonly status: number;
  readonly body?: unknown;
  readonly raw?: string;
  readonly headers?: Record<string, string>;
  readonly expected: ApiErrorInfo;
}

const NOW_S = Math.floor(Date.now() / 1000);

const cases: Case[] = [
  {
    name: '500',
    call: 'quota',
    status: 500,
    body: { ok: false },
    expected: { class: 'retry_later', reason: 'server_error' },
  },
  {
    name: '502 with an HTML page from a proxy',
    call: 'getTask',
    status: 502,
    raw: '<html><body>Bad gateway</body></html>',
    headers: { 'content-type': 'text/html' },
    expected: { class: 'retry_later', reason: 'server_error' },
  },
  {
    name: '302 (not followed)',
    call: 'quota',
    status: 302,
    headers: { location: '/elsewhere' },
    expected: { class: 'retry_later', reason: 'redirect' },
  },
  {
    name: '404 where the spec has none (wrong base URL)',
    call: 'quota',
    status: 404,
    expected: { class: 'retry_later', reason: 'unexpected_status' },
  },
  {
    name: '405',
    call: 'aiStatus',
    status: 405,
    expected: { class: 'retry_later', reason: 'unexpected_status' },
  },
  {
    name: '408',
    call: 'aiStatus',
    status: 408,
    expected: { class: 'retry_later', reason: 'timeout' },
  },
  {
    name: '400 on a task upload',
    call: 'createTask',
    status: 400,
    body: { ok: false, error: 'bad_request', message: 'file part missing' },
    expected: { class: 'bad_request', message: 'file part missing', maxLimit: null },
  },
  {
    name: '400 with detail on the batch endpoint',
    call: 'createBatch',
    status: 400,
    body: { detail: 'business CAD does not support batch upload' },
    expected: {
      class: 'batch_refused',
      refusal: 'unsupported',
      maxFiles: null,
      detail: 'business CAD does not support batch upload',
    },
  },
  {
    name: '400 without detail on the batch endpoint',
    call: 'createBatch',
    status: 400,
    body: { ok: false, message: 'too many files' },
    expected: {
      class: 'batch_refused',
      refusal: 'too_many_files',
      maxFiles: null,
      detail: 'too many files',
    },
  },
  {
    name: '401',
    call: 'quota',
    status: 401,
    body: { ok: false, error: 'unauthorized', message: 'invalid api key' },
    expected: { class: 'key_rejected' },
  },
  {
    name: '401 with an HTML body',
    call: 'listTasks',
    status: 401,
    raw: '<h1>Unauthorized</h1>',
    headers: { 'content-type': 'text/html' },
    expected: { class: 'key_rejected' },
  },
  {
    name: '403 keeps the server message',
    call: 'createTask',
    status: 403,
    body: { ok: false, error: 'forbidden', message: 'source IP 10.1.2.3 not in allowlist' },
    expected: { class: 'permission_denied', message: 'source IP 10.1.2.3 not in allowlist' },
  },
  {
    name: '403 echoing the key has it redacted',
    call: 'quota',
    status: 403,
    body: { message: `key ${SECRET_KEY} lacks scope\n\u001b[31mtasks:write` },
    expected: { class: 'permission_denied', message: 'key [redacted] lacks scope [31mtasks:write' },
  },
  {
    name: '404 on a task read',
    call: 'getTask',
    status: 404,
    body: { ok: false, error: 'not_found' },
    expected: { class: 'not_found' },
  },
  {
    name: '404 on a batch read',
    call: 'getBatch',
    status: 404,
    expected: { class: 'not_found' },
  },
  {
    name: '409 on a batch',
    call: 'createBatch',
    status: 409,
    body: { ok: false, message: 'foreign service disabled' },
    expected: { class: 'business_refused', message: 'foreign service disabled' },
  },
  {
    name: '409 elsewhere',
    call: 'createTask',
    status: 409,
    expected: { class: 'retry_later', reason: 'unexpected_status' },
  },
  {
    name: '413',
    call: 'createTask',
    status: 413,
    body: { ok: false, error: 'file_too_large', message: 'maximum is 20MB' },
    expected: { class: 'file_rejected', status: 413, message: 'maximum is 20MB' },
  },
  {
    name: '415 on a batch',
    call: 'createBatch',
    status: 415,
    body: { ok: false, message: 'not an image' },
    expected: { class: 'file_rejected', status: 415, message: 'not an image' },
  },
  {
    name: '429 quota exhausted',
    call: 'createTask',
    status: 429,
    body: {
      ok: false,
      error: 'quota_exhausted',
      message: 'no quota',
      quota: { remaining: 0, quota_summary_text: '0 of 50 left today' },
    },
    expected: { class: 'quota_exhausted', remaining: 0, summaryText: '0 of 50 left today' },
  },
  {
    name: '429 request limit, Retry-After in seconds',
    call: 'getTask',
    status: 429,
    headers: {
      'retry-after': '7',
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(NOW_S + 7),
    },
    expected: { class: 'rate_limited', retryAfterMs: 7_000, scope: 'requests' },
  },
  {
    name: '429 submission limit, Retry-After as an HTTP date',
    call: 'createBatch',
    status: 429,
    headers: {
      date: new Date(NOW_S * 1000).toUTCString(),
      'retry-after': new Date((NOW_S + 12) * 1000).toUTCString(),
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '40',
      'x-submissionlimit-limit': '10',
      'x-submissionlimit-remaining': '1',
    },
    expected: { class: 'rate_limited', retryAfterMs: 12_000, scope: 'submissions' },
  },
  {
    name: '429 concurrency limit',
    call: 'createTask',
    status: 429,
    headers: {
      'retry-after': '3',
      'x-concurrencylimit-limit': '4',
      'x-concurrencylimit-active': '4',
      'x-concurrencylimit-remaining': '0',
    },
    expected: { class: 'rate_limited', retryAfterMs: 3_000, scope: 'concurrency' },
  },
  {
    name: '429 with garbage headers falls back to a sane default',
    call: 'quota',
    status: 429,
    headers: { 'retry-after': 'later, maybe', 'x-ratelimit-remaining': 'many' },
    expected: { class: 'rate_limited', retryAfterMs: DEFAULT_RETRY_AFTER_MS, scope: 'unknown' },
  },
  {
    name: '200 with ok:false',
    call: 'getTask',
    status: 200,
    body: { ok: false, message: 'temporarily unavailable' },
    expected: { class: 'retry_later', reason: 'server_refused' },
  },
  {
    name: '200 with ok:false naming quota exhaustion',
    call: 'createTask',
    status: 200,
    body: { ok: false, error: 'quota_exhausted', quota: { remaining: 0 } },
    expected: { class: 'quota_exhausted', remaining: 0, summaryText: '' },
  },
];

describe('classify over HTTP', () => {
  it.each(cases)('$name', async (c) => {
    server.setHandler(async (req, res) => {
      await drain(req);
      if (c.body !== undefined) sendJson(res, c.status, c.body, c.headers);
      else sendRaw(res, c.status, c.raw ?? '', c.headers);
    });
    const api = makeApi(server.url, { agent });
    const call = calls[c.call];
    if (!call) throw new Error(`no call ${c.call}`);
    const error = await failure(call(api), c.expected.class);
    expect(error.info).toEqual(c.expected);
    expect(error.status).toBe(c.status);
  });

  it('refused connection: network_down', async () => {
    const gone = await startServer();
    const url = gone.url;
    await gone.close();
    const error = await failure(makeApi(url).getQuota(), 'network_down');
    expect(error.info).toEqual({ class: 'network_down', code: 'ECONNREFUSED' });
  });

  it('connection reset mid-request: retry_later', async () => {
    server.setHandler((req) => {
      req.socket.destroy();
    });
    const error = await failure(makeApi(server.url, { agent }).getAiStatus(), 'retry_later');
    expect(error.info).toEqual({ class: 'retry_later', reason: 'connection_reset' });
  });

  it('no answer within the headers timeout: retry_later', async () => {
    server.setHandler(() => undefined); // never answers
    const api = makeApi(server.url, { timeouts: { headersMs: 200 } });
    const error = await failure(api.getQuota(), 'retry_later');
    expect(error.info).toEqual({ class: 'retry_later', reason: 'timeout' });
    await api.close();
  });

  it('body stalls past the body timeout: retry_later', async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"ok":true,');
    });
    const api = makeApi(server.url, { timeouts: { bodyMs: 200 } });
    const error = await failure(api.getQuota(), 'retry_later');
    expect(error.info).toEqual({ class: 'retry_later', reason: 'timeout' });
    await api.close();
  });

  it('codes that mean "cannot connect at all" are network_down', () => {
    const redact = createRedactor([SECRET_KEY]);
    for (const code of [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ENETUNREACH',
      'EHOSTUNREACH',
      'UND_ERR_CONNECT_TIMEOUT',
    ]) {
      const nested = new TypeError('fetch failed', {
        cause: Object.assign(new Error(`connect ${code}`), { code }),
      });
      expect(classifyTransport('quota', nested, redact).info).toEqual({
        class: 'network_down',
        code,
      });
    }
    const odd = classifyTransport('quota', 'a string thrown by mistake', redact);
    expect(odd.info).toEqual({ class: 'retry_later', reason: 'transport' });
  });

  it('rate limits and lost networks do not use up retry attempts', () => {
    const redact = createRedactor([]);
    const down = classifyTransport(
      'quota',
      Object.assign(new Error('x'), { code: 'ENOTFOUND' }),
      redact,
    );
    const reset = classifyTransport(
      'quota',
      Object.assign(new Error('x'), { code: 'ECONNRESET' }),
      redact,
    );
    expect(countsAsAttempt(down)).toBe(false);
    expect(countsAsAttempt(reset)).toBe(true);
  });
});
