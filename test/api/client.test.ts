// The typed calls: what goes over the wire, what comes back, and every kind of bad answer.
import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMeterApi } from '../../main/api/client';
import { createPacer } from '../../main/api/pacer';
import { expectNoSecret, failure, makeApi, SECRET_KEY } from './helpers/api';
import { JPEG_BYTES, tempDir, type TempDir } from './helpers/files';
import {
  drain,
  fixtures,
  sendJson,
  sendRaw,
  startServer,
  type Handler,
  type TestServer,
} from './helpers/server';

let server: TestServer;
let agent: Agent;
let dir: TempDir;

beforeAll(async () => {
  server = await startServer();
  agent = new Agent();
  dir = await tempDir();
});
afterAll(async () => {
  await agent.close();
  await server.close();
  await dir.remove();
});
beforeEach(() => {
  server.received.length = 0;
});

const api = () => makeApi(server.url, { agent });

/** Answers every request with the given JSON. */
function always(body: unknown, status = 200, headers: Record<string, string> = {}): Handler {
  return async (req, res) => {
    await drain(req);
    sendJson(res, status, body, headers);
  };
}

interface Part {
  readonly field: string;
  readonly value: string | Buffer;
  readonly filename?: string;
  readonly mimeType?: string;
}

function multipart(req: IncomingMessage): Promise<Part[]> {
  return new Promise((resolve, reject) => {
    const parts: Part[] = [];
    const bb = busboy({ headers: req.headers });
    bb.on('field', (field, value) => parts.push({ field, value }));
    bb.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        parts.push({
          field,
          value: Buffer.concat(chunks),
          filename: info.filename,
          mimeType: info.mimeType,
        }),
      );
    });
    bb.on('close', () => {
      resolve(parts);
    });
    bb.on('error', reject);
    req.pipe(bb);
  });
}

