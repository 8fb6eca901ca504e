// `meter-desk --log-file PATH`: what the command says on standard error lands in the file with its
// time, between a start line (with the network it goes through, without the proxy's password) and
// its exit code; the API key never does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { createSandbox, type Sandbox } from '../../sandbox';
import { captureIo } from '../helpers/cli-io';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy';
import { tempDir } from '../helpers/tmp';

let sandbox: Sandbox;
let proxy: ConnectProxy;
let t: { dir: string; cleanup: () => void };

beforeAll(async () => {
  t = tempDir('meterdesk-cli-log-');
  sandbox = await createSandbox();
  proxy = await startConnectProxy({ user: 'desk', password: 'right' });
});
afterAll(async () => {
  await Promise.all([sandbox.close(), proxy.close()]);
  t.cleanup();
});

describe('--log-file', () => {
  it('keeps what the command said, with times, and never a key or a password', async () => {
    const file = path.join(t.dir, 'logs', 'cli.log');
    const io = captureIo({
      METER_DESK_API_KEY: sandbox.apiKey,
      HTTP_PROXY: proxy.url.replace('http://', 'http://desk:wrong-pw@'),
    });
    const code = await main(['--log-file', file, 'quota', '--base-url', sandbox.url], io);
    expect(code).not.toBe(0);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z meter-desk quota started; network: https via http:\/\/127\.0\.0\.1:\d+ \(with credentials\); http via/,
    );
    expect(
      lines.some((l) => l.includes('The proxy server asks for a user name and password')),
    ).toBe(true);
    expect(lines.at(-1)).toMatch(/meter-desk quota ended with exit code [1-9]$/);
    const text = lines.join('\n');
    expect(text).not.toContain('wrong-pw');
    expect(text).not.toContain(sandbox.apiKey);
    // Standard error still says it, as without the flag.
    expect(io.stderr()).toContain('The proxy server asks for a user name and password');
  });

  it('is a usage error without a path', async () => {
    const io = captureIo({});
    expect(await main(['status', '--log-file'], io)).toBe(2);
    expect(io.stderr()).toContain('--log-file takes the path of the log file.');
  });
});
