// Deployment profiles: every profile keeps its promise over real HTTP (one case per profile, in
// profile-cases/), profileOptions merges overrides over a profile, and the standalone CLI takes
// --profile.

import { spawn } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  createSandbox,
  DEFAULT_API_KEY,
  DEPLOYMENT_PROFILES,
  PAID_NEAREST_EXPIRE_AT,
  PROFILE_NAMES,
  profileOptions,
} from '../../sandbox';
import type { DeploymentProfile } from '../../sandbox';
import { call, fillTasks, startSandbox } from './helpers';
import { BROKEN_ENDPOINT_CASES } from './profile-cases/broken-endpoints';
import type { ProfileCase } from './profile-cases/case';
import { HOLD_AND_SLOT_CASES } from './profile-cases/holds-and-slots';
import { ERROR_AND_LATENCY_CASES } from './profile-cases/errors-and-latency';
import { KEY_AND_QUOTA_CASES } from './profile-cases/keys-and-quota';
import { LIMIT_AND_READ_CASES } from './profile-cases/limits-and-reads';
import { LIST_AND_BATCH_CASES } from './profile-cases/lists-and-batches';
import { QUOTA_AND_VERSION_CASES } from './profile-cases/quota-and-versions';

// A Record over every name: a profile without a case is a compile error, and the test below
// catches a case for a profile that no longer exists.
const CASES: Record<DeploymentProfile, ProfileCase> = {
  ...LIST_AND_BATCH_CASES,
  ...KEY_AND_QUOTA_CASES,
  ...ERROR_AND_LATENCY_CASES,
  ...BROKEN_ENDPOINT_CASES,
  ...HOLD_AND_SLOT_CASES,
  ...QUOTA_AND_VERSION_CASES,
  ...LIMIT_AND_READ_CASES,
};

describe('every deployment profile keeps its promise over HTTP', () => {
  it('has exactly one case per profile', () => {
    expect(Object.keys(CASES).sort()).toEqual([...PROFILE_NAMES].sort());
  });

  for (const name of PROFILE_NAMES) {
    it(`${name}: ${CASES[name].promise}`, () => CASES[name].run());
  }

  it('describes each profile and names every option it sets', () => {
    const named: Record<string, string> = { keys: 'first key' };
    for (const name of PROFILE_NAMES) {
      const { description, options } = DEPLOYMENT_PROFILES[name];
      expect(description.length, name).toBeGreaterThan(40);
      for (const option of Object.keys(options)) {
        expect(description, `${name} sets ${option}`).toContain(named[option] ?? option);
      }
    }
  });
});

