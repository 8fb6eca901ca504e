// The API key appears nowhere but in the request header: a full session through the real CLI (a
// run killed mid-way, a run to the end with an export, status, export, tasks, quota, ai-status, a
// run whose key is refused) against a service that echoes the Authorization header back in every
// string it can (task messages, meter types, summaries, error bodies). Afterwards the queue file,
// its -wal and -shm, the exports and everything printed (including what a killed run printed) are
// searched for the key and for fragments of it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { queueCounts } from '../../scripts/chaos/queue-probe';
import {
  json,
  startProxy,
  type ManglingProxy,
  type ProxyRules,
} from '../bad-input/helpers/mangling-proxy';
import { harness, type Harness } from '../helpers/engine-harness';
import { leaksInDir, leaksInText, type Leak } from './helpers/leaks';

const KEY = 'md_live_9Zq4TfW2xLp7Rk3VbN8sHc6JdQ1y';
const REPO = path.resolve(import.meta.dirname, '../..');

let h: Harness | undefined;
let proxy: ManglingProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await h?.close();
  h = proxy = undefined;
});

interface Cli {
  readonly code: number | null;
  readonly output: string;
}

/** The real command, as a user runs it; `killWhen` SIGKILLs it once the condition holds. */
function cli(args: string[], env: Record<string, string>, killWhen?: () => boolean): Promise<Cli> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO, 'bin/meter-desk.js'), ...args], {
      cwd: REPO,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    const timer = killWhen
      ? setInterval(() => {
          if (killWhen()) child.kill('SIGKILL');
        }, 20)
      : null;
    child.on('close', (code) => {
      if (timer) clearInterval(timer);
      resolve({ code, output });
    });
  });
}

/** Echoes the caller's Authorization header into every string a client might keep or show. */
function echoing(): { rules: ProxyRules; echoes: () => number; calm: () => void } {
  let echoes = 0;
  let flaky = true;
  let refusedOnce = false;
  const taint = (v: unknown, auth: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => taint(x, auth));
    if (typeof v !== 'object' || v === null) return v;
    const o = { ...(v as Record<string, unknown>) };
    if (typeof o.status === 'string' && 'task_id' in o) {
      echoes++;
      o.meter_type = `pointer; debug=${auth}`;
      const before = typeof o.error_message === 'string' ? o.error_message : '';
      o.error_message = `${before} (request had Authorization: ${auth})`;
      if (typeof o.result_summary === 'object' && o.result_summary !== null)
        o.result_summary = { ...o.result_summary, summaryText: `read with ${auth}` };
      // Every third task fails, with the header in its message.
      if (
        o.status === 'done' &&
        (typeof o.task_id === 'string' ? o.task_id : '').charCodeAt(6) % 3 === 0
      ) {
        o.status = 'failed';
        o.result_source = 'failed';
        o.final_reading = '-';
        o.error_message = `AI failed for ${auth}`;
      }
    }
    for (const [k, x] of Object.entries(o)) if (typeof x === 'object') o[k] = taint(x, auth);
    if (typeof o.quota_summary_text === 'string') o.quota_summary_text = `key ${auth}`;
    if (typeof o.public_status_reason === 'string') o.public_status_reason = auth;
    return o;
  };
  return {
    echoes: () => echoes,
    calm: () => {
      flaky = false;
    },
    rules: {
      before: (ex) => {
        const auth = ex.headers.authorization ?? '';
        // A refused upload and a failing read, both quoting the header back.
        if (!refusedOnce && ex.method === 'POST') {
          refusedOnce = true;
          echoes++;
          return json(200, { ok: false, error: 'refused', message: `bad request from ${auth}` });
        }
        if (flaky && ex.index % 7 === 3) {
          echoes++;
          return json(503, { ok: false, error: 'unavailable', message: `try again, ${auth}` });
        }
        return undefined;
      },
      after: (ex, up) => {
        if (up.json === undefined) return undefined;
        const auth = ex.headers.authorization ?? '';
        return json(up.status, taint(up.json, auth), up.headers);
      },
    },
  };
}

describe('the API key stays out of everything MeterDesk writes or prints', () => {
  it('a full session against a service that echoes the key back', async () => {
    h = await harness({
      photos: 12,
      duplicates: 1,
      badFiles: true,
      sandbox: { keys: [{ key: KEY }], ai: { latencyMs: 200, jitterMs: 50 } },
    });
    const echo = echoing();
    proxy = await startProxy(h.sandbox.url, echo.rules);
    const data = path.join(h.dir, 'data');
    mkdirSync(data);
    const db = path.join(data, 'queue.sqlite');
    const env = {
      METER_DESK_BASE_URL: proxy.url,
      METER_DESK_API_KEY: KEY,
      METER_DESK_DATA_DIR: data,
    };
    const outputs: [string, Cli][] = [];

    // 1. A run killed mid-way (what a crash leaves: the queue with its -wal and -shm).
    const killed = await cli(['run', h.photos, '--db', db], env, () => queueCounts(db).done >= 3);
    outputs.push(['killed run', killed]);
    expect(killed.code).toBeNull();
    const afterKill = leaksInDir(data, KEY);
    expect(afterKill.files.map((f) => path.basename(f)).sort()).toEqual(
      expect.arrayContaining(['queue.sqlite', 'queue.sqlite-wal', 'queue.sqlite-shm']),
    );
    expect(afterKill.leaks).toEqual([]);

    // 2. The run again, to the end, with the billing export; then every other command.
    const csv = path.join(data, 'readings.csv');
    const done = await cli(['run', h.photos, '--db', db, '--export', csv], env);
    outputs.push(['run', done]);
    expect(done.code, done.output).toBe(0);
    expect(existsSync(csv)).toBe(true);
    // One-shot commands do not retry: the failing answers stop, the echoing goes on.
    echo.calm();
    for (const args of [
      ['status', '--db', db, '--json'],
      ['status', '--db', db],
      ['export', path.join(data, 'again.csv'), '--db', db, '--delimiter', ';'],
      ['tasks', '--json'],
      ['tasks'],
      ['quota'],
      ['ai-status', '--json'],
    ]) {
      const r = await cli(args, env);
      outputs.push([args.join(' '), r]);
      expect(r.code, `${args.join(' ')}: ${r.output}`).toBe(0);
    }

    // 3. The key refused, with the service quoting it in the 401.
    proxy.rules = {
      before: (ex) =>
        json(401, {
          ok: false,
          error: 'unauthorized',
          message: `unknown key ${ex.headers.authorization ?? ''}`,
        }),
    };
    const refused = await cli(['run', h.photos, '--db', path.join(data, 'other.sqlite')], env);
    outputs.push(['refused run', refused]);
    expect(refused.code).toBe(3);

    // The service really did echo the key, many times, and the search does find it where it is.
    expect(echo.echoes()).toBeGreaterThan(20);
    const probe = path.join(h.dir, 'probe.txt');
    writeFileSync(probe, `x${KEY.slice(10, 26)}x`); // a fragment is enough to be found
    expect(leaksInDir(h.dir, KEY).leaks.map((l) => l.where)).toContain(probe);

    const leaks: Leak[] = [
      ...leaksInDir(data, KEY).leaks,
      ...outputs.flatMap(([name, r]) => leaksInText(name, r.output, KEY)),
    ];
    expect(leaks).toEqual([]);
    // Eight runs of the real CLI (each starts tsx): ~20 s quiet, 110 s seen with both cores busy.
  }, 300_000);
});
