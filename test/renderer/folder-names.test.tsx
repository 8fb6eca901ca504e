// @vitest-environment happy-dom
// Folders in the window (issue 22, item 8; issue 29: nothing cut at 1024 px): two readers' folders
// whose names start alike stay told apart (each name whole, wrapping in the narrow column, its
// path in the tooltip), a watched folder is marked in the folder list, and a watch folder can be
// chosen with Browse instead of typed.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { RootSummary } from '../../common/ipc';
import { createI18n } from '../../renderer/i18n/i18n';
import { WatchFolders } from '../../renderer/screens/settings/watch-folders';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { renderApp } from './render-app';
import { countsOf, doneJob, stubBridge } from './stub-bridge';

afterEach(cleanup);

const MUELLER = '/srv/sync/2026-11-26 Tour 1 Müller Nordstadt';
const SCHMIDT = '/srv/sync/2026-11-26 Tour 1 Schmidt Nordstadt';

function rootAt(id: number, path: string): RootSummary {
  return { id, path, kind: 'folder', addedAt: '', counts: countsOf([]) };
}

describe('folder names', () => {
  it('tells two readers’ folders apart and marks the watched one', async () => {
    const { store } = await renderApp(stubBridge([doneJob(1, '00001.5')]));
    act(() => {
      store.setState((s) => ({
        roots: [rootAt(1, MUELLER), rootAt(2, SCHMIDT)],
        settings: { ...s.settings, watchFolders: [SCHMIDT] },
      }));
    });
    const folders = screen.getByRole('navigation', { name: 'Folders' });
    const names = [...folders.querySelectorAll('.route-folder')];
    expect(names.map((e) => e.textContent)).toEqual([
      '2026-11-26 Tour 1 Müller Nordstadt',
      '2026-11-26 Tour 1 Schmidt Nordstadt',
    ]);
    expect(names.map((e) => e.closest('button')?.getAttribute('title'))).toEqual([
      MUELLER,
      SCHMIDT,
    ]);
    const marks = screen.getAllByTestId('route-watched');
    expect(marks.map((m) => m.closest('button')?.getAttribute('title'))).toEqual([SCHMIDT]);
    expect(marks[0]?.textContent).toBe('Watched');
    store.getState().stop();
  });

  it('chooses a watch folder with Browse (the folder dialog) in German', async () => {
    const bridge = stubBridge([]);
    Object.assign(bridge, {
      chooseDataFolder: () =>
        Promise.resolve({ ok: true, value: { canceled: false, path: MUELLER } }),
    });
    const store = createAppStore(bridge, { refreshMs: 20 });
    await store.getState().start();
    render(
      <I18nextProvider i18n={createI18n('de')}>
        <StoreProvider store={store}>
          <WatchFolders />
        </StoreProvider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Durchsuchen…' }));
    await waitFor(() => {
      expect(screen.getByLabelText<HTMLInputElement>('Zu überwachender Ordner').value).toBe(
        MUELLER,
      );
    });
    store.getState().stop();
  });
});
