// @vitest-environment happy-dom
// The office card in the header: nothing without an office; with one, whether this desk reaches
// it and what waits in its outbox, and why the office refused the desk in the Test button's
// classes; kept current by the backend's pushes (AppEvent.office), in English and German.
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfficeStatus } from '../../common/ipc';
import { OfficeStatusCard } from '../../renderer/components/office-status';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { CONNECTED_OFFICE, stubBridge, type StubBridge } from './stub-bridge';

async function show(
  office: OfficeStatus | null,
  language: 'en' | 'de',
): Promise<{ bridge: StubBridge }> {
  const bridge = stubBridge([], { office });
  const store = createAppStore(bridge, { refreshMs: 10 });
  // The snapshot and the pushes as start() takes them, without the table start() loads too.
  await store.getState().refreshSnapshot();
  bridge.onEvent((event) => {
    store.getState().handleEvent(event);
  });
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={store}>
        <OfficeStatusCard />
      </StoreProvider>
    </I18nextProvider>,
  );
  // Wrapped: the stub answers any name, `then` too, so awaiting it bare would never settle.
  return { bridge };
}

/** A push from the backend carrying the office's state. */
function push(bridge: StubBridge, office: OfficeStatus | null): void {
  act(() => {
    bridge.emit({ office });
  });
}

const state = (): string | null => screen.queryByTestId('office-state')?.textContent ?? null;
const line = (): string | null => screen.queryByTestId('office-line')?.textContent ?? null;

afterEach(cleanup);

describe('the office card', () => {
  it('is not there without an office', async () => {
    await show(null, 'en');
    expect(screen.queryByTestId('office-status')).toBeNull();
  });

  it('follows the pushes: connected, publishing, away, refused with the reason, gone', async () => {
    const { bridge } = await show(CONNECTED_OFFICE, 'en');
    expect(state()).toBe('Connected');
    expect(line()).toBe('All published');
    expect(screen.getByTestId('office-status').getAttribute('title')).toBe(
      'anna@pc-7, publishing to meterdesk on db.office.example',
    );

    push(bridge, { ...CONNECTED_OFFICE, pending: 1204 });
    expect(line()).toBe('1,204 to publish');

    push(bridge, { ...CONNECTED_OFFICE, state: 'away', pending: 3 });
    expect(state()).toBe('Not reachable');
    expect(line()).toBe('Outbox: 3 waiting');

    // Photos sent unclaimed while it was away stay said when it is back (issue 30).
    expect(screen.queryByTestId('office-unclaimed')).toBeNull();
    push(bridge, { ...CONNECTED_OFFICE, unclaimed: 3 });
    expect(screen.getByTestId('office-unclaimed').textContent).toBe('3 sent without a claim');

    push(bridge, { ...CONNECTED_OFFICE, state: 'refused', problem: 'wrongPassword' });
    expect(state()).toBe('Refused');
    expect(line()).toBe('Wrong password');

    // A push without the field leaves the card as it is; null takes it away.
    act(() => {
      bridge.emit({});
    });
    expect(state()).toBe('Refused');
    push(bridge, null);
    expect(screen.queryByTestId('office-status')).toBeNull();
  });

  it('speaks German', async () => {
    const { bridge } = await show({ ...CONNECTED_OFFICE, state: 'away', pending: 2 }, 'de');
    expect(state()).toBe('Nicht erreichbar');
    expect(line()).toBe('Ausgang: 2 wartend');
    push(bridge, { ...CONNECTED_OFFICE, state: 'away', pending: 2, unclaimed: 1 });
    expect(screen.getByTestId('office-unclaimed').textContent).toBe('1 ohne Reservierung gesendet');
    push(bridge, { ...CONNECTED_OFFICE, state: 'refused', problem: 'noSuchDatabase' });
    expect(state()).toBe('Abgelehnt');
    expect(line()).toBe('Keine solche Datenbank');
  });
});
