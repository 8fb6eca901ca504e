import { render, type RenderResult } from '@testing-library/react';
import { App } from '../../renderer/app';
import { createAppStore, type AppStore } from '../../renderer/store/create-store';
import { StoreProvider } from '../../renderer/store/context';
import type { StubBridge } from './stub-bridge';

export async function renderApp(bridge: StubBridge): Promise<RenderResult & { store: AppStore }> {
  const store = createAppStore(bridge, { refreshMs: 20 });
  await store.getState().start();
  const result = render(
    <StoreProvider store={store}>
      <App />
    </StoreProvider>,
  );
  return { ...result, store };
}
