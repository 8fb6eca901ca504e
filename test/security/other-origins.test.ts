// The Authorization header goes to the configured service and nowhere else: not where a redirect
// points, not to absolute URLs a response carries (as ids or as links), not in plain text to
// anything but this machine. Whole engine runs and the real CLI; a recorder server stands for
// "another origin" and counts every connection and request that reaches it.
import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import type { ProxyRules } from '../bad-input/helpers/mangling-proxy';
import { json } from '../bad-input/helpers/mangling-proxy';
import {
  expectAllReadCorrectly,
  expectNoInternalErrors,
  proxiedRun,
  type ProxiedRun,
} from '../bad-input/helpers/proxied-run';
import { captureIo } from '../helpers/cli-io';

interface Recorder {
  readonly url: string;
  readonly port: number;
  connections: number;
  readonly requests: { url: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

async function recorder(host = '127.0.0.1'): Promise<Recorder> {
  const rec = {
    connections: 0,
    requests: [] as { url: string; authorization: string | undefined }[],
  };
  const server: Server = createServer((req, res) => {
    rec.requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  server.on('connection', () => {
    rec.connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(rec, {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  });
}

let elsewhere: Recorder;
let run: ProxiedRun | undefined;
beforeAll(async () => {
  elsewhere = await recorder();
});
afterAll(async () => {
  await elsewhere.close();
});
afterEach(async () => {
  await run?.close();
  run = undefined;
});

const isApi = (path: string): boolean => path.startsWith('/api/open/');

describe('the Authorization header never reaches another origin', { timeout: 90_000 }, () => {
  it('redirects to another origin, on uploads and reads, are never followed', async () => {
    // The first request to each endpoint is redirected (with each redirect status in turn).
    const statuses = [301, 302, 303, 307, 308];
    const redirected = new Set<string>();
    const endpointOf = (method: string, p: string): string =>
      `${method} ${p.replace(/^(\/api\/open\/(?:tasks|batches))\/.+$/, '$1/{id}')}`;
    const rules: ProxyRules = {
      before: (ex) => {
        const endpoint = endpointOf(ex.method, ex.path);
        if (!isApi(ex.path) || redirected.has(endpoint)) return undefined;
        const status = statuses[redirected.size % statuses.length] ?? 307;
        redirected.add(endpoint);
        return { status, headers: { location: `${elsewhere.url}${ex.url}` }, body: '' };
      },
    };
    run = await proxiedRun({ rules, photos: 8 });
    // Reads (quota, AI status, task or batch polls) and an upload were all redirected.
    expect([...redirected]).toEqual(
      expect.arrayContaining(['GET /api/open/quota', 'GET /api/open/ai-status']),
    );
    expect([...redirected].some((e) => e.startsWith('POST'))).toBe(true);
    expect([...redirected].some((e) => e.includes('{id}') || e === 'GET /api/open/tasks')).toBe(
      true,
    );
    expect(run.outcome).toBe('complete');
    expectAllReadCorrectly(run);
    expectNoInternalErrors(run);
    expect(elsewhere.connections).toBe(0);
    expect(elsewhere.requests).toEqual([]);
  });

  // Whether the engine reads results one id at a time or by list depends on how many are due at
  // once, i.e. on timing: without list polling every read names an id (asserted to happen); with
  // it, the ids also come back inside list answers.
  it.each([
    { reads: 'one id at a time', listPolling: false },
    { reads: 'lists where they help', listPolling: true },
  ])(
    'absolute URLs in answers (as task and batch ids, as links) are data, never requested (reads: $reads)',
    async ({ listPolling }) => {
      // The "service" names its tasks and batches by URLs on another origin and adds links there.
      // The client must use them only as opaque ids on its own service.
      const other = elsewhere.url;
      const asUrl = (kind: 'tasks' | 'batches', id: string): string =>
        `${other}/api/open/${kind}/${id}`;
      const rewrite = (v: unknown): unknown => {
        if (Array.isArray(v)) return v.map(rewrite);
        if (typeof v !== 'object' || v === null) return v;
        const o: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(v)) o[k] = rewrite(x);
        if (typeof o.task_id === 'string') {
          o.result_url = `${other}/api/open/tasks/${o.task_id}/result`;
          o.task_id = asUrl('tasks', o.task_id);
        }
        if (typeof o.batch_id === 'string') {
          o.next = `${other}/api/open/batches/${o.batch_id}?poll=1`;
          o.batch_id = asUrl('batches', o.batch_id);
        }
        return o;
      };
      let translated = 0;
      const rules: ProxyRules = {
        forwardUrl: (ex) => {
          const m = /^\/api\/open\/(tasks|batches)\/([^/?]+)$/.exec(ex.path);
          if (!m?.[2]) return ex.url;
          const id = decodeURIComponent(m[2]);
          if (!id.startsWith(other)) return ex.url;
          translated++;
          return `/api/open/${m[1] ?? ''}/${id.slice(id.lastIndexOf('/') + 1)}`;
        },
        after: (_ex, up) =>
          up.json === undefined ? undefined : json(up.status, rewrite(up.json), up.headers),
      };
      run = await proxiedRun({ rules, photos: 8, config: { listPolling } });
      expect(run.outcome).toBe('complete');
      expectAllReadCorrectly({
        ...run,
        // The stored ids are the URLs the service gave; the ledger knows them by their last segment.
        jobs: run.jobs.map((j) => ({
          ...j,
          taskId: j.taskId?.slice(j.taskId.lastIndexOf('/') + 1) ?? null,
        })),
      });
      expect(run.jobs.every((j) => j.taskId?.startsWith(other))).toBe(true);
      if (!listPolling) expect(translated).toBeGreaterThan(0);
      expect(elsewhere.connections).toBe(0);
      // Every request went to the configured service, with the id as one encoded path segment.
      for (const ex of run.proxy.seen)
        expect(ex.path, ex.url).toMatch(/^\/api\/open\/[a-z-]+(\/[^/]+)?$/);
    },
  );
});

describe('plain http is refused except to this machine', { timeout: 90_000 }, () => {
  it('every command refuses an http:// service that is not loopback, before connecting', async () => {
    // Listens everywhere; the machine's own name usually resolves to it, yet it is not a loopback
    // literal, so nothing may be sent to it in clear text.
    const listener = await recorder('0.0.0.0');
    try {
      const name = hostname();
      const resolved = await lookup(name).then(
        (r) => r.address,
        () => 'unresolved',
      );
      console.log(`[plain http] ${name} resolves to ${resolved}`);
      for (const base of [
        `http://${name}:${listener.port}`,
        `http://10.255.255.1:${listener.port}`,
      ]) {
        for (const args of [
          ['run', '.', '--db', '/nonexistent/q.sqlite'],
          ['quota'],
          ['ai-status'],
          ['tasks'],
        ]) {
          const viaFlag = captureIo({ METER_DESK_API_KEY: 'md_plain_http_key_123' });
          expect(
            await main([...args, '--base-url', base], viaFlag),
            `${args[0] ?? ''} ${base}`,
          ).toBe(2);
          expect(viaFlag.all()).toMatch(/unencrypted/);
          const viaEnv = captureIo({
            METER_DESK_API_KEY: 'md_plain_http_key_123',
            METER_DESK_BASE_URL: base,
          });
          expect(await main(args, viaEnv)).toBe(2);
          expect(viaEnv.all()).toMatch(/unencrypted/);
        }
      }
      expect(listener.connections).toBe(0);

      // Loopback by literal address or the name localhost is allowed (the sandbox, a local proxy).
      const local = captureIo({ METER_DESK_API_KEY: 'md_plain_http_key_123' });
      await main(['quota', '--base-url', `http://localhost:${listener.port}`], local);
      expect(listener.requests.map((r) => r.authorization)).toEqual([
        'Bearer md_plain_http_key_123',
      ]);
    } finally {
      await listener.close();
    }
  });
});
