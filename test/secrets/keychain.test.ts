// The keychain store against the real keytar and a real Secret Service (GNOME Keyring on a private
// D-Bus session, started by scripts/with-keyring.sh). Entries go under a per-run service name so a
// developer's own keychain entries are never touched, and are removed afterwards.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeychainSecretStore, KeychainUnavailableError } from '../../main/secrets/keychain';
import { skipWithoutKeytar } from '../helpers/keytar-build';

const REQUIRED = process.env.METER_DESK_REQUIRE_KEYRING === '1';
const SERVICE = `MeterDesk-test-${process.pid.toString()}-${randomBytes(4).toString('hex')}`;
const PROBE_URL = 'https://probe.meterdesk.invalid';
const PROBE_TIMEOUT_MS = 15_000;

const store = new KeychainSecretStore({ service: SERVICE });

/** Why the real keychain cannot be used here, or null when a write/read/delete round trip works. */
async function unavailableReason(): Promise<string | null> {
  const roundTrip = async () => {
    await store.set(PROBE_URL, 'probe-value-0000');
    const value = await store.get(PROBE_URL);
    await store.delete(PROBE_URL);
    return value === 'probe-value-0000' ? null : 'the keychain did not return what was stored';
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => {
      resolve(`no answer from the keychain within ${String(PROBE_TIMEOUT_MS / 1000)} s`);
    }, PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([roundTrip(), timeout]);
  } catch (error) {
    if (error instanceof KeychainUnavailableError) return `${error.detail} (${error.reason})`;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const reason = await unavailableReason();
const skip = reason !== null && !REQUIRED;
if (skip) {
  console.warn(
    `Skipping real keychain tests: no usable Secret Service (${reason}). ` +
      'Run them with: bash scripts/with-keyring.sh npx vitest run test/secrets',
  );
}

describe.skipIf(skip)('KeychainSecretStore with the real keychain', () => {
  const A = 'https://api-a.meterdesk.invalid';
  const B = 'https://api-b.meterdesk.invalid';
  const used = [A, B, `${A}:8443`, 'http://api-a.meterdesk.invalid', PROBE_URL];

  beforeAll(() => {
    if (reason !== null) {
      throw new Error(`METER_DESK_REQUIRE_KEYRING=1 but the keychain is unusable: ${reason}`);
    }
  });

  afterAll(async () => {
    if (reason === null) for (const url of used) await store.delete(url);
  });

  it('stores, reads, replaces and deletes a key', async () => {
    expect(await store.get(A)).toBeNull();
    await store.set(A, 'sk_first_key_0001');
    expect(await store.get(A)).toBe('sk_first_key_0001');
    await store.set(A, 'sk_second_key_0002');
    expect(await store.get(A)).toBe('sk_second_key_0002');
    expect(await store.delete(A)).toBe(true);
    expect(await store.get(A)).toBeNull();
    expect(await store.delete(A)).toBe(false);
  });

  it('keeps different base URLs apart', async () => {
    await store.set(A, 'sk_for_a_aaaa');
    await store.set(B, 'sk_for_b_bbbb');
    await store.set(`${A}:8443`, 'sk_for_a_port_cccc');
    await store.set('http://api-a.meterdesk.invalid', 'sk_for_a_http_dddd');
    expect(await store.get(A)).toBe('sk_for_a_aaaa');
    expect(await store.get(B)).toBe('sk_for_b_bbbb');
    expect(await store.get(`${A}:8443`)).toBe('sk_for_a_port_cccc');
    expect(await store.get('http://api-a.meterdesk.invalid')).toBe('sk_for_a_http_dddd');
    expect(await store.delete(A)).toBe(true);
    expect(await store.get(B)).toBe('sk_for_b_bbbb');
    expect(await store.get(`${A}:8443`)).toBe('sk_for_a_port_cccc');
  });

  it('finds the key under any spelling of the same origin', async () => {
    await store.set('HTTPS://API-A.MeterDesk.invalid:443/v1/tasks', 'sk_spelling_eeee');
    expect(await store.get(`${A}/`)).toBe('sk_spelling_eeee');
    expect(await store.get(A)).toBe('sk_spelling_eeee');
    expect(await store.delete(`${A}/other/path`)).toBe(true);
  });

  it('keeps keys with every printable ASCII sign intact', async () => {
    const key = 'sk_!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~_ffff';
    await store.set(B, key);
    expect(await store.get(B)).toBe(key);
  });

  it('answers the availability check', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});

// Without any D-Bus session the real libsecret fails; a child process gets that environment so the
// failure is real rather than simulated. The addon must load for libsecret to fail: without keytar
// the store fails before (keychain-missing.test.ts).
const noLibsecret =
  process.platform !== 'linux' || skipWithoutKeytar('the real libsecret failure test');
describe.skipIf(noLibsecret)('KeychainSecretStore without a keychain', () => {
  it('rejects with KeychainUnavailableError and does not reveal the key', () => {
    const key = 'sk_live_never_shown_4321';
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/meterdesk-bus',
    };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const fixture = path.join(import.meta.dirname, 'fixtures', 'keychain-unavailable.ts');
    const child = spawnSync(process.execPath, ['--import', 'tsx', fixture, key], {
      env,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.status, child.stderr).toBe(0);
    const outcomes = JSON.parse(child.stdout) as Record<string, { name: string; reason: string }>;
    for (const op of ['set', 'get', 'delete']) {
      expect(outcomes[op], op).toMatchObject({
        name: 'KeychainUnavailableError',
        reason: 'service',
      });
    }
    expect(child.stdout + child.stderr).not.toContain(key);
  });
});