describe('the seven endpoints', () => {
  it('getQuota', async () => {
    server.setHandler(always(fixtures.quota()));
    const quota = await api().getQuota();
    expect(quota).toMatchObject({
      email: 'user@example.com',
      accountType: 'free',
      dailyLimit: 50,
      used: 3,
      remaining: 47,
      isUnlimited: false,
      nearestExpireAt: null,
      summaryText: '47 of 50 left today',
    });
    const [req] = server.received;
    expect(req?.method).toBe('GET');
    expect(req?.url).toBe('/api/open/quota');
    expect(req?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('getAiStatus', async () => {
    server.setHandler(always(fixtures.aiStatus()));
    const status = await api().getAiStatus();
    expect(status).toMatchObject({
      isOnline: true,
      acceptsNewTasks: true,
      currentAiVersion: 'water:v3.2',
      queueCount: 0,
    });
    expect(server.received[0]?.url).toBe('/api/open/ai-status');
  });

  it('createTask sends one multipart file part', async () => {
    const photo = await dir.file('meter 1.jpg', JPEG_BYTES);
    let parts: Part[] = [];
    server.setHandler(async (req, res) => {
      parts = await multipart(req);
      sendJson(res, 200, fixtures.task('t-9'));
    });
    const task = await api().createTask(photo);
    expect(task).toMatchObject({
      taskId: 't-9',
      status: 'queued',
      resultSource: 'pending',
      finalReading: '-',
      reading: null,
      visibility: 'private',
      isLatestAiVersion: false,
      errorMessage: '',
    });
    expect(server.received[0]).toMatchObject({ method: 'POST', url: '/api/open/tasks' });
    expect(server.received[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(parts).toEqual([
      { field: 'file', value: JPEG_BYTES, filename: 'meter 1.jpg', mimeType: 'image/jpeg' },
    ]);
  });

  it('getTask', async () => {
    server.setHandler(
      always(
        fixtures.task('t/1', {
          status: 'done',
          result_source: 'fresh',
          final_reading: '00123.45',
          meter_type: 'pointer',
          success: 'yes',
          is_latest_ai_version: true,
          result_summary: { resultKind: 'water_meter', primaryValue: '00123.45' },
        }),
      ),
    );
    const task = await api().getTask('t/1');
    expect(task).toMatchObject({
      taskId: 't/1',
      status: 'done',
      resultSource: 'fresh',
      reading: '00123.45',
      meterType: 'pointer',
      success: 'yes',
      isLatestAiVersion: true,
      resultSummary: { resultKind: 'water_meter', primaryValue: '00123.45' },
    });
    // The id is one path segment, whatever it contains.
    expect(server.received[0]?.url).toBe('/api/open/tasks/t%2F1');
  });

  it('listTasks, with a limit and a damaged item left out', async () => {
    server.setHandler(
      always({
        ok: true,
        items: [
          fixtures.task('a', { result_summary: {} }),
          { task_id: 'broken' },
          fixtures.task('b'),
        ],
      }),
    );
    const list = await api().listTasks(20);
    expect(list.items.map((t) => t.taskId)).toEqual(['a', 'b']);
    expect(list.skipped).toBe(1);
    expect(server.received[0]?.url).toBe('/api/open/tasks?limit=20');
    await expect(api().listTasks(0)).rejects.toBeInstanceOf(RangeError);
  });

  it('createBatch sends business and repeated files parts in order', async () => {
    const one = await dir.file('one.jpg', Buffer.from('first image'));
    const two = await dir.file('two.webp', Buffer.from('second image'));
    let parts: Part[] = [];
    server.setHandler(async (req, res) => {
      parts = await multipart(req);
      sendJson(res, 200, fixtures.batch('b-7', 2));
    });
    const batch = await api().createBatch([one, two], 'water_v3_meter');
    expect(batch).toMatchObject({ batchId: 'b-7', status: 'batch_running', totalCount: 2 });
    expect(batch.items.map((i) => [i.index, i.taskId, i.status, i.reading])).toEqual([
      [0, 'b-7-t0', 'queued', null],
      [1, 'b-7-t1', 'queued', null],
    ]);
    expect(server.received[0]).toMatchObject({ method: 'POST', url: '/api/open/batches' });
    expect(parts).toEqual([
      { field: 'business', value: 'water_v3_meter' },
      {
        field: 'files',
        value: Buffer.from('first image'),
        filename: 'one.jpg',
        mimeType: 'image/jpeg',
      },
      {
        field: 'files',
        value: Buffer.from('second image'),
        filename: 'two.webp',
        mimeType: 'image/webp',
      },
    ]);
    await expect(api().createBatch([])).rejects.toBeInstanceOf(RangeError);
  });

  it('getBatch', async () => {
    const body = fixtures.batch('b-2', 3);
    body.status = 'batch_done';
    body.items.reverse(); // order on the wire does not matter: items come back sorted by index
    server.setHandler(always(body));
    const batch = await api().getBatch('b-2');
    expect(batch.status).toBe('batch_done');
    expect(batch.items.map((i) => i.index)).toEqual([0, 1, 2]);
    expect(server.received[0]?.url).toBe('/api/open/batches/b-2');
  });

  it('works under a base path', async () => {
    server.setHandler(always(fixtures.aiStatus()));
    await makeApi(`${server.url}/meter/`, { agent }).getAiStatus();
    expect(server.received[0]?.url).toBe('/meter/api/open/ai-status');
  });
});

describe('tolerance', () => {
  it('passes unknown enum values and extra fields through, drops mistyped optional ones', async () => {
    server.setHandler(
      always(
        fixtures.task('t-1', {
          status: 'archived_somehow',
          result_source: 'cached_from_the_future',
          meter_type: 'digital_v9',
          success: 'partially',
          created_at: 'yesterday-ish',
          ai_online: 'yes', // wrong type, not relied upon: dropped
          result_summary: 'not an object',
          brand_new_field: { nested: [1, 2, 3] },
        }),
      ),
    );
    const task = await api().getTask('t-1');
    expect(task).toMatchObject({
      status: 'archived_somehow',
      resultSource: 'cached_from_the_future',
      meterType: 'digital_v9',
      success: 'partially',
      createdAt: 'yesterday-ish',
      aiOnline: undefined,
      resultSummary: {},
    });
  });

  it('accepts a body without ok and a quota without optional fields', async () => {
    server.setHandler(always({ quota: { remaining: 5 } }));
    await expect(api().getQuota()).resolves.toMatchObject({ remaining: 5, isUnlimited: false });
  });

  it('ignores garbage limit headers on success, and learns from good ones', async () => {
    const pacer = createPacer();
    server.setHandler(
      always(fixtures.aiStatus(), 200, {
        'x-ratelimit-limit': 'ninety',
        'x-ratelimit-remaining': '-4',
        'x-ratelimit-reset': 'tomorrow',
        'x-submissionlimit-limit': '10',
        'x-submissionlimit-remaining': '7',
        'x-concurrencylimit-limit': '4',
        'x-concurrencylimit-active': '2',
        'x-concurrencylimit-remaining': '2',
        'retry-after': 'whenever',
      }),
    );
    await makeApi(server.url, { agent, pacer }).getAiStatus();
    const limits = pacer.limits();
    expect(limits.submissions).toMatchObject({ limit: 10, serverRemaining: 7 });
    expect(limits.concurrency).toMatchObject({ limit: 4, active: 2, remaining: 2 });
    expect(limits.requests.limit).toBeUndefined();
    expect(pacer.counters().requestsSent).toBe(1);
  });
});

describe('bad answers are classified, never crashes or wrong readings', () => {
  const cases: [string, Handler, string][] = [
    [
      'an HTML page with 200',
      async (req, res) => {
        await drain(req);
        sendRaw(res, 200, '<!doctype html><title>Login to Wi-Fi</title>', {
          'content-type': 'text/html',
        });
      },
      'non_json_body',
    ],
    [
      'malformed JSON',
      async (req, res) => {
        await drain(req);
        sendRaw(res, 200, '{"ok":true,"task_id":"t-1",', { 'content-type': 'application/json' });
      },
      'malformed_json',
    ],
    [
      'invalid UTF-8',
      async (req, res) => {
        await drain(req);
        sendRaw(res, 200, Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), {
          'content-type': 'application/json',
        });
      },
      'malformed_json',
    ],
    [
      'an empty 200',
      async (req, res) => {
        await drain(req);
        sendRaw(res, 200, '');
      },
      'non_json_body',
    ],
    ['a JSON array', always([fixtures.task()]), 'invalid_body'],
    [
      'missing final_reading',
      always({ ...fixtures.task(), final_reading: undefined }),
      'invalid_body',
    ],
    [
      'a numeric reading (leading zeros lost)',
      always(fixtures.task('t-1', { final_reading: 123.4 })),
      'invalid_body',
    ],
    ['an empty task_id', always(fixtures.task('')), 'invalid_body'],
    ['ok as a string', always({ ...fixtures.task(), ok: 'true' }), 'invalid_body'],
    ['ok:false on 200', always({ ...fixtures.task(), ok: false }), 'server_refused'],
    ['the answer for another task', always(fixtures.task('t-2')), 'invalid_body'],
    [
      'a huge body with Content-Length',
      async (req, res) => {
        await drain(req);
        sendRaw(res, 200, Buffer.alloc(6 * 1024 * 1024, 0x20), {
          'content-type': 'application/json',
        });
      },
      'body_too_large',
    ],
    [
      'a huge chunked body',
      async (req, res) => {
        await drain(req);
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(256 * 1024, 0x20);
        const tenMiB = Readable.from(Array.from({ length: 40 }, () => chunk));
        // The client hangs up after 5 MB, which ends the pipeline with an error: expected.
        await pipeline(tenMiB, res).catch(() => undefined);
      },
      'body_too_large',
    ],
  ];

  it.each(cases)('%s', async (_name, handler, reason) => {
    server.setHandler(handler);
    const error = await failure(api().getTask('t-1'), 'retry_later');
    expect(error.info).toEqual({ class: 'retry_later', reason });
  });

  it('a batch with a repeated index or an index beyond the files', async () => {
    const one = await dir.file('a.jpg', JPEG_BYTES);
    const dup = fixtures.batch('b-1', 2);
    (dup.items[1] as { index: number }).index = 0;
    server.setHandler(always(dup));
    await failure(api().getBatch('b-1'), 'retry_later');
    server.setHandler(always(fixtures.batch('b-1', 2)));
    const error = await failure(api().createBatch([one]), 'retry_later');
    expect(error.info).toEqual({ class: 'retry_later', reason: 'invalid_body' });
  });

  it('a smaller cap can be configured', async () => {
    server.setHandler(always(fixtures.quota()));
    const small = makeApi(server.url, { agent, maxBodyBytes: 100 });
    const error = await failure(small.getQuota(), 'retry_later');
    expect(error.info).toEqual({ class: 'retry_later', reason: 'body_too_large' });
  });
});

describe('the API key stays secret', () => {
  it('is not visible on the client object or in errors', async () => {
    const client = api();
    expectNoSecret(client);
    server.setHandler(always({ ok: false, message: `bad key ${SECRET_KEY}` }, 401));
    const error = await failure(client.getQuota(), 'key_rejected');
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: 'ApiError',
      class: 'key_rejected',
      endpoint: 'quota',
      status: 401,
    });
  });

  it('refuses keys that cannot be sent in a header, without echoing them', () => {
    const bad = `${SECRET_KEY}\r\nX-Injected: 1`;
    let caught: unknown;
    try {
      createMeterApi({ baseUrl: server.url, apiKey: bad });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TypeError);
    expectNoSecret(caught);
    expect(() => createMeterApi({ baseUrl: server.url, apiKey: '' })).toThrow(TypeError);
  });
});
