// @vitest-environment happy-dom
// Asking a lease holder to hand a meter over (issue 30, item 4), the window's part on a stub
// bridge: a meter another clerk reviews offers "Ask to take over" and says who was asked; the
// holder's window, told of the ask by a push, says who asks and hands the meter over, after which
// it shows the asker as the reviewer. German words too. The backend's side:
// test/office/window-handover.slow.test.ts and test/office/lease-handover.test.ts.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfficeMeterView } from '../../common/ipc';
import { OfficeReviewPanel } from '../../renderer/billing/office-review-panel';
import { createI18n } from '../../renderer/i18n/i18n';
import { createAppStore, type AppStore } from '../../renderer/store/create-store';
import { StoreProvider } from '../../renderer/store/context';
import { answeringBridge } from './answering-bridge';
import { CONNECTED_OFFICE, doneJob, stubBridge, type StubBridge } from './stub-bridge';

afterEach(cleanup);

const MINUTE = 60_000;

function officeBridge(answers: Record<string, (request: never) => unknown>): StubBridge {
  const base = stubBridge([doneJob(1, '00001.5', { toReview: true, meterId: 'A1' })], {
    office: CONNECTED_OFFICE,
  });
  return answeringBridge(base, answers);
}

const shownWith = (desk: string, mine: boolean): OfficeMeterView => ({
  state: 'shown',
  meterId: 'A1',
  version: 3,
  reviewer: { desk, clerk: desk.split('@')[0] ?? desk, leaseUntil: Date.now() + 12 * MINUTE, mine },
  decidedElsewhere: null,
  history: [],
  readElsewhere: [],
});

function renderPanel(store: AppStore, lang: 'en' | 'de' = 'en'): void {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <StoreProvider store={store}>
        <OfficeReviewPanel meterId="A1" />
      </StoreProvider>
    </I18nextProvider>,
  );
}

describe('handing a meter over between clerks', () => {
  it('asks the clerk who reviews the meter, and says who was asked', async () => {
    const bridge = officeBridge({
      officeShowMeter: () => Promise.resolve({ ok: true, value: shownWith('anna@pc-7', false) }),
      officeAskHandover: () =>
        Promise.resolve({
          ok: true,
          value: {
            holder: { desk: 'anna@pc-7', clerk: 'anna', leaseUntil: Date.now(), mine: false },
          },
        }),
    });
    const store = createAppStore(bridge);
    await store.getState().start();
    renderPanel(store);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask to take over' }));
    expect(await screen.findByText('Asked anna@pc-7 to hand this meter over.')).toBeTruthy();
    expect(bridge.calls.filter((c) => c.channel === 'officeAskHandover')).toEqual([
      { channel: 'officeAskHandover', request: { meterId: 'A1' } },
    ]);
    store.getState().stop();
  });

  it('tells the holder who asks, and hands the meter over to them', async () => {
    let view = shownWith('anna@pc-7', true);
    const bridge = officeBridge({
      officeShowMeter: () => Promise.resolve({ ok: true, value: view }),
      officeHandOver: () => {
        view = shownWith('ben@pc-2', false);
        return Promise.resolve({ ok: true, value: view });
      },
    });
    const store = createAppStore(bridge);
    await store.getState().start();
    renderPanel(store);
    expect((await screen.findByTestId('office-reviewer')).textContent).toContain(
      'You are reviewing this meter',
    );
    expect(screen.queryByTestId('office-handover-ask')).toBeNull();

    bridge.emit({ officeHandoverAsks: [{ meterNumber: 'A1', desk: 'ben@pc-2', clerk: 'ben' }] });
    const ask = await screen.findByTestId('office-handover-ask');
    expect(ask.textContent).toContain('ben (ben@pc-2) asks to take this meter over.');
    await userEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    await waitFor(() => {
      expect(screen.getByTestId('office-reviewer').textContent).toContain(
        'Being reviewed by ben@pc-2',
      );
    });
    expect(screen.queryByTestId('office-handover-ask')).toBeNull();
    expect(bridge.calls.filter((c) => c.channel === 'officeHandOver')).toEqual([
      { channel: 'officeHandOver', request: { meterId: 'A1', desk: 'ben@pc-2', clerk: 'ben' } },
    ]);
    store.getState().stop();
  });

  it('says it in German', async () => {
    const bridge = officeBridge({
      officeShowMeter: () => Promise.resolve({ ok: true, value: shownWith('anna@pc-7', true) }),
    });
    const store = createAppStore(bridge);
    await store.getState().start();
    renderPanel(store, 'de');
    await screen.findByTestId('office-reviewer');
    bridge.emit({ officeHandoverAsks: [{ meterNumber: 'A1', desk: 'ben@pc-2', clerk: 'ben' }] });
    expect((await screen.findByTestId('office-handover-ask')).textContent).toContain(
      'ben (ben@pc-2) möchte diesen Zähler übernehmen.',
    );
    expect(screen.getByRole('button', { name: 'Abgeben' })).toBeTruthy();
    store.getState().stop();
  });
});
