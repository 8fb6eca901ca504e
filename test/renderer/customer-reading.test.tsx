// @vitest-environment happy-dom
// A reading from a customer card is typed and marked as the customer's (issue 29, item 6): the
// hand entry sends it so (read type "customer" in the export), and the meter's facts say so.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect, it } from 'vitest';
import { MeterAlone } from '../../renderer/billing/meter-section';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { meterDetail } from './meter-detail';
import { stubBridge } from './stub-bridge';

afterEach(cleanup);

it('sends a typed reading marked as read by the customer, and says so in the facts', async () => {
  const bridge = stubBridge([]);
  const store = createAppStore(bridge, { refreshMs: 20 });
  await store.getState().start();
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <StoreProvider store={store}>
        <MeterAlone />
      </StoreProvider>
    </I18nextProvider>,
  );
  const missing = meterDetail('4711', { state: 'missing', reading: null, chosenJobId: null });
  act(() => {
    store.setState({ meterOfDetail: missing });
  });
  const user = userEvent.setup();
  await user.click(screen.getByTestId('hand-by-customer'));
  await user.type(screen.getByTestId('hand-reading'), '00112,5');
  await user.click(screen.getByTestId('hand-save'));
  await waitFor(() => {
    expect(bridge.calls.filter((c) => c.channel === 'typeReading')).toEqual([
      {
        channel: 'typeReading',
        request: { meterId: '4711', reading: '00112.5', readAt: '2026-11-20', byCustomer: true },
      },
    ]);
  });

  act(() => {
    store.setState({
      meterOfDetail: meterDetail('4711', {
        state: 'confirmed',
        confirmation: 'typed',
        readType: 'customer',
        reading: '00112.5',
      }),
    });
  });
  expect(screen.getByTestId('facts-customer').textContent).toBe(' · Read by the customer');
  store.getState().stop();
});
