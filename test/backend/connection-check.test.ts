// The connection check tells the ways an address can be wrong apart, each said once in words a
// clerk can act on: a name that does not exist, nothing listening, something else answering, and
// an address that carries the API path (with the fixed address to use).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutApiPath } from '../../common/service-url';
import { checkConnection } from '../../main/backend/connection-check';
import { AppError } from '../../main/ipc/app-error';
import { createSandbox, type Sandbox } from '../../sandbox';

let sandbox: Sandbox;
let other: Server;
let otherUrl: string;

beforeAll(async () => {
  sandbox = await createSandbox();
  // A web server that is not the meter-reading service: a page for every path.
  other = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body>Intranet</body></html>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${String((other.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => other.close(resolve));
});

async function failure(baseUrl: string): Promise<AppError> {
  try {
    await checkConnection(baseUrl, sandbox.apiKey);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`${baseUrl} was accepted`);
}

describe('the connection check', () => {
  it('says nothing listens when the port is closed', async () => {
    const e = await failure('http://127.0.0.1:9');
    expect(e.code).toBe('unreachable');
    expect(e.message).toContain('nothing listens at http://127.0.0.1:9');
  });

  it('says the name does not exist (or cannot be looked up) for an unknown host', async () => {
    const e = await failure('https://no-such-host.invalid');
    expect(e.code).toBe('unreachable');
    expect(e.message).toMatch(
      /The name no-such-host\.invalid (does not exist|could not be looked up)/,
    );
  });

  it('says something else answers when a web server that is not the service does', async () => {
    const e = await failure(otherUrl);
    expect(e.code).toBe('bad_response');
    expect(e.message).toContain(`Something else answers at ${otherUrl}`);
  });

  it('offers the address without the API path', async () => {
    const e = await failure(`${sandbox.url}/api/open/quota`);
    expect(e.code).toBe('invalid_url');
    expect(e.message).toContain(`Use ${sandbox.url} instead`);
    expect(withoutApiPath(`${sandbox.url}/api/open/`)).toBe(sandbox.url);
    expect(withoutApiPath('https://m.example/meters/api/open/tasks')).toBe(
      'https://m.example/meters',
    );
    expect(withoutApiPath('https://m.example/meters')).toBeNull();
    await expect(checkConnection(sandbox.url, sandbox.apiKey)).resolves.toMatchObject({
      ai: { isOnline: true },
    });
  });
});
