// @vitest-environment happy-dom
// The watch folders in Settings: the list with each folder's state, adding and removing (a
// settings save, pending while it runs), in English and German.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Result, SettingsView, WatchFolderView } from '../../common/ipc';
import { WatchFolders } from '../../renderer/screens/settings/watch-folders';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { renderApp } from './render-app';
import { job, stubBridge } from './stub-bridge';
import { jobMessage } from '../../common/job-messages';

afterEach(() => {
  cleanup();
});

const SHARE = '/mnt/office/meter photos';
const CARD = '/media/clerk/CARD';

const VIEWS: WatchFolderView[] = [
  { path: SHARE, state: 'watching', problem: null, added: 3, waiting: 1 },
  { path: CARD, state: 'unavailable', problem: jobMessage('watchGone', {}), added: 0, waiting: 0 },
];

async function setup(language: 'en' | 'de') {
  const bridge = stubBridge([], {});
  let settings: SettingsView | null = null;
  let release: () => void = () => undefined;
  const saved: string[][] = [];
  Object.assign(bridge, {
    getWatchFolders: () => Promise.resolve({ ok: true, value: VIEWS }),
    setSettings: async (patch: { watchFolders?: string[] }): Promise<Result<SettingsView>> => {
      saved.push(patch.watchFolders ?? []);
      await new Promise<void>((r) => (release = r));
      settings = { ...(settings as SettingsView), watchFolders: patch.watchFolders ?? [] };
      return { ok: true, value: settings };
    },
  });
  const store = createAppStore(bridge, { refreshMs: 20 });
  await store.getState().start();
  settings = { ...store.getState().settings, watchFolders: [SHARE, CARD] };
  store.setState({ settings });
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={store}>
        <WatchFolders />
      </StoreProvider>
    </I18nextProvider>,
  );
  return {
    store,
    saved,
    release: () => {
      release();
    },
  };
}

describe('watch folders in Settings', () => {
  it('shows each folder with its state, refuses a relative path, and saves an added one with a pending state', async () => {
    const { store, saved, release } = await setup('en');
    const list = screen.getByRole('list');
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain(
        'Watching · 3 photos added · 1 photo still being copied',
      );
    });
    expect(within(list).getAllByRole('listitem')[1]?.textContent).toContain(
      'Unavailable: not there now. Watched again as soon as it returns.',
    );

    const input = screen.getByLabelText('Folder to watch');
    fireEvent.change(input, { target: { value: 'photos/new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Watch folder' }));
    expect(screen.getByText(/Enter a full folder path/)).toBeTruthy();
    expect(saved).toEqual([]);

    fireEvent.change(input, { target: { value: '/srv/sync/readers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Watch folder' }));
    const pending = await screen.findByRole('button', { name: 'Saving…' });
    expect(pending.getAttribute('aria-busy')).toBe('true');
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(store.getState().saving).toBe(true);
    release();
    await waitFor(() => {
      expect(store.getState().saving).toBe(false);
    });
    expect(saved).toEqual([[SHARE, CARD, '/srv/sync/readers']]);
    expect(screen.getByRole('button', { name: 'Watch folder' })).toBeTruthy();
  });

  it('removes a folder and speaks German', async () => {
    const { saved, release } = await setup('de');
    await waitFor(() => {
      expect(screen.getAllByRole('listitem')[0]?.textContent).toContain(
        'Wird überwacht · 3 Fotos hinzugefügt · 1 Foto wird noch kopiert',
      );
    });
    expect(screen.getByText('Überwachte Ordner')).toBeTruthy();
    // Why the card is not watched, worded by its code (common/job-messages.ts).
    const card = screen.getAllByRole('listitem')[1]?.querySelector('[data-state="unavailable"]');
    expect(card?.getAttribute('title')).toBe(
      'nicht da (Karte entnommen, Freigabe offline oder gelöscht)',
    );
    fireEvent.click(screen.getByRole('button', { name: `${CARD} nicht mehr überwachen` }));
    await waitFor(() => {
      expect(saved).toEqual([[SHARE]]);
    });
    release();
  });
});

describe('the Settings save button', () => {
  it('shows the save pending until the backend answers', async () => {
    const bridge = stubBridge([job(1)]);
    let release: () => void = () => undefined;
    Object.assign(bridge, {
      setSettings: async (): Promise<Result<SettingsView>> => {
        await new Promise<void>((r) => (release = r));
        return { ok: false, error: { code: 'file_error', message: 'refused' } };
      },
    });
    const { store } = await renderApp(bridge);
    await userEvent.setup().click(screen.getByRole('button', { name: /Settings/ }));
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save settings' });
    expect(save.disabled).toBe(false);
    // One Save for the form: it goes to the backend when something changed.
    fireEvent.change(screen.getByLabelText('Photos at the service at the same time'), {
      target: { value: '16' },
    });
    fireEvent.click(save);
    await waitFor(() => {
      expect(save.getAttribute('aria-busy')).toBe('true');
    });
    expect(save.disabled).toBe(true);
    release();
    await waitFor(() => {
      expect(save.disabled).toBe(false);
    });
    expect(save.getAttribute('aria-busy')).toBe('false');
    store.getState().stop();
  });
});
