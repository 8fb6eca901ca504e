// The transport over a WHATWG fetch (Electron's net.fetch in the window's backend). Electron cannot
// run here, so Node's own fetch stands in for Chromium's: the same calls against the real sandbox
// and against tiny servers, and the words Chromium's errors come in are classified as the CLI's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyTransport } from '../../main/api/classify-transport';
import type { FetchLike } from '../../main/api/network';
import type { Task } from '../../main/api/schemas';
import { createSandbox, type Sandbox } from '../../sandbox';
import type { FileToUpload } from '../../main/api/upload';
import { failure, makeApi } from './helpers/api';
import { meterPhoto as readingPhoto, tempDir, type TempDir } from './helpers/files';
import { pollUntil } from './helpers/poll';
import { answerQuota, drain, startServer, useTestServer } from './helpers/server';

/** Node's fetch, counted: proof that the calls went through the fetch and not undici's agent. */
let fetched = 0;
const nodeFetch: FetchLike = (input, init) => {
  fetched += 1;
  return fetch(input, init);
};
const overFetch = { network: { fetch: nodeFetch } };

let dir: TempDir;
let sb: Sandbox;
beforeAll(async () => {
  dir = await tempDir();
  sb = await createSandbox({ ai: { latencyMs: 20, jitterMs: 5 } });
});
afterAll(async () => {
  await sb.close();
  await dir.remove();
});

function meterPhoto(name: string, reading: string, shade: number): Promise<FileToUpload> {
  return readingPhoto(dir, name, reading, shade);
}

describe('the client over fetch, against the sandbox', () => {
  it('reads photos one by one and in a batch, with the business field', async () => {
    const api = makeApi(sb.url, { apiKey: sb.apiKey, ...overFetch });
    fetched = 0;
    expect((await api.getQuota()).remaining).toBeGreaterThan(0);
    expect(await api.getAiStatus()).toMatchObject({ isOnline: true });

    const task = await api.createTask(await meterPhoto('one.jpg', '00123.4', 10));
    const final = await pollUntil(
      () => api.getTask(task.taskId),
      (t: Task) => t.status === 'done' || t.status === 'failed',
      20,
    );
    expect(final).toMatchObject({ status: 'done', reading: '00123.4' });

    const files = [await meterPhoto('a.jpg', '1.5', 40), await meterPhoto('b ä"x.jpg', '2222', 80)];
    const batch = await api.createBatch(files, 'water_v3_meter');
    expect(batch.items.map((i) => i.fileName)).toEqual(['a.jpg', 'b ä%22x.jpg']);
    const done = await pollUntil(
      () => api.getBatch(batch.batchId),
      (b) => b.status === 'batch_done',
      20,
    );
    expect(done.items.map((i) => i.reading)).toEqual(['1.5', '2222']);
    expect(api.pacer.limits().requests.limit).toBe(600);
    expect(fetched).toBeGreaterThanOrEqual(7);
    await api.close();
    // Many round trips to the sandbox: the default 5 s is short on a loaded machine.
  }, 30_000);

  it('says a wrong key as the same refusal as over undici', async () => {
    const api = makeApi(sb.url, { apiKey: 'mdk_live_wrongwrongwrongwrong', ...overFetch });
    await failure(api.getQuota(), 'key_rejected');
    await api.close();
  });
});

