import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../renderer/i18n/i18n';
import { App } from '../../renderer/app';
import { createAppStore, type AppStore } from '../../renderer/store/create-store';
import { StoreProvider } from '../../renderer/store/context';
import type { StubBridge } from './stub-bridge';

export async function renderApp(
  bridge: StubBridge,
  language: 'en' | 'de' = 'en',
): Promise<RenderResult & { store: AppStore }> {
  const store = createAppStore(bridge, { refreshMs: 20 });
  await store.getState().start();
  const result = render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </I18nextProvider>,
  );
  return { ...result, store };
}
