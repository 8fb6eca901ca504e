// Where the API key goes: the real OS keychain when there is one (scripts/with-keyring.sh gives
// tests a real GNOME Keyring), and when there is none (a real libsecret failure: a child process
// without a D-Bus session) an encrypted file only if safeStorage's backend is real, never the
// "basic_text" one; memory for the session otherwise. The user is told what happened.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logText } from '../../common/engine-messages';
import { EncryptedFileSecretStore } from '../../main/backend/encrypted-file-store';
import { chooseSecretStore, type KeychainLike } from '../../main/backend/secret-choice';
import { KeychainSecretStore } from '../../main/secrets/keychain';
import { skipWithoutKeytar } from '../helpers/keytar-build';
import { tempDir } from '../helpers/tmp';
import { TestOs } from '../helpers/test-os';

const REQUIRED = process.env.METER_DESK_REQUIRE_KEYRING === '1';
const t = tempDir('meterdesk-secrets-');
afterAll(() => {
  t.cleanup();
});

async function keychainWorks(store: KeychainSecretStore): Promise<boolean> {
  try {
    await Promise.race([
      store.check(),
      new Promise((_, reject) => {
        setTimeout(() => {
          reject(new Error('timeout'));
        }, 8_000);
      }),
    ]);
    return true;
  } catch {
    return false;
  }
}

const SERVICE = `MeterDesk-choice-${String(process.pid)}-${randomBytes(3).toString('hex')}`;
const keychain = new KeychainSecretStore({ service: SERVICE });
const haveKeychain = await keychainWorks(keychain);
if (!haveKeychain && !REQUIRED) {
  console.warn(
    'Skipping the real-keychain case: no Secret Service here. Run: bash scripts/with-keyring.sh npx vitest run test/backend',
  );
}

describe.skipIf(!haveKeychain && !REQUIRED)('with a real keychain', () => {
  it('uses the keychain, says nothing alarming, and files the key under the base URL origin', async () => {
    const chosen = await chooseSecretStore({
      keychain,
      safeStorage: null,
      encryptedFile: join(t.dir, 'unused.json'),
    });
    expect(chosen).toMatchObject({ kind: 'keychain', warning: null });
    expect(logText(chosen.place)).toBe('Secret Service keyring');
    // Where it is, as the code the window words it by.
    expect(chosen.place).toEqual({ code: 'keyPlaceKeychain', params: { platform: 'linux' } });
    await chosen.store.set('https://meters.example.com/api/', 'md_in_the_keyring_1234');
    expect(await keychain.get('https://meters.example.com')).toBe('md_in_the_keyring_1234');
    expect(await chosen.store.delete('https://meters.example.com')).toBe(true);
  });
});

function runWithoutKeychain(mode: string): {
  kind: string;
  place: unknown;
  warning: unknown;
  placeText: string;
  warningText: string | null;
  roundTrip: boolean;
} {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/meterdesk-bus',
  };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  const fixture = join(import.meta.dirname, 'fixtures', 'choose-secrets.ts');
  const dir = join(t.dir, mode);
  const child = spawnSync(process.execPath, ['--import', 'tsx', fixture, mode, dir], {
    env,
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout) as ReturnType<typeof runWithoutKeychain>;
}

describe.skipIf(process.platform !== 'linux')('without a keychain (real libsecret failure)', () => {
  // The keychain's failure here is libsecret's ('service'): the addon must load.
  const noKeytar = skipWithoutKeytar('the encrypted-file fallback after a real libsecret failure');
  it('falls back to an encrypted file when safeStorage has a real backend, and says so', ({
    skip,
  }) => {
    skip(noKeytar);
    const out = runWithoutKeychain('real');
    expect(out).toMatchObject({ kind: 'encrypted_file', roundTrip: true });
    expect(out.placeText).toContain('gnome_libsecret');
    expect(out.place).toEqual({
      code: 'keyPlaceEncryptedFile',
      params: { backend: 'gnome_libsecret' },
    });
    // A code the window words in its own language; the log's English from common/.
    expect(out.warning).toEqual({
      code: 'keyInEncryptedFile',
      params: {
        keychain: 'service',
        platform: 'linux',
        seconds: 8,
        detail: '',
        backend: 'gnome_libsecret',
      },
    });
    expect(out.warningText).toMatch(/cannot reach the system keyring/);
    expect(out.warningText).toContain('encrypted file');
    expect(out.warningText).not.toContain('METER_DESK_API_KEY');
    const file = readFileSync(join(t.dir, 'real', 'keys.json'), 'utf8');
    expect(file).not.toContain('md_fixture_key_0000');
    expect(statSync(join(t.dir, 'real', 'keys.json')).mode & 0o077).toBe(0);
  });

  it("refuses safeStorage's basic_text backend and keeps the key for this session only", () => {
    const out = runWithoutKeychain('basic_text');
    expect(out).toMatchObject({ kind: 'session_only', roundTrip: true });
    expect(out.place).toEqual({ code: 'keyPlaceMemory', params: {} });
    expect(out.warningText).toContain('basic_text');
    expect(out.warningText).toContain('kept only until MeterDesk closes');
    expect(out.warning).toMatchObject({
      code: 'keyForSessionOnly',
      params: { why: 'weak', backend: 'basic_text' },
    });
  });

  it('keeps the key for this session when safeStorage is unavailable or absent', () => {
    expect(runWithoutKeychain('unavailable')).toMatchObject({ kind: 'session_only' });
    expect(runWithoutKeychain('none').warningText).toContain('no other safe place');
  });
});

describe('a keychain that never answers', () => {
  it('counts as unavailable after the timeout', async () => {
    const hung: KeychainLike = {
      check: () => new Promise(() => undefined),
      get: () => Promise.resolve(null),
      set: () => Promise.resolve(),
      delete: () => Promise.resolve(false),
      describe: () => 'Secret Service keyring',
    };
    const chosen = await chooseSecretStore({
      keychain: hung,
      safeStorage: null,
      encryptedFile: join(t.dir, 'hung.json'),
      checkTimeoutMs: 50,
    });
    expect(chosen.kind).toBe('session_only');
    expect(chosen.warning && logText(chosen.warning)).toContain('did not answer within 0.05 s');
    expect(chosen.warning).toEqual({
      code: 'keyForSessionOnly',
      params: {
        keychain: 'timeout',
        platform: process.platform,
        seconds: 0.05,
        detail: '',
        why: 'none',
        backend: '',
      },
    });
  });
});

describe('EncryptedFileSecretStore', () => {
  const os = new TestOs();
  const file = join(t.dir, 'enc', 'keys.json');
  const store = new EncryptedFileSecretStore(file, os, 'an encrypted file');

  it('stores, reads, replaces and deletes keys per origin, never in clear', async () => {
    await store.set('https://a.example/v1', 'md_key_a_111111');
    await store.set('https://b.example', 'md_key_b_222222');
    expect(await store.get('HTTPS://A.EXAMPLE:443/')).toBe('md_key_a_111111');
    await store.set('https://a.example', 'md_key_a_333333');
    expect(await store.get('https://a.example')).toBe('md_key_a_333333');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/md_key_/);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(await store.delete('https://a.example')).toBe(true);
    expect(await store.delete('https://a.example')).toBe(false);
    expect(await store.get('https://a.example')).toBeNull();
    expect(await store.get('https://b.example')).toBe('md_key_b_222222');
  });

  it('treats a damaged file as holding no keys', async () => {
    writeFileSync(file, '{"version": 2}');
    expect(await store.get('https://b.example')).toBeNull();
  });
});
