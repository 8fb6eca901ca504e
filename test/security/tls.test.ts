// TLS failures are reported as what they are and never bypassed: real https servers on 127.0.0.1
// with certificates made by openssl at test time (self-signed; from a test CA for the wrong host;
// from the test CA for 127.0.0.1), plain http spoken on an https address. A failed handshake means
// no request is made, so the key is never sent; a certificate trusted the proper way (the CA in
// NODE_EXTRA_CA_CERTS) works, which proves the servers do record what reaches them.
import { execFile, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeterApi } from '../../main/api/client';
import { ApiError } from '../../main/api/errors';
import { createPacer } from '../../main/api/pacer';
import { openSession } from '../../main/actions/session';
import { generateSampleFolder } from '../../sandbox/samples';
import { FAST_ENGINE } from '../helpers/engine-harness';
import { tempDir } from '../helpers/tmp';

const KEY = 'md_tls_key_Q7w3E9r1T5y8U2i6';
const REPO = path.resolve(import.meta.dirname, '../..');

interface Endpoint {
  readonly url: string;
  readonly requests: (string | undefined)[];
  close(): Promise<void>;
}

const QUOTA = JSON.stringify({ ok: true, email: 'a@b.test', quota: { remaining: 5 } });

async function listen(server: Server | HttpServer, scheme: 'https' | 'http'): Promise<Endpoint> {
  const requests: (string | undefined)[] = [];
  server.on(
    'request',
    (req: { headers: { authorization?: string } }, res: { end(b: string): void }) => {
      requests.push(req.headers.authorization);
      res.end(QUOTA);
    },
  );
  // A client refusing the certificate makes the server see a failed handshake: expected.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

let t: { dir: string; cleanup: () => void };
let skipReason: string | null = null;
const servers: Record<'self' | 'wrongHost' | 'good', Endpoint | null> = {
  self: null,
  wrongHost: null,
  good: null,
};
let plain: Endpoint | null = null;

function openssl(args: string[]): void {
  execFileSync('openssl', args, { cwd: t.dir, stdio: 'pipe' });
}

beforeAll(async () => {
  t = tempDir('meterdesk-tls-');
  try {
    execFileSync('openssl', ['version'], { stdio: 'pipe' });
  } catch {
    skipReason = 'openssl is not installed (apt install openssl)';
    console.warn(`[tls] skipped: ${skipReason}`);
    return;
  }
  const subj = (cn: string): string[] => ['-subj', `/CN=${cn}`];
  // A self-signed certificate and its new key, valid two days: `<name>.pem` and `<name>.key`.
  const selfSigned = (name: string, cn: string, ...extensions: string[]): void => {
    const made = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'];
    const files = ['-keyout', `${name}.key`, '-out', `${name}.pem`];
    openssl([...made, ...files, ...subj(cn), ...extensions.flatMap((e) => ['-addext', e])]);
  };
  selfSigned('self', '127.0.0.1', 'subjectAltName=IP:127.0.0.1');
  selfSigned(
    'ca',
    'MeterDesk Test CA',
    'basicConstraints=critical,CA:TRUE',
    'keyUsage=critical,keyCertSign',
  );
  for (const [name, san] of [
    ['good', 'IP:127.0.0.1'],
    ['wrong-host', 'DNS:meters.example.com'],
  ] as const) {
    writeFileSync(path.join(t.dir, `${name}.ext`), `subjectAltName=${san}\n`);
    openssl([
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      ...subj(name),
    ]);
    openssl([
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '2',
      '-out',
      `${name}.pem`,
      '-extfile',
      `${name}.ext`,
    ]);
  }
  const tls = (name: string) => ({
    key: readFileSync(path.join(t.dir, `${name}.key`)),
    cert: readFileSync(path.join(t.dir, `${name}.pem`)),
  });
  servers.self = await listen(createServer(tls('self')), 'https');
  servers.wrongHost = await listen(createServer(tls('wrong-host')), 'https');
  servers.good = await listen(createServer(tls('good')), 'https');
  plain = await listen(createHttpServer(), 'http');
}, 60_000);

afterAll(async () => {
  for (const s of [...Object.values(servers), plain]) await s?.close();
  t.cleanup();
});

/** A quota call in a child process that trusts the test CA. */
async function callTrustingCa(
  baseUrl: string,
): Promise<{ ok: boolean; error?: { info?: unknown; message?: string } }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'test/security/fixtures/tls-call.ts'],
    {
      cwd: REPO,
      env: {
        ...process.env,
        NODE_EXTRA_CA_CERTS: path.join(t.dir, 'ca.pem'),
        MD_BASE_URL: baseUrl,
        MD_API_KEY: KEY,
      },
    },
  );
  return JSON.parse(stdout) as { ok: boolean; error?: { info?: unknown; message?: string } };
}

