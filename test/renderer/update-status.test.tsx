// @vitest-environment happy-dom
// The version line in the header and what automatic updates are doing, as main reports them
// (getUpdateStatus), read again when main says the app changed.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateView } from '../../common/ipc';
import { renderApp } from './render-app';
import { job, stubBridge } from './stub-bridge';

afterEach(() => {
  cleanup();
});

const OFF: UpdateView = {
  currentVersion: '0.1.0',
  phase: 'off',
  feedHost: null,
  newVersion: null,
  percent: null,
  detail: 'Automatic updates are off: no update feed is configured.',
  checkedAt: null,
};

function bridgeWith(first: UpdateView) {
  const bridge = stubBridge([job(1)]);
  let view = first;
  Object.assign(bridge, { getUpdateStatus: () => Promise.resolve({ ok: true, value: view }) });
  return {
    bridge,
    set: (next: UpdateView) => {
      view = next;
    },
  };
}

describe('the update line under the app name', () => {
  it('shows the version, and why updates are off only on hover', async () => {
    const { bridge } = bridgeWith(OFF);
    const { store } = await renderApp(bridge);
    const line = await screen.findByTestId('update-status');
    expect(line.textContent).toBe('Version 0.1.0');
    expect(line.getAttribute('title')).toBe(OFF.detail);
    store.getState().stop();
  });

  it('follows a download to "ready" when main says the app changed', async () => {
    const { bridge, set } = bridgeWith({
      ...OFF,
      phase: 'idle',
      feedHost: 'updates.example.org',
      detail: null,
    });
    const { store } = await renderApp(bridge);
    const line = await screen.findByTestId('update-status');
    expect(line.getAttribute('title')).toBe('Updates from updates.example.org');
    set({ ...OFF, phase: 'downloading', newVersion: '0.2.0', percent: 40, detail: null });
    bridge.emit({ appChanged: true });
    await waitFor(() => {
      expect(line.textContent).toBe('Version 0.1.0 · Downloading 0.2.0 (40 %)');
    });
    set({ ...OFF, phase: 'ready', newVersion: '0.2.0', percent: 100, detail: null });
    bridge.emit({ appChanged: true });
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toBe(
        ' · Update 0.2.0 ready: installed when you quit MeterDesk',
      );
    });
    set({ ...OFF, phase: 'failed', detail: 'getaddrinfo ENOTFOUND updates.example.org' });
    bridge.emit({ appChanged: true });
    await waitFor(() => {
      expect(line.textContent).toBe('Version 0.1.0 · Update check failed');
    });
    expect(line.getAttribute('title')).toBe('getaddrinfo ENOTFOUND updates.example.org');
    store.getState().stop();
  });

  it('says in the line when this installation keeps updates off, in its own words', async () => {
    const { bridge, set } = bridgeWith({ ...OFF, held: 'unsigned-mac', detail: 'English' });
    const { store } = await renderApp(bridge);
    const line = await screen.findByTestId('update-status');
    expect(line.textContent).toBe('Version 0.1.0 · Updates off until this Mac version is signed');
    expect(line.getAttribute('title')).toMatch(/Developer ID signature/);
    expect(line.hasAttribute('data-i18n-title')).toBe(false);
    set({ ...OFF, held: 'package-manager', detail: 'English' });
    bridge.emit({ appChanged: true });
    await waitFor(() => {
      expect(line.textContent).toBe('Version 0.1.0 · Updates through your package manager');
    });
    store.getState().stop();
  });
});
