// Spec 5 and 7: 401 for missing/invalid/expired/disabled keys, 403 for inactive users, missing
// scopes and source addresses outside the key's allowlist (IPv4, IPv6, CIDR).

import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { compileAllowlist, isLoopback, parseAllowEntry, parseIp } from '../../sandbox/ip-allowlist';
import { call, postTask, startSandbox, uniqueJpeg } from './helpers';

/** Containers without IPv6 cannot bind ::1; that test is skipped there, with the reason printed. */
const ipv6Loopback = await new Promise<boolean>((resolve) => {
  const probe = createServer();
  probe.once('error', () => {
    resolve(false);
  });
  probe.listen(0, '::1', () => {
    probe.close(() => {
      resolve(true);
    });
  });
});
if (!ipv6Loopback) console.warn('skipping the ::1 allowlist test: this machine cannot bind ::1');

describe('spec 5.4 authentication: 401', () => {
  it('refuses a missing, malformed, unknown, disabled or expired key with {ok,error,message}', async () => {
    const sb = await startSandbox({
      keys: [
        { key: 'good' },
        { key: 'off', disabled: true },
        { key: 'old', expiresAt: '2001-01-01T00:00:00Z' },
      ],
    });
    const cases: { key: string | null; headers?: Record<string, string> }[] = [
      { key: null },
      { key: null, headers: { Authorization: 'Basic Z29vZA==' } },
      { key: null, headers: { Authorization: 'Bearer' } },
      { key: 'nope' },
      { key: 'off' },
      { key: 'old' },
    ];
    for (const c of cases) {
      const r = await call(sb, '/api/open/quota', c);
      expect(r.status).toBe(401);
      expect(Object.keys(r.body).sort()).toEqual(['error', 'message', 'ok']);
      expect(r.body).toMatchObject({ ok: false, error: 'unauthorized' });
      expect(typeof r.body.message).toBe('string');
    }
    expect((await call(sb, '/api/open/quota', { key: 'good' })).status).toBe(200);
  });

  it('expires a key when the sandbox clock passes expiresAt, and disables it on demand', async () => {
    let now = Date.parse('2030-05-01T10:00:00Z');
    const sb = await startSandbox({
      now: () => now,
      keys: [{ key: 'k', expiresAt: '2030-05-01T10:00:01Z' }],
    });
    expect((await call(sb, '/api/open/quota')).status).toBe(200);
    now += 1000;
    expect((await call(sb, '/api/open/quota')).status).toBe(401);
    sb.control.updateKey('k', { expiresAt: null });
    expect((await call(sb, '/api/open/quota')).status).toBe(200);
    sb.control.updateKey('k', { disabled: true });
    expect((await call(sb, '/api/open/quota')).status).toBe(401);
  });
});

describe('spec 5.5 account and scope policy: 403', () => {
  it('refuses every request of an inactive user’s key', async () => {
    const sb = await startSandbox({ keys: [{ key: 'k', user: { active: false } }] });
    const r = await call(sb, '/api/open/quota');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ ok: false, error: 'forbidden', reason: 'account_inactive' });
    sb.control.setUserActive('demo@meterdesk.test', true);
    expect((await call(sb, '/api/open/quota')).status).toBe(200);
  });

  it('refuses an endpoint whose scope the key lacks, naming the scope', async () => {
    const sb = await startSandbox({
      keys: [{ key: 'ro', scopes: ['quota:read', 'ai:read', 'tasks:read', 'batches:read'] }],
    });
    expect((await call(sb, '/api/open/quota')).status).toBe(200);
    expect((await call(sb, '/api/open/tasks')).status).toBe(200);
    const r = await postTask(sb, await uniqueJpeg());
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      ok: false,
      error: 'forbidden',
      reason: 'missing_scope',
      required_scope: 'tasks:write',
    });
    const noStatus = await startSandbox({ keys: [{ key: 'x', scopes: ['tasks:read'] }] });
    const s = await call(noStatus, '/api/open/ai-status');
    expect(s.status).toBe(403);
    expect(s.body.required_scope).toBe('ai:read');
    expect(sb.ledger.counts().tasksCreated).toBe(0);
  });
});

