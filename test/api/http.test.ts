// Transport guarantees: https unless loopback, no redirects (so the key never reaches another
// origin), and cancellation that really cancels.
import { Agent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeterApi } from '../../main/api/client';
import { ApiError } from '../../main/api/errors';
import { BaseUrlError, isLoopbackHost, parseBaseUrl } from '../../main/api/http';
import { createPacer } from '../../main/api/pacer';
import { failure, makeApi, SECRET_KEY } from './helpers/api';
import { answerQuota, drain, startServer, type TestServer, useTestServer } from './helpers/server';

/** An interceptor that calls `tap` when a response's headers reach the client. */
function tapHeaders(tap: () => void): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (options, handler) =>
    dispatch(
      options,
      new Proxy(handler, {
        get(target, prop, receiver): unknown {
          const value: unknown = Reflect.get(target, prop, receiver);
          if (typeof value !== 'function') return value;
          const fn = value as (...args: unknown[]) => unknown;
          return (...args: unknown[]) => {
            if (prop === 'onHeaders' || prop === 'onResponseStart') tap();
            return fn.apply(target, args);
          };
        },
      }),
    );
}

describe('base URL', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com', ''],
    ['https://api.example.com/v1/', 'https://api.example.com', '/v1'],
    ['http://localhost:8080', 'http://localhost:8080', ''],
    ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000', ''],
    ['http://127.200.3.4', 'http://127.200.3.4', ''],
    ['http://[::1]:9000/base', 'http://[::1]:9000', '/base'],
  ])('accepts %s', (raw, origin, basePath) => {
    expect(parseBaseUrl(raw)).toEqual({ origin, basePath });
  });

  it.each([
    ['http://api.example.com', /unencrypted/],
    ['http://10.0.0.5:8080', /unencrypted/],
    ['http://127.0.0.1.nip.io', /unencrypted/],
    ['http://localhost.example.com', /unencrypted/],
    ['http://[::ffff:8.8.8.8]', /unencrypted/],
    ['ftp://api.example.com', /https/],
    ['file:///etc/passwd', /https/],
    ['https://user:pw@api.example.com', /user name or password/],
    ['https://api.example.com/?x=1', /query/],
    ['not a url', /not a valid URL/],
  ])('refuses %s', (raw, message) => {
    expect(() => parseBaseUrl(raw)).toThrow(BaseUrlError);
    expect(() => parseBaseUrl(raw)).toThrow(message);
  });

  it('createMeterApi refuses plain http to a remote host', () => {
    expect(() =>
      createMeterApi({ baseUrl: 'http://meter.example.com', apiKey: SECRET_KEY }),
    ).toThrow(/Refusing plain http:\/\/ to meter\.example\.com/);
  });

  it('knows loopback names', () => {
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('localhost.')).toBe(false);
  });
});

describe('redirects', () => {
  const service = useTestServer();
  const elsewhere = useTestServer(answerQuota);

  it.each([301, 302, 303, 307, 308])(
    '%i to another origin is not followed and the key never goes there',
    async (status) => {
      service.received.length = 0;
      service.setHandler(async (req, res) => {
        await drain(req);
        res.writeHead(status, { location: `${elsewhere.url}/api/open/quota` });
        res.end();
      });
      const error = await failure(makeApi(service.url).getQuota(), 'retry_later');
      expect(error.info).toEqual({ class: 'retry_later', reason: 'redirect' });
      expect(error.status).toBe(status);
      expect(service.received).toHaveLength(1);
      expect(elsewhere.received).toHaveLength(0);
    },
  );

  it('a redirect after an upload is not followed either', async () => {
    service.setHandler(async (req, res) => {
      await drain(req);
      res.writeHead(307, { location: `${elsewhere.url}/api/open/tasks` });
      res.end();
    });
    await failure(makeApi(service.url).getTask('t-1'), 'retry_later');
    expect(elsewhere.received).toHaveLength(0);
  });

  it('proof the second server does record what reaches it', async () => {
    // Guards the tests above against passing only because the recorder is broken.
    await makeApi(elsewhere.url).getQuota();
    expect(elsewhere.received).toHaveLength(1);
    expect(elsewhere.received[0]?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    elsewhere.received.length = 0;
  });
});

describe('abort', () => {
  let server: TestServer;
  const closed: Promise<void>[] = [];

  beforeAll(async () => {
    server = await startServer((req) => {
      // Never answers; remembers when the client goes away.
      closed.push(
        new Promise((resolve) => {
          req.socket.once('close', () => {
            resolve();
          });
        }),
      );
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('cancels a request in flight and closes its connection', async () => {
    const controller = new AbortController();
    const api = makeApi(server.url);
    const call = api.getQuota({ signal: controller.signal });
    await expect.poll(() => server.received.length).toBe(1);
    controller.abort();
    const error: unknown = await call.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
    await closed[0]; // the server saw the connection go
    await api.close();
  });

  it("rejects with the caller's own reason", async () => {
    const controller = new AbortController();
    const call = makeApi(server.url).getTask('t-1', { signal: controller.signal });
    await expect.poll(() => server.received.length).toBe(2);
    const reason = new Error('app shutting down');
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
  });

  it('an already aborted signal sends nothing', async () => {
    const before = server.received.length;
    await expect(
      makeApi(server.url).getQuota({ signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.received.length).toBe(before);
  });

  it('cancels while the body is arriving, and the pacer still learns the headers', async () => {
    const slow = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '60' });
      res.write('{"ok":true,'); // and never more
    });
    let headersArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      headersArrived = resolve;
    });
    const agent = new Agent().compose(
      tapHeaders(() => {
        headersArrived();
      }),
    );
    const pacer = createPacer();
    const api = makeApi(slow.url, { pacer, agent });
    const controller = new AbortController();
    const call = api.getQuota({ signal: controller.signal });
    await arrived;
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(pacer.limits()).toMatchObject({ inFlight: 0, requests: { limit: 60 } });
    await agent.close();
    await slow.close();
  });

  it('cancels a call still waiting in the pacer, which then never sends it', async () => {
    const pacer = createPacer();
    const api = makeApi(server.url, { pacer });
    const before = server.received.length;
    const firstController = new AbortController();
    const first = api.getQuota({ signal: firstController.signal }).catch(() => undefined);
    const controller = new AbortController();
    // Until the first answer the pacer lets one request out at a time: this one waits.
    const second = api.getAiStatus({ signal: controller.signal });
    await expect.poll(() => pacer.limits().waiting).toBe(1);
    controller.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect(pacer.limits().waiting).toBe(0);
    await expect.poll(() => server.received.length).toBe(before + 1);
    firstController.abort();
    await first;
    expect(server.received.length).toBe(before + 1);
    await api.close();
  });
});
