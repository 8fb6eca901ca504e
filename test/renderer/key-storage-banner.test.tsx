// @vitest-environment happy-dom
// Where the API key is kept, when not in the keychain (issue 29): the banner is one line with its
// detail on demand, and the clerk can hide it until the window closes; it stays hidden across the
// screens, and comes back with the next start (a new store).
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app';
import { doneJob, SESSION_ONLY_KEY, stubBridge } from './stub-bridge';

afterEach(cleanup);

describe('the key storage banner', () => {
  it('is one line with its detail on demand, and hides for the session', async () => {
    const bridge = stubBridge([doneJob(1, '00001.5')], { key: SESSION_ONLY_KEY });
    const { store } = await renderApp(bridge);
    const banner = await screen.findByTestId('banner-key_storage');
    const more = banner.querySelector('details');
    // Folded: the title and "Details"; the whole sentence is there when opened.
    expect(more?.open).toBe(false);
    expect(more?.querySelector('summary')?.textContent).toBe(
      'The API key is not in the system keychain Details',
    );
    expect(more?.textContent).toContain('The API key is kept only until MeterDesk closes');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Hide for this session' }));
    expect(screen.queryByTestId('banner-key_storage')).toBeNull();
    // Still hidden after Settings and back: hidden for the session, not for one screen.
    await user.click(screen.getByRole('button', { name: /Settings/ }));
    act(() => {
      store.getState().showScreen('main');
    });
    await screen.findByRole('navigation', { name: 'Folders' });
    expect(screen.queryByTestId('banner-key_storage')).toBeNull();
    store.getState().stop();

    // The next start says it again.
    cleanup();
    const again = await renderApp(stubBridge([doneJob(1, '00001.5')], { key: SESSION_ONLY_KEY }));
    expect(await screen.findByTestId('banner-key_storage')).toBeTruthy();
    again.store.getState().stop();
  });
});
