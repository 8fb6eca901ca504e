// `meter-desk login` / `logout` against the real OS keychain (GNOME Keyring under
// scripts/with-keyring.sh), and a run that takes its key from there.
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { KeychainSecretStore } from '../../main/secrets/keychain';
import { harness, type Harness } from '../helpers/engine-harness';
import { captureIo as io } from '../helpers/cli-io';

const REQUIRED = process.env.METER_DESK_REQUIRE_KEYRING === '1';

async function keychainWorks(): Promise<boolean> {
  try {
    await Promise.race([
      new KeychainSecretStore().check(),
      new Promise((_, reject) =>
        setTimeout(() => {
          reject(new Error('timeout'));
        }, 10_000),
      ),
    ]);
    return true;
  } catch {
    return false;
  }
}

const usable = await keychainWorks();
if (!usable && !REQUIRED) {
  console.warn(
    'Skipping CLI keychain tests: no usable Secret Service (run under scripts/with-keyring.sh).',
  );
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe.skipIf(!usable && !REQUIRED)('meter-desk login with the real keychain', () => {
  it('stores the key from stdin, a run uses it, logout removes it', async () => {
    h = await harness({ photos: 2, duplicates: 0 });
    const env = { METER_DESK_BASE_URL: h.sandbox.url };
    const login = io(env, `${h.sandbox.apiKey}\n`);
    expect(await main(['login'], login)).toBe(0);
    expect(login.all()).toContain(`ends in ${h.sandbox.apiKey.slice(-4)}`);
    expect(login.all()).not.toContain(h.sandbox.apiKey);

    const run = io(env);
    expect(await main(['run', h.photos, '--db', h.dbFile], run)).toBe(0);
    expect(run.all()).not.toContain(h.sandbox.apiKey);

    expect(await main(['logout'], io(env))).toBe(0);
    expect(await new KeychainSecretStore().get(h.sandbox.url)).toBeNull();
    const again = io(env);
    expect(await main(['run', h.photos, '--db', h.dbFile], again)).toBe(2);
    expect(again.all()).toContain('No API key');
  });

  it('refuses an empty key on stdin', async () => {
    const empty = io({ METER_DESK_BASE_URL: 'https://meters.example.com' }, '  \n');
    expect(await main(['login'], empty)).toBe(2);
  });
});
