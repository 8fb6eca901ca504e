// Behaviour that does not need a keychain daemon: account naming, hints, validation and how
// failures of keytar are reported. A recording stand-in replaces keytar only here; the real one is
// exercised in keychain.test.ts.
import { describe, expect, it } from 'vitest';
import {
  accountForBaseUrl,
  KEYCHAIN_SERVICE,
  KeychainSecretStore,
  KeychainUnavailableError,
  keyHint,
  type KeytarApi,
} from '../../main/secrets/keychain';

function recordingKeytar() {
  const entries = new Map<string, string>();
  const id = (service: string, account: string) => `${service}\u0000${account}`;
  const api: KeytarApi = {
    getPassword: (service, account) => Promise.resolve(entries.get(id(service, account)) ?? null),
    setPassword: (service, account, password) => {
      entries.set(id(service, account), password);
      return Promise.resolve();
    },
    deletePassword: (service, account) => Promise.resolve(entries.delete(id(service, account))),
  };
  return { api, entries };
}

describe('accountForBaseUrl', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['HTTPS://API.Example.COM/v1/tasks?x=1#y', 'https://api.example.com'],
    ['https://api.example.com:443', 'https://api.example.com'],
    ['http://api.example.com:80/', 'http://api.example.com'],
    ['https://api.example.com:8443/', 'https://api.example.com:8443'],
    ['http://127.0.0.1:5173/api', 'http://127.0.0.1:5173'],
    ['http://[::1]:8080/', 'http://[::1]:8080'],
    ['  https://api.example.com  ', 'https://api.example.com'],
    ['https://user:pw@api.example.com/', 'https://api.example.com'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example'],
  ])('%j -> %j', (input, account) => {
    expect(accountForBaseUrl(input)).toBe(account);
  });

  it('keeps http and https apart', () => {
    expect(accountForBaseUrl('http://api.example.com')).not.toBe(
      accountForBaseUrl('https://api.example.com'),
    );
  });

  it.each(['', 'api.example.com', 'ftp://api.example.com', 'not a url', 'file:///etc/passwd'])(
    'rejects %j without echoing it',
    (input) => {
      expect(() => accountForBaseUrl(input)).toThrow(TypeError);
      try {
        accountForBaseUrl(input);
      } catch (error) {
        if (input !== '') expect(String(error)).not.toContain(input);
      }
    },
  );
});

describe('keyHint', () => {
  it('shows only the last four characters', () => {
    expect(keyHint('sk_live_0123456789abcd1234')).toBe('1234');
    expect(keyHint('  sk_live_0123456789abcd1234\n')).toBe('1234');
  });

  it('shows nothing of keys too short to hint at', () => {
    expect(keyHint('')).toBe('');
    expect(keyHint('abc')).toBe('');
    expect(keyHint('abcdefg')).toBe('');
    expect(keyHint('abcdefgh')).toBe('efgh');
  });
});

describe('KeychainSecretStore with a stand-in keytar', () => {
  it("files keys under the 'MeterDesk' service and the base URL's origin", async () => {
    const { api, entries } = recordingKeytar();
    const store = new KeychainSecretStore({ load: () => Promise.resolve(api) });
    await store.set('HTTPS://API.example.com:443/v2/', 'sk_abcdefgh1234');
    expect([...entries]).toEqual([
      [`${KEYCHAIN_SERVICE}\u0000https://api.example.com`, 'sk_abcdefgh1234'],
    ]);
    expect(KEYCHAIN_SERVICE).toBe('MeterDesk');
  });

  it('trims the key and refuses empty or broken ones', async () => {
    const { api, entries } = recordingKeytar();
    const store = new KeychainSecretStore({ load: () => Promise.resolve(api) });
    await store.set('https://a.example', '  sk_abcdefgh1234\n');
    expect(await store.get('https://a.example')).toBe('sk_abcdefgh1234');
    await expect(store.set('https://a.example', '   ')).rejects.toThrow('The API key is empty.');
    await expect(store.set('https://a.example', 'sk_abc\ndef')).rejects.toThrow(TypeError);
    await expect(store.set('https://a.example', 'sk abc')).rejects.toThrow(TypeError);
    expect(entries.size).toBe(1);
  });

  it('reports a keytar that fails to load as KeychainUnavailableError (module)', async () => {
    let loads = 0;
    const store = new KeychainSecretStore({
      platform: 'linux',
      load: () => {
        loads++;
        return Promise.reject(new Error('Cannot find module ../build/Release/keytar.node'));
      },
    });
    const failure = store.get('https://api.example.com');
    await expect(failure).rejects.toBeInstanceOf(KeychainUnavailableError);
    await expect(failure).rejects.toMatchObject({
      reason: 'module',
      detail: 'Cannot find module ../build/Release/keytar.node',
      message: expect.stringContaining('failed to load') as unknown,
    });
    await expect(store.set('https://api.example.com', 'sk_abcdefgh1234')).rejects.toThrow(
      KeychainUnavailableError,
    );
    expect(loads).toBe(1);
  });

  it('reports keychain failures in plain language per platform, never with the key', async () => {
    const key = 'sk_live_do_not_print_9876';
    const failing: KeytarApi = {
      getPassword: () => Promise.reject(new Error('boom')),
      setPassword: () =>
        Promise.reject(new Error('The name org.freedesktop.secrets was not provided')),
      deletePassword: () => Promise.reject(new Error('boom')),
    };
    for (const [platform, words] of [
      ['linux', /GNOME Keyring or KWallet/],
      ['darwin', /macOS Keychain/],
      ['win32', /Windows Credential Manager/],
    ] as const) {
      const store = new KeychainSecretStore({ platform, load: () => Promise.resolve(failing) });
      const error: unknown = await store
        .set('https://api.example.com', key)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(KeychainUnavailableError);
      const { message, detail, reason } = error as KeychainUnavailableError;
      expect(reason).toBe('service');
      expect(message).toMatch(words);
      // Said to the desktop window too: no command-line advice in it (the CLI adds its own).
      expect(message).not.toContain('METER_DESK_API_KEY');
      expect(`${message} ${detail} ${String(error)}`).not.toContain(key);
    }
  });

  it('describes its backend without secrets', () => {
    expect(new KeychainSecretStore({ platform: 'darwin' }).describe()).toBe('macOS Keychain');
    expect(new KeychainSecretStore({ platform: 'win32' }).describe()).toBe(
      'Windows Credential Manager',
    );
    expect(new KeychainSecretStore({ platform: 'linux' }).describe()).toBe(
      'Secret Service keyring',
    );
  });

  it('treats an empty stored value as no key', async () => {
    const { api, entries } = recordingKeytar();
    entries.set(`${KEYCHAIN_SERVICE}\u0000https://a.example`, '');
    const store = new KeychainSecretStore({ load: () => Promise.resolve(api) });
    expect(await store.get('https://a.example/')).toBeNull();
  });
});