async function tlsFailure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const api = error as ApiError;
  expect(api.info).toEqual({ class: 'retry_later', reason: 'tls' });
  expect(api.message).toMatch(/certificate could not be verified/);
  expect(JSON.stringify(api)).not.toContain(KEY);
  return api;
}

describe('TLS errors', { timeout: 90_000 }, () => {
  it('a self-signed certificate: a classified error naming the certificate, no request made', async (ctx) => {
    if (skipReason || !servers.self) {
      ctx.skip();
      return;
    }
    const api = createMeterApi({ baseUrl: servers.self.url, apiKey: KEY, pacer: createPacer() });
    const error = await tlsFailure(api.getQuota());
    expect(error.message).toContain('DEPTH_ZERO_SELF_SIGNED_CERT');
    await api.close();
    expect(servers.self.requests).toEqual([]);
  });

  it('plain http spoken on an https address is a TLS failure too', async (ctx) => {
    if (skipReason || !plain) {
      ctx.skip();
      return;
    }
    const api = createMeterApi({
      baseUrl: plain.url.replace('http:', 'https:'),
      apiKey: KEY,
      pacer: createPacer(),
    });
    await tlsFailure(api.getAiStatus());
    await api.close();
    expect(plain.requests).toEqual([]);
  });

  it('the engine pauses with the certificate problem on show and fails no photo over it', async (ctx) => {
    if (skipReason || !servers.self) {
      ctx.skip();
      return;
    }
    const photos = path.join(t.dir, 'photos');
    await generateSampleFolder(photos, { count: 3, seed: 4, duplicates: 0, width: 96 });
    const session = openSession({
      dbFile: path.join(t.dir, 'q.sqlite'),
      baseUrl: servers.self.url,
      apiKey: KEY,
      config: FAST_ENGINE,
    });
    try {
      await session.actions.addPhotos([photos]);
      await session.engine.start();
      expect(await session.engine.waitSettled({ maxOfflineMs: 300 })).toBe('offline_timeout');
      const status = session.engine.status();
      // The window words the certificate problem from the hold's code (offline-words.ts).
      expect(status.holds.offline?.code).toBe('tls');
      expect(status.counts).toMatchObject({ queued: 3, failed: 0, done: 0 });
    } finally {
      await session.close();
    }
    expect(servers.self.requests).toEqual([]);
  });

  it('trusted the proper way it works; a trusted CA does not make a wrong host or another CA pass', async (ctx) => {
    if (skipReason || !servers.good || !servers.wrongHost || !servers.self) {
      ctx.skip();
      return;
    }
    expect(await callTrustingCa(servers.good.url)).toEqual({ ok: true });
    expect(servers.good.requests).toEqual([`Bearer ${KEY}`]);

    const wrongHost = await callTrustingCa(servers.wrongHost.url);
    expect(wrongHost.ok).toBe(false);
    expect(wrongHost.error?.info).toEqual({ class: 'retry_later', reason: 'tls' });
    expect(wrongHost.error?.message).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(servers.wrongHost.requests).toEqual([]);

    const self = await callTrustingCa(servers.self.url);
    expect(self.error?.info).toEqual({ class: 'retry_later', reason: 'tls' });
    expect(servers.self.requests).toEqual([]);
  });

  it('no code path turns certificate checks off', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ts|tsx|js|mjs)$/.test(e.name)) files.push(p);
      }
    };
    for (const dir of ['main', 'common', 'preload']) walk(path.join(REPO, dir));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(
        /rejectUnauthorized|NODE_TLS_REJECT_UNAUTHORIZED|checkServerIdentity|setDefaultCACertificates/,
      );
    }
  });
});
