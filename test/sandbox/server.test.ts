// The server itself: close() ends keep-alive sockets and timers quickly, in-flight work does not
// outlive it, and the standalone CLI prints the URL and the key.

import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createSandbox, DEFAULT_API_KEY } from '../../sandbox';
import { handlesSignal, signalNote } from '../helpers/os-signals';
import { call, postTask, uniqueJpeg } from './helpers';

describe('close()', () => {
  it('ends keep-alive connections and in-flight tasks; the port refuses afterwards', async () => {
    const sb = await createSandbox({ ai: { latencyMs: 60_000 } });
    expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sb.apiKey).toBe(DEFAULT_API_KEY);
    // A keep-alive connection that stays open, and a task whose timer is far away.
    await postTask(sb, await uniqueJpeg());
    expect((await call(sb, '/api/open/quota')).status).toBe(200);
    // A request still uploading when close() runs.
    const hanging = new Promise<string>((resolve) => {
      const req = request(`${sb.url}/api/open/tasks`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${sb.apiKey}`,
          'Content-Type': 'multipart/form-data; boundary=x',
        },
      });
      req.on('error', (e) => {
        resolve(e.message);
      });
      req.on('response', () => {
        resolve('answered');
      });
      req.write('--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n');
    });
    await new Promise((r) => setTimeout(r, 50));
    await sb.close();
    expect(await hanging).not.toBe('answered');
    await expect(fetch(`${sb.url}/api/open/quota`)).rejects.toThrow();
    await sb.close(); // idempotent
  });

  it('two sandboxes run side by side on random ports', async () => {
    const a = await createSandbox();
    const b = await createSandbox();
    try {
      expect(a.port).not.toBe(b.port);
      expect((await call(a, '/api/open/quota')).status).toBe(200);
      expect((await call(b, '/api/open/quota')).status).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('seed', () => {
  it('the same seed gives the same identifiers', async () => {
    const ids = async (seed: number) => {
      const sb = await createSandbox({ seed });
      try {
        const img = await uniqueJpeg();
        const a = await postTask(sb, img);
        const b = await postTask(sb, img);
        return [a.body.task_id, b.body.task_id];
      } finally {
        await sb.close();
      }
    };
    const first = await ids(9);
    expect(await ids(9)).toEqual(first);
    expect(await ids(10)).not.toEqual(first);
  });
});

describe('sandbox/cli.ts', () => {
  it.skipIf(!handlesSignal('SIGTERM'))(
    `starts standalone, prints the URL and the key, and stops on SIGTERM${signalNote('SIGTERM')}`,
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0'], {
        cwd: new URL('../..', import.meta.url).pathname,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m?.[1] !== undefined && out.includes('API key:')) resolve(m[1]);
        });
        child.on('exit', (code) => {
          reject(new Error(`cli exited early (${String(code)}): ${out}`));
        });
      });
      expect(out).toContain(`API key: ${DEFAULT_API_KEY}`);
      const res = await fetch(`${url}/api/open/quota`, {
        headers: { Authorization: `Bearer ${DEFAULT_API_KEY}` },
      });
      expect(res.status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
  );
});
