// One rule for an API key's form (common/api-key.ts), and every place that takes a key uses it:
// the IPC contract, the secret stores, the HTTP client and the window's field agree on each case.
import { describe, expect, it } from 'vitest';
import { checkApiKey } from '../../common/api-key';
import { CONTRACT } from '../../common/ipc/contract';
import { createMeterApi } from '../../main/api/client';
import { SessionSecretStore } from '../../main/backend/session-store';
import { KeychainSecretStore } from '../../main/secrets/keychain';
import { apiKeyProblem } from '../../renderer/components/key-problem';

const CASES: readonly [string, string, string | null][] = [
  ['a plain key', 'md_live_0123456789abcdef', 'md_live_0123456789abcdef'],
  ['the line break of a paste', '  md_live_0123456789abcdef\n', 'md_live_0123456789abcdef'],
  ['empty', '', null],
  ['blank', '   \n', null],
  ['a space inside', 'md_live 0123', null],
  ['a header injection', 'md_live\r\nX-Injected: 1', null],
  ['not ASCII', 'md_ключ_1234', null],
  ['a control character', 'md_\u0007bell', null],
  ['a kilobyte', `md_${'x'.repeat(1100)}`, null],
];

function keychainOfOne(): KeychainSecretStore {
  const stored = new Map<string, string>();
  return new KeychainSecretStore({
    load: () =>
      Promise.resolve({
        getPassword: (_s: string, a: string) => Promise.resolve(stored.get(a) ?? null),
        setPassword: (_s: string, a: string, v: string) => {
          stored.set(a, v);
          return Promise.resolve();
        },
        deletePassword: (_s: string, a: string) => Promise.resolve(stored.delete(a)),
      }),
  });
}

describe('the API key rule', () => {
  it.each(CASES)('%s: every taker agrees', async (_case, raw, key) => {
    const checked = checkApiKey(raw);
    expect(checked.ok ? checked.key : null).toBe(key);
    const accepted = key !== null;
    expect(CONTRACT.setApiKey.request.safeParse({ key: raw }).success).toBe(accepted);
    expect(apiKeyProblem(raw, false) === null).toBe(accepted);
    const url = 'https://meters.example.com';
    for (const store of [new SessionSecretStore(), keychainOfOne()]) {
      const set = store.set(url, raw);
      if (accepted) {
        await set;
        expect(await store.get(url)).toBe(key);
      } else {
        await expect(set).rejects.toThrow(TypeError);
      }
    }
    const client = (): ReturnType<typeof createMeterApi> =>
      createMeterApi({ baseUrl: url, apiKey: raw });
    if (accepted) await client().close();
    else expect(client).toThrow(TypeError);
  });

  it('lets an empty field keep a saved key in the window', () => {
    expect(apiKeyProblem('  ', true)).toBeNull();
    expect(apiKeyProblem('a b', true)).toBe('spaces');
  });
});