describe('spec 5.3 / 5.5 IP allowlists', () => {
  it('IPv4: an exact address or a matching CIDR passes, anything else gets 403', async () => {
    const sb = await startSandbox({
      keys: [
        { key: 'exact', allowlist: ['127.0.0.1'] },
        { key: 'cidr', allowlist: ['127.0.0.0/8'] },
        { key: 'elsewhere', allowlist: ['10.0.0.0/8', '192.168.1.7'] },
      ],
    });
    expect((await call(sb, '/api/open/quota', { key: 'exact' })).status).toBe(200);
    expect((await call(sb, '/api/open/quota', { key: 'cidr' })).status).toBe(200);
    const r = await call(sb, '/api/open/quota', { key: 'elsewhere' });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ ok: false, error: 'forbidden', reason: 'ip_not_allowed' });
  });

  it.skipIf(!ipv6Loopback)(
    'IPv6: a sandbox on ::1 matches ::1 and ::1/128, not another address',
    async () => {
      const sb = await startSandbox({
        host: '::1',
        keys: [
          { key: 'v6', allowlist: ['::1'] },
          { key: 'v6cidr', allowlist: ['::1/128'] },
          { key: 'v6other', allowlist: ['2001:db8::/32'] },
        ],
      });
      expect(sb.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
      expect((await call(sb, '/api/open/quota', { key: 'v6' })).status).toBe(200);
      expect((await call(sb, '/api/open/quota', { key: 'v6cidr' })).status).toBe(200);
      expect((await call(sb, '/api/open/quota', { key: 'v6other' })).status).toBe(403);
    },
  );

  it('IPv6 CIDR ranges, via a trusted X-Forwarded-For address', async () => {
    const sb = await startSandbox({
      trustForwardedFor: true,
      keys: [{ key: 'k', allowlist: ['2001:db8::/32', '203.0.113.0/24'] }],
    });
    const from = (ip: string) =>
      call(sb, '/api/open/quota', { headers: { 'X-Forwarded-For': `${ip}, 127.0.0.1` } });
    expect((await from('2001:db8:1234::7')).status).toBe(200);
    expect((await from('2001:0db8:ffff:ffff:ffff:ffff:ffff:ffff')).status).toBe(200);
    expect((await from('2001:db9::1')).status).toBe(403);
    expect((await from('203.0.113.200')).status).toBe(200);
    expect((await from('::ffff:203.0.113.9')).status).toBe(200);
    expect((await from('203.0.114.1')).status).toBe(403);
  });
});

describe('ip-allowlist parsing', () => {
  it('parses IPv4, compressed IPv6, embedded quads and zones', () => {
    expect(parseIp('10.1.2.3')).toBe(parseIp('::ffff:10.1.2.3'));
    expect(parseIp('::ffff:a01:203')).toBe(parseIp('10.1.2.3'));
    expect(parseIp('2001:db8::1')).toBe(parseIp('2001:0db8:0:0:0:0:0:0001'));
    expect(parseIp('fe80::1%eth0')).toBe(parseIp('fe80::1'));
    expect(parseIp('[::1]')).toBe(1n);
    for (const bad of ['256.1.1.1', '1.2.3', '1::2::3', 'x', '1:2:3:4:5:6:7:8:9', '']) {
      expect(parseIp(bad)).toBeNull();
    }
  });

  it('matches CIDR prefixes and refuses malformed entries', () => {
    const list = compileAllowlist(['192.168.0.0/16', 'fd00::/8']);
    expect(list.allows('192.168.44.1')).toBe(true);
    expect(list.allows('192.169.0.1')).toBe(false);
    expect(list.allows('fd12:3456::1')).toBe(true);
    expect(list.allows('fe00::1')).toBe(false);
    expect(list.allows('garbage')).toBe(false);
    expect(compileAllowlist([]).allows('8.8.8.8')).toBe(true);
    expect(compileAllowlist(['0.0.0.0/0']).allows('8.8.8.8')).toBe(true);
    for (const bad of ['10.0.0.0/33', '::/129', '10.0.0.0/8/1', 'host.example', '1.2.3.4/x']) {
      expect(() => parseAllowEntry(bad)).toThrow();
    }
    expect(isLoopback('127.9.9.9')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('192.168.1.1')).toBe(false);
  });
});
