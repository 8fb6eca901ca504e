// @vitest-environment jsdom
// The route panel after a route sheet was updated (issue 22, item 8): the sheet is named once,
// with the meters of its newest load, not once per load.
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillingOverview } from '../../common/ipc';
import { RoutePanel } from '../../renderer/billing/route-panel';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { stubBridge } from './stub-bridge';

afterEach(cleanup);

describe('the route panel', () => {
  it('names a sheet loaded again once, with its newest meters', async () => {
    const bridge = stubBridge([]);
    const store = createAppStore(bridge, { refreshMs: 20 });
    await store.getState().start();
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <StoreProvider store={store}>
          <RoutePanel />
        </StoreProvider>
      </I18nextProvider>,
    );
    const empty = await bridge.billingOverview();
    if (!empty.ok) throw new Error(empty.error.message);
    const billing: BillingOverview = {
      ...empty.value,
      sheets: [
        { name: 'Route Nord.csv', meters: 40, loadedAt: '2026-11-26T08:00:00.000Z' },
        { name: 'Route Süd.csv', meters: 12, loadedAt: '2026-11-26T08:05:00.000Z' },
        { name: 'Route Nord.csv', meters: 41, loadedAt: '2026-11-26T09:00:00.000Z' },
      ],
      totals: { ...empty.value.totals, meters: 53 },
    };
    act(() => {
      store.setState({ billing });
    });
    expect(screen.getByTestId('route-sheets').textContent).toBe(
      'Route Nord.csv · 41 meters · Route Süd.csv · 12 meters',
    );
    store.getState().stop();
  });
});