describe('profileOptions', () => {
  it('lets overrides win field by field and merges ai, faults, listLimit and batchOverflow', () => {
    const o = profileOptions('high-latency', {
      ai: { latencyMs: 20 },
      faults: { errorRate: 0.5 },
      windowMs: 500,
      seed: 7,
    });
    expect(o).toMatchObject({ requestLatencyMs: 150, windowMs: 500, seed: 7 });
    expect(o.ai).toEqual({ latencyMs: 20, jitterMs: 100 });
    expect(o.faults).toEqual({ errorRate: 0.5 });
    expect(profileOptions('list-cap-50', { listLimit: { default: 5 } }).listLimit).toEqual({
      default: 5,
      max: 50,
      over: 400,
    });
    expect(profileOptions('small-batches', { batchOverflow: { tellsLimit: false } })).toMatchObject(
      {
        batchMaxFiles: 4,
        errorStyle: 'detail',
        batchOverflow: { tellsLimit: false },
      },
    );
  });

  it('ignores undefined overrides and leaves the profile table untouched', () => {
    expect(profileOptions('cad-400', { service: undefined, foreignEnabled: true })).toEqual({
      service: 'CAD',
      foreignEnabled: true,
    });
    const merged = profileOptions('list-cap-50', { listLimit: { max: 10 } });
    expect(merged.listLimit?.max).toBe(10);
    expect(DEPLOYMENT_PROFILES['list-cap-50'].options.listLimit).toEqual({ max: 50, over: 400 });
  });

  it('merges keys by position: the profile describes the first key, whatever its string', () => {
    const o = profileOptions('paid-packages', {
      keys: [
        { key: 'mine', email: 'me@example.test', user: { fixedRemaining: 3 } },
        { key: 'two' },
      ],
    });
    expect(o.keys).toEqual([
      {
        key: 'mine',
        email: 'me@example.test',
        user: {
          accountType: 'paid',
          dailyQuota: 0,
          monthlyRemaining: 40,
          monthlyBonusRemaining: 5,
          fixedRemaining: 3,
          nearestExpireAt: PAID_NEAREST_EXPIRE_AT,
        },
      },
      { key: 'two' },
    ]);
    const scoped = profileOptions('tasks-only-key', { keys: [{ key: 'mine' }] });
    expect(scoped.keys?.[0]).toMatchObject({ key: 'mine', scopes: ['tasks:read', 'tasks:write'] });
    expect(profileOptions('default', { keys: [{ key: 'k' }] }).keys).toEqual([{ key: 'k' }]);
  });

  it('refuses an unknown profile, naming the known ones', async () => {
    const bogus = 'list-cap-5' as DeploymentProfile;
    expect(() => profileOptions(bogus)).toThrow(
      /Unknown deployment profile "list-cap-5"; known profiles: default, list-cap-50, .*high-latency/,
    );
    await expect(createSandbox({ profile: bogus })).rejects.toThrow(/list-cap-50-422/);
  });

  it('createSandbox applies the merge: a profile with overrides, over HTTP', async () => {
    const sb = await startSandbox({
      profile: 'tasks-only-key',
      keys: [{ key: 'mine', scopes: ['tasks:read', 'tasks:write', 'quota:read'] }],
      listLimit: { max: 3, over: 400 },
    });
    expect(sb.apiKey).toBe('mine');
    expect((await call(sb, '/api/open/quota')).status).toBe(200);
    expect((await call(sb, '/api/open/ai-status')).status).toBe(403);
    await fillTasks(sb, 4);
    expect(((await call(sb, '/api/open/tasks?limit=3')).body.items as unknown[]).length).toBe(3);
    // A max below the default 20 lowers the default with it.
    expect(((await call(sb, '/api/open/tasks')).body.items as unknown[]).length).toBe(3);
    expect((await call(sb, '/api/open/tasks?limit=4')).body).toEqual({
      ok: false,
      error: 'bad_request',
      message: 'limit must be between 1 and 3',
    });
    expect(sb.control.state().profile).toBe('tasks-only-key');
  });
});

function runCli(args: string[]): {
  output: () => string;
  listening: Promise<string>;
  exited: Promise<number | null>;
  kill: () => void;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', ...args], {
    cwd: new URL('../..', import.meta.url).pathname,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1] !== undefined && out.includes('Control:')) resolve(m[1]);
    });
    void exited.then((code) => {
      reject(new Error(`cli exited (${String(code)}): ${out}`));
    });
  });
  return { output: () => out, listening, exited, kill: () => child.kill('SIGTERM') };
}

describe('sandbox/cli.ts --profile', () => {
  it('starts with the named profile, other flags winning over it', async () => {
    const cli = runCli(['--port', '0', '--profile', 'cad-namespace', '--foreign']);
    const url = await cli.listening;
    expect(cli.output()).toContain('Profile: cad-namespace');
    const headers = { Authorization: `Bearer ${DEFAULT_API_KEY}` };
    const status = (await (await fetch(`${url}/api/open/ai-status`, { headers })).json()) as {
      current_ai_version: string;
    };
    expect(status.current_ai_version).toBe('CAD:v1.0');
    const state = (await (await fetch(`${url}/__sandbox/state`)).json()) as {
      value: { profile: string; deployment: { service: string; foreignEnabled: boolean } };
    };
    expect(state.value).toMatchObject({
      profile: 'cad-namespace',
      deployment: { service: 'CAD', foreignEnabled: true },
    });
    cli.kill();
    expect(await cli.exited).toBe(0);
  });

  it('refuses an unknown profile with exit code 2, listing the names', async () => {
    const cli = runCli(['--port', '0', '--profile', 'fastapi']);
    cli.listening.catch(() => undefined);
    expect(await cli.exited).toBe(2);
    expect(cli.output()).toContain(
      '--profile: unknown profile "fastapi"; the profiles are: default,',
    );
    for (const name of PROFILE_NAMES) expect(cli.output()).toContain(name);
  });
});
