// @vitest-environment happy-dom
// Where the API key is kept, in Settings: worded from the backend's code (keychain, encrypted file,
// memory) inside the window's own sentence, in English and German; without a code, the backend's
// English description is quoted and marked as such.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineMessage } from '../../common/engine-messages';
import { KeyStatusLine } from '../../renderer/screens/settings/settings-key';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { REMOTE_SERVICE, stubBridge } from './stub-bridge';

afterEach(() => {
  cleanup();
});

async function keyLine(language: 'en' | 'de', place: EngineMessage | null): Promise<HTMLElement> {
  const bridge = stubBridge([], { service: REMOTE_SERVICE });
  const store = createAppStore(bridge, { refreshMs: 20 });
  await store.getState().start();
  store.setState({
    key: {
      isSet: true,
      hint: '1234',
      backend: { kind: 'keychain', place, warning: null },
    },
  });
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={store}>
        <KeyStatusLine />
      </StoreProvider>
    </I18nextProvider>,
  );
  store.getState().stop();
  return screen.getByTestId('key-status');
}

const KEYCHAIN: EngineMessage = { code: 'keyPlaceKeychain', params: { platform: 'linux' } };
const FILE: EngineMessage = { code: 'keyPlaceEncryptedFile', params: { backend: 'kwallet5' } };
const MEMORY: EngineMessage = { code: 'keyPlaceMemory', params: {} };

describe('where the API key is kept', () => {
  it('says each place in German, from its code, nothing quoted', async () => {
    const cases: [EngineMessage, string][] = [
      [KEYCHAIN, 'dem Schlüsselbund des Systems (Secret Service)'],
      [FILE, 'einer verschlüsselten Datei, geschützt durch kwallet5'],
      [MEMORY, 'dem Arbeitsspeicher, bis MeterDesk geschlossen wird'],
    ];
    for (const [place, words] of cases) {
      const line = await keyLine('de', place);
      expect(line.textContent).toBe(` API-Schlüssel gespeichert in ${words}, endet auf …1234.`);
      expect(line.querySelector('[data-i18n-skip]')).toBeNull();
      cleanup();
    }
  });

  it('says it in English, the keychain named for the platform', async () => {
    const mac = await keyLine('en', { code: 'keyPlaceKeychain', params: { platform: 'darwin' } });
    expect(mac.textContent).toBe(' API key saved in the macOS Keychain, ends in …1234.');
    cleanup();
    const file = await keyLine('en', FILE);
    expect(file.textContent).toBe(
      ' API key saved in an encrypted file protected by kwallet5, ends in …1234.',
    );
  });

  it('says the keychain before the backend said where, in the window’s words', async () => {
    const line = await keyLine('de', null);
    expect(line.textContent).toMatch(/^ API-Schlüssel gespeichert in .*, endet auf …1234\.$/);
    expect(line.textContent).not.toContain('keyring');
    expect(line.querySelector('[data-i18n-skip]')).toBeNull();
  });
});
