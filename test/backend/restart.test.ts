// What survives closing and reopening MeterDesk: the service, the settings, the queue and the key
// (here in the encrypted-file fallback, the path taken when the OS keychain is unusable), and the
// sandbox choice with its key.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptedSecretsFile } from '../../main/backend/encrypted-file-store';
import { chooseSecretStore } from '../../main/backend/secret-choice';
import { KeychainUnavailableError } from '../../main/secrets/keychain';
import { createSandbox, type Sandbox } from '../../sandbox';
import { tempDir } from '../helpers/tmp';
import { openDesktop, until, value } from '../ipc/helpers/desktop';
import { TestOs } from '../helpers/test-os';

const KEY = 'md_persisted_key_across_restart_8642';
const t = tempDir('meterdesk-restart-');
const userDataDir = join(t.dir, 'user');
const os = new TestOs();
os.safeStorage = { available: true, backend: 'gnome_libsecret' };
let remote: Sandbox;

/** As on a desktop whose keyring is locked away: keytar fails, safeStorage works. */
const fallbackSecrets = () =>
  chooseSecretStore({
    keychain: {
      check: () =>
        Promise.reject(new KeychainUnavailableError('service', 'linux', new Error('no bus'))),
      get: () => Promise.resolve(null),
      set: () => Promise.resolve(),
      delete: () => Promise.resolve(false),
      describe: () => 'Secret Service keyring',
    },
    safeStorage: {
      info: () => os.safeStorageInfo(),
      encryptString: (p) => os.encryptString(p),
      decryptString: (s) => os.decryptString(s),
    },
    encryptedFile: encryptedSecretsFile(userDataDir),
  });

beforeAll(async () => {
  remote = await createSandbox({ keys: [{ key: KEY }], ai: { latencyMs: 20, jitterMs: 5 } });
});

afterAll(async () => {
  await remote.close();
  t.cleanup();
});

describe('closing and reopening', () => {
  it('keeps a real service, its key (encrypted fallback) and the queue', async () => {
    const first = await openDesktop({ userDataDir, os, secrets: fallbackSecrets });
    expect(value(await first.bridge.getKeyStatus()).backend).toMatchObject({
      kind: 'encrypted_file',
      place: { code: 'keyPlaceEncryptedFile', params: { backend: 'gnome_libsecret' } },
    });
    value(await first.bridge.validateConnection({ baseUrl: remote.url, apiKey: KEY, save: true }));
    const sample = join(t.dir, 'photos');
    const { cachedSampleFolder } = await import('../helpers/samples');
    await cachedSampleFolder(sample, { count: 3, seed: 3, width: 480, duplicates: 0 });
    value(await first.bridge.addPaths({ paths: [sample] }));
    await until(
      async () => value(await first.bridge.snapshot()).status.counts.done === 3,
      'readings',
    );
    await first.close();

    const second = await openDesktop({ userDataDir, os, secrets: fallbackSecrets });
    const snap = value(await second.bridge.snapshot());
    expect(snap.service).toMatchObject({ kind: 'remote', baseUrl: remote.url, problem: null });
    expect(snap.key).toMatchObject({ isSet: true, hint: KEY.slice(-4) });
    expect(snap.status.counts.done).toBe(3);
    expect(snap.status.running).toBe(true);
    // The engine reads the quota again on start and pushes it with its status.
    await until(
      async () => value(await second.bridge.snapshot()).status.quota?.used === 3,
      'the quota read by the reopened engine',
    );
    await second.close();
  });

  it('keeps the sandbox choice and its key', async () => {
    const dir = join(t.dir, 'sandbox-user');
    const first = await openDesktop({ userDataDir: dir, os, secrets: fallbackSecrets });
    value(await first.bridge.startSandbox({ photos: 1 }));
    const hint = value(await first.bridge.getKeyStatus()).hint;
    await first.close();
    const second = await openDesktop({ userDataDir: dir, os, secrets: fallbackSecrets });
    const snap = value(await second.bridge.snapshot());
    expect(snap.service.kind).toBe('sandbox');
    expect(snap.service.sampleFolder).toBe(join(dir, 'Sample meter photos'));
    expect(snap.key.hint).toBe(hint);
    await until(
      async () => value(await second.bridge.snapshot()).status.ai?.isOnline === true,
      'the AI status read by the reopened engine',
    );
    await second.close();
  });
});
