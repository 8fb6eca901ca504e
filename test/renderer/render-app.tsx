import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../renderer/i18n/i18n';
import { App } from '../../renderer/app';
import { createAppStore, type AppStore } from '../../renderer/store/create-store';
import { StoreProvider } from '../../renderer/store/context';
import { stubBridge, type StubBridge } from './stub-bridge';

/** The whole window on a stub bridge, in `language`. */
export function renderApp(
  bridge: StubBridge,
  language: 'en' | 'de' = 'en',
): Promise<RenderResult & { store: AppStore }> {
  return renderWithStore(<App />, { bridge, lang: language });
}

/**
 * Parts of the window (`ui`) on a started store and the catalogues of `lang`, as the app renders
 * them; the store is the test's to fill (`store.setState`) and to stop.
 */
export async function renderWithStore(
  ui: React.ReactNode,
  opts: { lang?: 'en' | 'de'; bridge?: StubBridge } = {},
): Promise<RenderResult & { store: AppStore }> {
  const store = createAppStore(opts.bridge ?? stubBridge([]), { refreshMs: 20 });
  await store.getState().start();
  const result = render(
    <I18nextProvider i18n={createI18n(opts.lang ?? 'en')}>
      <StoreProvider store={store}>{ui}</StoreProvider>
    </I18nextProvider>,
  );
  return { ...result, store };
}
