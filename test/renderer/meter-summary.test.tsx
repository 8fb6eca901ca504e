// @vitest-environment happy-dom
// The photo's meter beside the photo: whatever loaded another meter into the detail meanwhile (a
// meter row, a skip, an answer that came late), the summary asks for the photo's own meter again
// and shows it, instead of showing nothing until the photo changes.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, expect, it } from 'vitest';
import type { MeterDetail, Result } from '../../common/ipc';
import { MeterSummary } from '../../renderer/billing/meter-section';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { meterDetail } from './meter-detail';
import { doneJob, stubBridge } from './stub-bridge';

afterEach(cleanup);

it('shows the photo’s own meter again after another meter was loaded into the detail', async () => {
  const base = stubBridge([]);
  const asked: string[] = [];
  const bridge = new Proxy(base, {
    get(target, prop, receiver) {
      if (prop === 'meterDetail')
        return ({ meterId }: { meterId: string }): Promise<Result<MeterDetail>> => {
          asked.push(meterId);
          return Promise.resolve({ ok: true, value: meterDetail(meterId) });
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const store = createAppStore(bridge, { refreshMs: 10 });
  const job = { ...doneJob(5, '00112.0'), meterId: '9998' };
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <StoreProvider store={store}>
        <MeterSummary job={job} />
      </StoreProvider>
    </I18nextProvider>,
  );
  await waitFor(() => {
    expect(screen.getByTestId('facts-meter').textContent).toBe('9998');
  });
  // Another meter lands in the detail (say, an answer for a row opened a moment before).
  await act(async () => {
    await store.getState().loadMeterOfDetail('0001');
  });
  await waitFor(() => {
    expect(screen.getByTestId('facts-meter').textContent).toBe('9998');
  });
  expect(asked.at(-1)).toBe('9998');
});
