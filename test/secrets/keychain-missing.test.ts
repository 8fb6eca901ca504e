// keytar is optional: on a machine where it could not be built (Linux without the libsecret
// headers) npm leaves it out, and MeterDesk says so plainly and does without it: the app keeps the
// key with Electron's safeStorage, the CLI takes it from METER_DESK_API_KEY. The absence here is
// the one the app meets (no Electron build of keytar: useKeytarBinding(null)) and a real failed
// module resolution of 'keytar'.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { logText } from '../../common/engine-messages';
import { encryptedSecretsFile } from '../../main/backend/encrypted-file-store';
import { chooseSecretStore } from '../../main/backend/secret-choice';
import { main } from '../../main/cli/main';
import {
  KeychainSecretStore,
  KeychainUnavailableError,
  useKeytarBinding,
} from '../../main/secrets/keychain';
import { captureIo } from '../helpers/cli-io';
import { TestOs } from '../helpers/test-os';
import { tempDir } from '../helpers/tmp';

const t = tempDir('meterdesk-no-keytar-');
afterAll(() => {
  t.cleanup();
});
afterEach(() => {
  useKeytarBinding(undefined);
});

const KEY = 'md_never_echoed_key_5309';

describe('a keychain module that is not installed', () => {
  it('is reported as missing, with what to install on Linux', async () => {
    useKeytarBinding(null);
    const error: unknown = await new KeychainSecretStore({ platform: 'linux' })
      .set('https://api.example.com', KEY)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    expect(error).toMatchObject({ reason: 'missing' });
    const { message } = error as KeychainUnavailableError;
    expect(message).toContain('no OS keychain module');
    expect(message).toContain('sudo apt install libsecret-1-dev');
    expect(message).not.toContain(KEY);
  });

  it.each([
    ['win32', 'Windows Credential Manager'],
    ['darwin', 'macOS Keychain'],
  ] as const)(
    'on %s says which keychain it cannot use, and to reinstall',
    async (platform, name) => {
      useKeytarBinding(null);
      await expect(new KeychainSecretStore({ platform }).check()).rejects.toThrow(
        `cannot use the ${name}: keytar was left out when it was installed. Reinstalling MeterDesk usually fixes this.`,
      );
    },
  );

  it("knows Node's own \"cannot find module 'keytar'\" as missing, not as a broken module", async () => {
    const elsewhere = join(t.dir, 'no-node-modules-here.cjs');
    writeFileSync(elsewhere, '');
    const store = new KeychainSecretStore({
      platform: 'linux',
      load: () => Promise.resolve().then(() => createRequire(elsewhere)('keytar') as never),
    });
    await expect(store.get('https://api.example.com')).rejects.toMatchObject({
      reason: 'missing',
      detail: expect.stringContaining("Cannot find module 'keytar'") as unknown,
    });
  });
});

describe('the desktop app without a keychain module', () => {
  it('keeps the key in the safeStorage-encrypted file and tells the window why', async () => {
    useKeytarBinding(null);
    const os = new TestOs();
    os.safeStorage = { available: true, backend: 'gnome_libsecret' };
    const chosen = await chooseSecretStore({
      keychain: new KeychainSecretStore({ platform: 'linux', service: 'MeterDesk-missing-test' }),
      safeStorage: {
        info: () => os.safeStorageInfo(),
        encryptString: (p) => os.encryptString(p),
        decryptString: (s) => os.decryptString(s),
      },
      encryptedFile: encryptedSecretsFile(t.dir),
    });
    expect(chosen.kind).toBe('encrypted_file');
    // A code the window words; the log's English from common/.
    expect(chosen.warning).toMatchObject({
      code: 'keyInEncryptedFile',
      params: { keychain: 'missing', platform: 'linux' },
    });
    const english = chosen.warning === null ? '' : logText(chosen.warning);
    expect(english).toMatch(/^MeterDesk has no OS keychain module on this machine/);
    expect(english).toMatch(
      /MeterDesk keeps the API key in an encrypted file protected by gnome_libsecret instead\.$/,
    );
    await chosen.store.set('https://api.example.com', KEY);
    expect(await chosen.store.get('https://api.example.com')).toBe(KEY);
  });
});

describe('meter-desk without a keychain module', () => {
  it('login and logout stop with exit 2 and point to METER_DESK_API_KEY', async () => {
    useKeytarBinding(null);
    const env = { METER_DESK_BASE_URL: 'https://meters.example.invalid' };
    for (const [command, stdin] of [
      ['login', `${KEY}\n`],
      ['logout', ''],
    ] as const) {
      const io = captureIo(env, stdin);
      expect(await main([command], io), command).toBe(2);
      expect(io.stderr()).toContain('no OS keychain module');
      expect(io.stderr()).toContain('METER_DESK_API_KEY environment variable');
      expect(io.all()).not.toContain(KEY);
    }
  });

  it('a command that needs the key, with none in the environment, says the same', async () => {
    useKeytarBinding(null);
    const io = captureIo({ METER_DESK_BASE_URL: 'https://meters.example.invalid' });
    expect(await main(['quota'], io)).toBe(2);
    expect(io.stderr()).toContain('METER_DESK_API_KEY');
  });
});
