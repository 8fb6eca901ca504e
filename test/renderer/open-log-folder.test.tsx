// @vitest-environment happy-dom
// Settings' "Open log folder": asks main to open it; a refusal becomes the window's notice.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '../../common/ipc';
import { createI18n } from '../../renderer/i18n/i18n';
import { SettingsScreen } from '../../renderer/screens/settings/settings-screen';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { stubBridge } from './stub-bridge';

afterEach(() => {
  cleanup();
});

describe('Open log folder', () => {
  it.each([
    ['en', 'Open log folder'],
    ['de', 'Protokollordner öffnen'],
  ] as const)('asks main to open it (%s); a refusal is a notice', async (language, words) => {
    const bridge = stubBridge([], {});
    const answers: Result<null>[] = [
      { ok: true, value: null },
      {
        ok: false,
        error: { code: 'file_error', message: 'The log folder /x could not be opened' },
      },
    ];
    let asked = 0;
    Object.assign(bridge, {
      openLogFolder: () => Promise.resolve(answers[asked++]),
    });
    const store = createAppStore(bridge, { refreshMs: 20 });
    await store.getState().start();
    render(
      <I18nextProvider i18n={createI18n(language)}>
        <StoreProvider store={store}>
          <SettingsScreen />
        </StoreProvider>
      </I18nextProvider>,
    );
    const button = screen.getByRole('button', { name: words });
    await userEvent.click(button);
    await waitFor(() => {
      expect(asked).toBe(1);
    });
    expect(store.getState().notices).toEqual([]);
    await userEvent.click(button);
    await waitFor(() => {
      expect(store.getState().notices).toHaveLength(1);
    });
    store.getState().stop();
  });
});
