// @vitest-environment happy-dom
// Settings under a machine policy: a locked service address and data folder are shown read-only
// with who fixed them; without a policy both stay editable.
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { PolicyView } from '../../common/policy';
import { NO_POLICY_VIEW } from '../../common/policy';
import { createI18n } from '../../renderer/i18n/i18n';
import { SettingsForm } from '../../renderer/screens/settings/settings-form';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { stubBridge } from './stub-bridge';

afterEach(() => {
  cleanup();
});

async function renderSettings(policy: PolicyView, language: 'en' | 'de' = 'en') {
  const store = createAppStore(stubBridge([], {}), { refreshMs: 20 });
  await store.getState().start();
  store.setState({
    settings: { ...store.getState().settings, baseUrl: 'https://meters.office.example', policy },
  });
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={store}>
        <SettingsForm />
      </StoreProvider>
    </I18nextProvider>,
  );
  return store;
}

describe('settings fixed by policy', () => {
  it('shows the locked service address and data folder read-only, naming the policy', async () => {
    const store = await renderSettings({
      locked: ['serviceUrl', 'dataDir'],
      hideSandbox: true,
      source: '/etc/meterdesk/policy.json',
      problem: null,
    });
    expect(screen.getByTestId('service-locked').textContent).toBe(
      'Set by your IT (/etc/meterdesk/policy.json): it cannot be changed here.',
    );
    expect(screen.getByTestId('data-dir-locked')).toBeTruthy();
    expect(screen.getByLabelText('Service address').hasAttribute('readonly')).toBe(true);
    expect(screen.getByTestId('browse-data-dir').hidden).toBe(true);
    store.getState().stop();
  });

  it('warns under the data folder when it is on a network share', async () => {
    const store = await renderSettings(NO_POLICY_VIEW);
    expect(screen.queryByTestId('data-dir-on-share')).toBeNull();
    act(() => {
      store.setState({ settings: { ...store.getState().settings, dataDirOnShare: true } });
    });
    expect(screen.getByTestId('data-dir-on-share').textContent).toContain(
      'This folder is on a network share.',
    );
    store.getState().stop();
  });

  it('leaves both editable without a policy', async () => {
    const store = await renderSettings(NO_POLICY_VIEW, 'de');
    expect(screen.queryByTestId('service-locked')).toBeNull();
    expect(screen.queryByTestId('data-dir-locked')).toBeNull();
    expect(screen.getByTestId('browse-data-dir').hidden).toBe(false);
    store.getState().stop();
  });
});
