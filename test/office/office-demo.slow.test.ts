// `npm run office:demo` as a real process (issue 23): a throwaway PostgreSQL, the sandbox and three
// desks over overlapping folders of one route; every distinct photo paid for once, the office
// billing CSV with each meter once, and the cluster gone at the end, also after Ctrl+C. Slow
// because it is the whole demo (~20 s: three desks wait for each other's readings through the
// office); test/office/office-export.test.ts and paid-once.test.ts cover its parts in npm test.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OfficeDemoSummary } from '../../main/cli/commands/office-demo';
import { tempDir } from '../helpers/tmp';
import { officeSkip } from './pg-cluster';

const t = tempDir('meterdesk-office-demo-');
afterAll(() => {
  t.cleanup();
});

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the demo; `onErr` sees its standard error as it comes (to interrupt it). */
function demo(args: string[], onErr: (text: string, stop: () => void) => void = () => undefined) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'main/cli/main.ts', 'office', 'demo', ...args],
    {
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => {
    out.stderr += d.toString();
    onErr(out.stderr, () => child.kill('SIGINT'));
  });
  // A deadline for a hung demo, not a speed check.
  const deadline = setTimeout(() => child.kill('SIGKILL'), 150_000);
  return new Promise<Finished>((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(deadline);
      resolve({ code, ...out });
    });
  });
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => {
      resolve(true);
    });
  });
}

describe.skipIf(officeSkip !== null)('npm run office:demo', () => {
  it('pays for each photo once and writes the office billing CSV, each meter once', async () => {
    const dir = join(t.dir, 'demo');
    const run = await demo(['--dir', dir, '--count', '6', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as OfficeDemoSummary & { routes: { meters: number }[] };
    expect(summary.paidTwice).toBe(0);
    expect(summary.uploads).toBe(summary.distinct);
    expect(summary.copies).toBe(summary.distinct * 2);
    expect(summary.desks.map((d) => [d.desk, d.read === d.photos])).toEqual([
      ['anna@demo', true],
      ['ben@demo', true],
      ['carl@demo', true],
    ]);
    const lines = readFileSync(summary.csv, 'utf8').trim().split('\r\n');
    const meters = lines.slice(1).map((l) => l.split(';')[0]);
    expect(new Set(meters).size).toBe(meters.length);
    expect(meters.length).toBe(summary.routes.reduce((n, r) => n + r.meters, 0));
    expect(summary.rows).toBe(meters.length);
  }, 180_000);

  it('stops and removes its PostgreSQL on Ctrl+C', async () => {
    let interrupted = false;
    const run = await demo(['--dir', join(t.dir, 'interrupted'), '--count', '6'], (err, stop) => {
      if (!interrupted && err.includes('Three desks start together')) {
        interrupted = true;
        stop();
      }
    });
    expect(run.code, run.stderr).toBe(4);
    expect(run.stderr).toContain('Interrupted');
    const port = Number(/PostgreSQL on 127\.0\.0\.1:(\d+)/.exec(run.stderr)?.[1]);
    expect(port).toBeGreaterThan(0);
    expect(await refused(port)).toBe(true);
  }, 180_000);
});