describe('the guarantees of http.ts, over fetch', () => {
  const service = useTestServer();
  const elsewhere = useTestServer(answerQuota);

  it('never follows a redirect: the key does not reach another origin', async () => {
    service.setHandler(async (req, res) => {
      await drain(req);
      res.writeHead(302, { location: `${elsewhere.url}/api/open/quota` });
      res.end();
    });
    const error = await failure(makeApi(service.url, overFetch).getQuota(), 'retry_later');
    expect(error.info).toEqual({ class: 'retry_later', reason: 'redirect' });
    expect(elsewhere.received).toHaveLength(0);
  });

  it('refuses a body above the cap, announced or not', async () => {
    const big = Buffer.alloc(64 * 1024, 0x20);
    service.setHandler(async (req, res) => {
      await drain(req);
      // No content-length: the cap must hold while reading, not only from the header.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(big);
    });
    const api = makeApi(service.url, { ...overFetch, maxBodyBytes: 16 * 1024 });
    const error = await failure(api.getQuota(), 'retry_later');
    expect(error.info).toEqual({ class: 'retry_later', reason: 'body_too_large' });
  });

  it('gives up on an answer that never comes, as a timeout', async () => {
    service.setHandler(() => undefined);
    const api = makeApi(service.url, {
      ...overFetch,
      timeouts: { connectMs: 50, headersMs: 150, bodyMs: 150 },
    });
    const error = await failure(api.getQuota(), 'retry_later');
    expect(error.info).toEqual({ class: 'retry_later', reason: 'timeout' });
  });

  it('gives up on a body that stops half-way, as a timeout', async () => {
    service.setHandler(async (req, res) => {
      await drain(req);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
      res.write('{"ok":');
    });
    const api = makeApi(service.url, {
      ...overFetch,
      timeouts: { connectMs: 50, headersMs: 1000, bodyMs: 150 },
    });
    const error = await failure(api.getQuota(), 'retry_later');
    expect(error.info).toEqual({ class: 'retry_later', reason: 'timeout' });
  });

  it('says a closed port as the network being down', async () => {
    const gone = await startServer();
    const url = gone.url;
    await gone.close();
    const error = await failure(makeApi(url, overFetch).getQuota(), 'network_down');
    expect(error.info).toEqual({ class: 'network_down', code: 'ECONNREFUSED' });
  });
});

describe("Chromium's network errors", () => {
  // Electron's net.fetch rejects with the error's name in words ("net::ERR_..."), no code.
  const chromium = (name: string): Error => new Error(`net::${name}`);
  const info = (name: string) => classifyTransport('quota', chromium(name), (text) => text).info;

  it.each([
    ['ERR_CONNECTION_REFUSED', { class: 'network_down', code: 'ECONNREFUSED' }],
    ['ERR_INTERNET_DISCONNECTED', { class: 'network_down', code: 'ENETDOWN' }],
    ['ERR_NAME_NOT_RESOLVED', { class: 'network_down', code: 'ENOTFOUND' }],
    ['ERR_CONNECTION_TIMED_OUT', { class: 'network_down', code: 'UND_ERR_CONNECT_TIMEOUT' }],
    ['ERR_TIMED_OUT', { class: 'retry_later', reason: 'timeout' }],
    ['ERR_CONNECTION_RESET', { class: 'retry_later', reason: 'connection_reset' }],
    ['ERR_NETWORK_CHANGED', { class: 'retry_later', reason: 'connection_reset' }],
    ['ERR_PROXY_AUTH_REQUESTED', { class: 'retry_later', reason: 'proxy_auth' }],
    ['ERR_TUNNEL_CONNECTION_FAILED', { class: 'retry_later', reason: 'proxy_refused' }],
    ['ERR_PROXY_CONNECTION_FAILED', { class: 'retry_later', reason: 'proxy_refused' }],
    ['ERR_CERT_AUTHORITY_INVALID', { class: 'retry_later', reason: 'tls' }],
    ['ERR_SSL_PROTOCOL_ERROR', { class: 'retry_later', reason: 'tls' }],
    ['ERR_SOMETHING_NEW', { class: 'retry_later', reason: 'transport' }],
  ])('%s', (name, expected) => {
    expect(info(name)).toEqual(expected);
  });

  it("say a proxy's 407 handed back (a sign-in nobody answered) as the proxy asking", async () => {
    // Node's fetch turns a 407 into a bare network error by the fetch standard; Chromium hands the
    // answer back once the sign-in is cancelled, so the transport must know it as the proxy's.
    const asking: FetchLike = () => Promise.resolve(new Response('sign in', { status: 407 }));
    const api = makeApi('https://service.example', { network: { fetch: asking } });
    const error = await failure(api.getQuota(), 'retry_later');
    expect(error.info).toEqual({ class: 'retry_later', reason: 'proxy_auth' });
  });

  it('reach the engine through the transport as they are thrown', async () => {
    const refusing: FetchLike = () => Promise.reject(chromium('ERR_CONNECTION_REFUSED'));
    const api = makeApi('https://service.example', { network: { fetch: refusing } });
    const error = await failure(api.getQuota(), 'network_down');
    expect(error.info).toEqual({ class: 'network_down', code: 'ECONNREFUSED' });
  });
});
