// Where the API key is kept and why the keychain cannot be used travel as codes: the log says the
// English from common/key-storage-english.ts, the window words the same code from its catalogue
// and never reads the English, so renaming the English changes the log, not the window.
import { afterEach, describe, expect, it } from 'vitest';
import { logMessage, logText } from '../../common/engine-messages';
import { KEY_STORAGE_ENGLISH } from '../../common/key-storage-english';
import { KeychainUnavailableError } from '../../main/secrets/keychain';
import type { KeyStatus, ServiceView } from '../../common/ipc';
import { createI18n } from '../../renderer/i18n/i18n';
import { bannersFor } from '../../renderer/lib/banners';
import { engineWords } from '../../renderer/lib/engine-words';
import { statusOf } from './stub-bridge';

const english = KEY_STORAGE_ENGLISH as Record<keyof typeof KEY_STORAGE_ENGLISH, string>;
const saved = { ...english };
afterEach(() => {
  Object.assign(english, saved);
});

/** Renames the English of where the key is and why the keychain cannot be used. */
function rename(): void {
  english.nameLinux = 'Renamed Keyring';
  english.serviceLinux = 'The renamed keyring sentence.';
  english.module = 'The renamed keyring sentence.';
}

const engineDe = createI18n('de').getFixedT('de', 'engine');
const bannersDe = createI18n('de').getFixedT('de', 'banners');
const problem = { keychain: 'service', platform: 'linux', seconds: 10, detail: '' };

describe('key storage words with the English renamed', () => {
  it('the log says the new English; the window says what it said before, in both languages', () => {
    const warning = logMessage('keyInEncryptedFile', { ...problem, backend: 'kwallet5' });
    const place = logMessage('keyPlaceKeychain', { platform: 'linux' });
    rename();
    expect(logText(warning)).toContain('The renamed keyring sentence.');
    expect(logText(place)).toBe('Renamed Keyring');

    expect(engineWords(warning)).toBe(
      'MeterDesk cannot reach the system keyring to store the API key. It needs a running keyring service such as GNOME Keyring or KWallet (the “Secret Service”, reached over D-Bus), which is normally part of a desktop session. Start or unlock your keyring and try again. MeterDesk keeps the API key in an encrypted file protected by kwallet5 instead.',
    );
    expect(engineWords(place)).toBe('the Secret Service keyring');
    const german = engineWords(warning, engineDe, bannersDe);
    expect(german).toMatch(/^MeterDesk erreicht den Schlüsselbund des Systems nicht/);
    expect(german).not.toMatch(/renamed/i);

    const key: KeyStatus = {
      isSet: true,
      hint: '1234',
      backend: { kind: 'encrypted_file', place, warning },
    };
    const service = { kind: 'remote', problem: null } as unknown as ServiceView;
    const banner = bannersFor({
      status: statusOf([]),
      service,
      key,
      ai: null,
      t: bannersDe,
      engineT: engineDe,
      lang: 'de',
    }).find((b) => b.id === 'key_storage');
    expect(banner).toMatchObject({ detail: german, detailFrom: 'window' });
  });

  it('a keychain that cannot be used: its error says the English, the window its own words', () => {
    rename();
    const error = new KeychainUnavailableError('module', 'darwin', new Error('dlopen failed'));
    expect(error.message).toBe('The renamed keyring sentence.');
    expect(engineWords(error.said)).toBe(
      'MeterDesk cannot use the macOS Keychain: its keychain component failed to load. Reinstalling MeterDesk usually fixes this.',
    );
  });
});
